// Counter sales read from the point of sale's NFC-e (issue 44 point 3, decision 0089): the
// units that left a unit over the counter (venda_balcao, tied to the note's access key) and
// those that came back when the note was cancelled (venda_balcao_cancelada). The goods left
// the shop, so a sale is never refused: it may leave fewer in hand than online orders
// reserved (the reservation is kept, the fiscal module tells the staff), and never below 0
// in hand (the units the ledger did not know of are not invented: it takes what it had).
import { lineName } from "~/modules/catalog";
import { type Executor, runSql, type Tx } from "~/platform/db/client.server";
import { receiveStock } from "./receive.server";
import { KEYED_MOVEMENT, runForLines, type StockLine } from "./stock.server";

export interface CounterMovement {
  unidadeId: string;
  /** "Venda balcão NFC-e 123", "Cancelamento NFC-e 123". */
  motivo: string;
  chaveAcesso: string;
}

/** What one variant's line did at the unit. */
export interface CounterFigures {
  /** Units that left the ledger (≤ asked: never below 0 in hand). */
  baixado: number;
  emMaos: number;
  reservado: number;
}

interface CounterRow {
  variante_id: string;
  baixado: number;
  em_maos: number;
  reservado: number;
}

/**
 * Takes each line's units out of hand at the unit, one movement per variant, in one statement
 * (rows locked in variant id order). Returns what each took; a variant the unit never
 * had takes nothing.
 */
export async function sellAtCounter(
  tx: Tx,
  sale: CounterMovement,
  lines: StockLine[],
  at: Date,
): Promise<Map<string, CounterFigures>> {
  const { rows } = await runForLines<CounterRow>(
    tx,
    lines,
    `locked as (
       select e.variante_id, e.em_maos from estoque e join l using (variante_id)
       where e.unidade_id = $3 order by e.variante_id for update of e
     ), r as (
       update estoque e set em_maos = e.em_maos - least(l.q, locked.em_maos), updated_at = $4
       from l join locked using (variante_id)
       where e.variante_id = l.variante_id and e.unidade_id = $3
       returning e.variante_id, least(l.q, locked.em_maos) as baixado, e.em_maos, e.reservado
     ), m as (
       ${KEYED_MOVEMENT}
       select variante_id, $3, 'venda_balcao', -baixado, 0, em_maos, reservado, $5, null, $6, $4
       from r where baixado > 0
     )
     select variante_id, baixado, em_maos, reservado from r`,
    [sale.unidadeId, at, sale.motivo, sale.chaveAcesso],
    "estoque_balcao",
  );
  return new Map(
    rows.map((r) => [
      r.variante_id,
      { baixado: Number(r.baixado), emMaos: r.em_maos, reservado: r.reservado },
    ]),
  );
}

/**
 * Puts back what a cancelled counter sale took (venda_balcao_cancelada): units arriving at the
 * unit like any entry, and said so.
 */
export async function returnCounterSale(
  tx: Tx,
  sale: CounterMovement,
  lines: StockLine[],
  at: Date,
): Promise<void> {
  await receiveStock(
    tx,
    { ...sale, tipo: "venda_balcao_cancelada", usuarioEmail: null },
    lines,
    at,
  );
}

/** A variant at a unit with fewer units in hand than online orders reserved. */
export interface ShortReservation {
  varianteId: string;
  unidadeId: string;
  unidade: string;
  nome: string;
  emMaos: number;
  reservado: number;
}

/**
 * Every variant of these units (null: all) whose reservations exceed what is in hand, or
 * only these variants: what a counter sale left at risk, until the staff hand over,
 * transfer, receive or release.
 */
export async function shortReservations(
  executor: Executor,
  unidades: readonly string[] | null,
  varianteIds?: readonly string[],
): Promise<ShortReservation[]> {
  const rows = await runSql<{
    variante_id: string;
    unidade_id: string;
    unidade: string;
    nome: string;
    rotulo: string;
    em_maos: number;
    reservado: number;
  }>(
    executor,
    `select e.variante_id, e.unidade_id, u.nome as unidade, p.nome, v.rotulo, e.em_maos,
       e.reservado
     from estoque e join variantes v on v.id = e.variante_id
     join produtos p on p.id = v.produto_id join unidades u on u.id = e.unidade_id
     where e.reservado > e.em_maos
       and ($1::uuid[] is null or e.unidade_id = any($1::uuid[]))
       and ($2::uuid[] is null or e.variante_id = any($2::uuid[]))
     order by u.nome, p.nome, v.rotulo limit 200`,
    [unidades ? [...unidades] : null, varianteIds ? [...varianteIds] : null],
    "estoque_reserva_em_risco",
  );
  return rows.map((r) => ({
    varianteId: r.variante_id,
    unidadeId: r.unidade_id,
    unidade: r.unidade,
    nome: lineName(r.nome, r.rotulo),
    emMaos: r.em_maos,
    reservado: r.reservado,
  }));
}
