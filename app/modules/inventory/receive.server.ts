// Goods received at a unit (issue 44 point 2, decision 0084): units that arrive with a
// supplier's NF-e (entrada_nf, tied to its access key) or without one (entrada_avulsa, with
// its reason). Inventory writes its own tables; the fiscal module and the stock screen call
// here inside their transaction.
import type { Tx } from "~/platform/db/client.server";
import { unitsArrived } from "./arrivals.server";
import { KEYED_MOVEMENT, runForLines, type StockLine } from "./stock.server";

export interface StockEntry {
  unidadeId: string;
  /** A cancelled counter sale's units come back like an entry (counter.server.ts). */
  tipo: "entrada_nf" | "entrada_avulsa" | "venda_balcao_cancelada";
  /** "Entrada NF 4512 — Fornecedor X", or the person's reason. */
  motivo: string;
  chaveAcesso?: string | null;
  usuarioEmail: string | null;
}

/** What a variant had before an entry: at every unit (the average cost weighs it) and here. */
export interface ReceivedFigures {
  emMaosTodasAntes: number;
  emMaosDepois: number;
}

interface ReceivedRow {
  variante_id: string;
  em_maos: number;
  todas_antes: number;
}

/**
 * Adds each line's units in hand at the unit (rows made when missing, touched in variant id
 * order), one movement per variant, in one statement however long the note (a 500-item note
 * holds the embedded database for one statement, not 1,000), and tells the others once that
 * units arrived.
 */
export async function receiveStock(
  tx: Tx,
  entry: StockEntry,
  lines: StockLine[],
  at: Date,
): Promise<Map<string, ReceivedFigures>> {
  // Every CTE reads the snapshot from before the insert: `antes` is what there was.
  const { summed, rows } = await runForLines<ReceivedRow>(
    tx,
    lines,
    `antes as (
       select e.variante_id, sum(e.em_maos)::int as n from estoque e
       where e.variante_id = any($1::uuid[]) group by e.variante_id
     ), r as (
       insert into estoque as e (variante_id, unidade_id, em_maos, reservado, updated_at)
       select variante_id, $3, q, 0, $4 from l order by variante_id
       on conflict (variante_id, unidade_id) do update
         set em_maos = e.em_maos + excluded.em_maos, updated_at = excluded.updated_at
       returning e.variante_id, e.em_maos, e.reservado
     ), m as (
       ${KEYED_MOVEMENT}
       select r.variante_id, $3, $5, l.q, 0, r.em_maos, r.reservado, $6, $7, $8, $4
       from r join l using (variante_id)
     )
     select r.variante_id, r.em_maos, coalesce(antes.n, 0)::int as todas_antes
     from r left join antes using (variante_id)`,
    [entry.unidadeId, at, entry.tipo, entry.motivo, entry.usuarioEmail, entry.chaveAcesso ?? null],
    "estoque_entrada",
  );
  if (summed.length === 0) return new Map();
  await unitsArrived(tx, {
    unidadeId: entry.unidadeId,
    varianteIds: summed.map((l) => l.varianteId),
    quantidade: summed.reduce((n, l) => n + l.quantidade, 0),
  });
  return new Map(
    rows.map((r) => [r.variante_id, { emMaosTodasAntes: r.todas_antes, emMaosDepois: r.em_maos }]),
  );
}
