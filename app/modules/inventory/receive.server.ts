// Goods received at a unit (issue 44 point 2, decision 0084): units that arrive with a
// supplier's NF-e (entrada_nf, tied to its access key) or without one (entrada_avulsa, with
// its reason). Inventory writes its own tables; the fiscal module and the stock screen call
// here inside their transaction.
import { runSql, type Tx } from "~/platform/db/client.server";
import { unitsArrived } from "./arrivals.server";
import { type StockLine, sumLines } from "./stock.server";

export interface StockEntry {
  unidadeId: string;
  tipo: "entrada_nf" | "entrada_avulsa";
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

/**
 * Adds each line's units in hand at the unit (rows made when missing, touched in variant id
 * order), one movement per variant, and tells the others units arrived.
 */
export async function receiveStock(
  tx: Tx,
  entry: StockEntry,
  lines: StockLine[],
  at: Date,
): Promise<Map<string, ReceivedFigures>> {
  const out = new Map<string, ReceivedFigures>();
  for (const { varianteId, quantidade } of sumLines(lines)) {
    if (quantidade <= 0) continue;
    const [row] = await runSql<{ em_maos: number; todas_antes: number }>(
      tx,
      `with antes as (
         select coalesce(sum(em_maos), 0)::int as n from estoque where variante_id = $1
       ), r as (
         insert into estoque as e (variante_id, unidade_id, em_maos, reservado, updated_at)
         values ($1, $2, $3, 0, $4)
         on conflict (variante_id, unidade_id) do update
           set em_maos = e.em_maos + $3, updated_at = $4
         returning em_maos, reservado
       ), m as (
         insert into movimentos_estoque
           (variante_id, unidade_id, tipo, delta_em_maos, delta_reservado, em_maos_depois,
            reservado_depois, motivo, usuario_email, chave_acesso, created_at)
         select $1, $2, $5, $3, 0, em_maos, reservado, $6, $7, $8, $4 from r
       )
       select r.em_maos, antes.n as todas_antes from r, antes`,
      [
        varianteId,
        entry.unidadeId,
        quantidade,
        at,
        entry.tipo,
        entry.motivo,
        entry.usuarioEmail,
        entry.chaveAcesso ?? null,
      ],
      "estoque_entrada",
    );
    out.set(varianteId, { emMaosTodasAntes: row!.todas_antes, emMaosDepois: row!.em_maos });
    await unitsArrived(tx, { varianteId, unidadeId: entry.unidadeId, quantidade });
  }
  return out;
}
