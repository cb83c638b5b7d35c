// Stock per variant per unit (decision 0026), the one owner of `estoque` and its ledger
// `movimentos_estoque`: every change is one conditional statement that also writes its
// movement, inside the caller's transaction. Rows are always touched in variant id order,
// so two moves never deadlock.
//
// An order's units go: reserved at checkout → released (cancelled before hand-over) or sold
// (handed over: in hand and reserved both drop at the order's unit) → returned (cancelled
// after hand-over, when the staff say so). Orders keep where they are (estoque_situacao)
// so each step happens once.

import { lineName } from "~/modules/catalog";
import { defaultUnitId, listUnits } from "~/modules/shop/index.server";
import { AdminError } from "~/platform/admin/actor.server";
import { runSql, type Tx } from "~/platform/db/client.server";
import { unitsArrived } from "./arrivals.server";
import type { TipoMovimento } from "./tables.server";

/** One line of an order as stock sees it. */
export interface StockLine {
  varianteId: string;
  quantidade: number;
}

/** Sums repeated lines of the same variant, in variant id order. */
export function sumLines(lines: StockLine[]): StockLine[] {
  const sums = new Map<string, number>();
  for (const line of lines) {
    sums.set(line.varianteId, (sums.get(line.varianteId) ?? 0) + line.quantidade);
  }
  return [...sums.keys()].sort().map((varianteId) => ({
    varianteId,
    quantidade: sums.get(varianteId)!,
  }));
}

/** What was reserved of one variant, with its names and prices as read under the row lock. */
export interface ReservedLine {
  varianteId: string;
  produtoId: string;
  sku: string;
  produtoNome: string;
  rotulo: string;
  /** Prices as PostgreSQL's numeric text (reais). */
  preco: string;
  precoAntes: string | null;
  quantidade: number;
}

/** A variant that has fewer units than asked for at the unit. */
export interface ShortItem {
  varianteId: string;
  nome: string;
  disponivel: number;
  pedido: number;
}

export type ReserveResult =
  | { ok: true; reserved: ReservedLine[] }
  | { ok: false; unavailable: { varianteId: string; nome: string }[]; short: ShortItem[] };

/**
 * Runs one statement for every line with units (summed per variant, in variant id order):
 * `ctes` follow the CTE `l` (variante_id, q) of those lines, which come as $1 (ids) and $2
 * (quantities), with `values` from $3 on. No such line, no statement. Gives back the lines it
 * ran for and the statement's rows.
 */
export async function runForLines<Row>(
  tx: Tx,
  lines: StockLine[],
  ctes: string,
  values: unknown[],
  name: string,
): Promise<{ summed: StockLine[]; rows: Row[] }> {
  const summed = sumLines(lines).filter((l) => l.quantidade > 0);
  if (summed.length === 0) return { summed, rows: [] };
  const ids = summed.map((l) => l.varianteId);
  const quantities = summed.map((l) => l.quantidade);
  const text = `with l as (
       select * from unnest($1::uuid[], $2::int[]) as t(variante_id, q)
     ), ${ctes}`;
  const rows = await runSql<Row>(tx, text, [ids, quantities, ...values], name);
  return { summed, rows };
}

/** The ledger's insert for a movement tied to a supplier's note (or none) instead of an order. */
export const KEYED_MOVEMENT = `insert into movimentos_estoque
         (variante_id, unidade_id, tipo, delta_em_maos, delta_reservado, em_maos_depois,
          reservado_depois, motivo, usuario_email, chave_acesso, created_at)`;

const MOVEMENT = `insert into movimentos_estoque
  (variante_id, unidade_id, tipo, delta_em_maos, delta_reservado, em_maos_depois,
   reservado_depois, pedido_id, motivo, usuario_email, created_at)`;

/**
 * Reserves when the variant is on sale and the unit has it available, writing the movement;
 * its facts, or no row. A function (migration 0010): its plan is kept for the session.
 */
const RESERVE = "select * from agropet_reserva_estoque($1, $2, $3, $4, $5)";

/**
 * Reserves every line at the unit, each only where it suffices and the variant is on sale.
 * When any falls short or is off sale the result says which; the caller rolls its
 * transaction (or savepoint) back, so nothing is reserved.
 */
export async function reserveStock(
  tx: Tx,
  unidadeId: string,
  lines: StockLine[],
  pedidoId: string,
  at: Date,
): Promise<ReserveResult> {
  const reserved: ReservedLine[] = [];
  const failed: string[] = [];
  for (const { varianteId, quantidade } of sumLines(lines)) {
    const [row] = await runSql<{
      produto_id: string;
      sku: string;
      rotulo: string;
      preco: string;
      preco_antes: string | null;
      nome: string;
    }>(tx, RESERVE, [quantidade, at, varianteId, unidadeId, pedidoId], "estoque_reserva");
    if (!row) {
      failed.push(varianteId);
      continue;
    }
    reserved.push({
      varianteId,
      produtoId: row.produto_id,
      sku: row.sku,
      produtoNome: row.nome,
      rotulo: row.rotulo,
      preco: row.preco,
      precoAntes: row.preco_antes,
      quantidade,
    });
  }
  if (failed.length === 0) return { ok: true, reserved };
  return { ok: false, ...(await whyNotReserved(tx, unidadeId, lines, failed)) };
}

/** Reads why the failed lines could not be reserved: off sale, or how many are left. */
async function whyNotReserved(tx: Tx, unidadeId: string, lines: StockLine[], failed: string[]) {
  const wanted = new Map(sumLines(lines).map((l) => [l.varianteId, l.quantidade]));
  const rows = await runSql<{
    id: string;
    nome: string;
    rotulo: string;
    on_sale: boolean;
    disponivel: number | null;
  }>(
    tx,
    `select v.id, p.nome, v.rotulo, (v.ativo and p.ativo and p.excluido_em is null) as on_sale,
       e.disponivel
     from variantes v join produtos p on p.id = v.produto_id
     left join estoque e on e.variante_id = v.id and e.unidade_id = $2
     where v.id = any($1::uuid[])`,
    [failed, unidadeId],
    "estoque_falta",
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unavailable: { varianteId: string; nome: string }[] = [];
  const short: ShortItem[] = [];
  for (const varianteId of failed) {
    const row = byId.get(varianteId);
    const nome = row ? lineName(row.nome, row.rotulo) : "Produto";
    if (!row?.on_sale) unavailable.push({ varianteId, nome });
    else {
      short.push({
        varianteId,
        nome,
        disponivel: Math.max(0, row.disponivel ?? 0),
        pedido: wanted.get(varianteId) ?? 0,
      });
    }
  }
  return { unavailable, short };
}

/** How an order's units move after the reservation. */
export type OrderMove = "liberacao" | "venda" | "cancelamento";

const ORDER_MOVES: Record<OrderMove, { emMaos: -1 | 0 | 1; reservado: -1 | 0 }> = {
  // cancelled before hand-over: the reservation goes, the units stay in hand
  liberacao: { emMaos: 0, reservado: -1 },
  // handed over: out of hand and out of the reservation, at the unit that held it
  venda: { emMaos: -1, reservado: -1 },
  // cancelled or returned after hand-over, back to the shelf
  cancelamento: { emMaos: 1, reservado: 0 },
};

/**
 * Moves an order's lines at its unit. The order's row lock and its estoque_situacao make
 * the caller run each move once; the CHECK on estoque refuses a reservation below 0.
 */
export async function moveOrderStock(
  tx: Tx,
  move: OrderMove,
  order: { id: string; unidadeId: string },
  lines: StockLine[],
  at: Date,
): Promise<void> {
  const { emMaos, reservado } = ORDER_MOVES[move];
  for (const { varianteId, quantidade } of sumLines(lines)) {
    const dReservado = reservado * quantidade;
    // A hand-over takes what the ledger has, never below 0: after a counter sale took units
    // this order had reserved (decision 0089), handing it over is what the staff saw happen.
    let dEmMaos = emMaos * quantidade;
    if (move === "venda") {
      const [row] = await runSql<{ em_maos: number }>(
        tx,
        "select em_maos from estoque where variante_id = $1 and unidade_id = $2 for update",
        [varianteId, order.unidadeId],
        "estoque_pedido_trava",
      );
      dEmMaos = -Math.min(quantidade, row?.em_maos ?? 0);
    }
    await addToStock(
      tx,
      {
        varianteId,
        unidadeId: order.unidadeId,
        emMaos: dEmMaos,
        reservado: dReservado,
        tipo: move,
        pedidoId: order.id,
      },
      at,
      "estoque_pedido",
    );
  }
}

/**
 * Adds to a variant's units in hand and reserved at a unit (its row made when missing, never
 * below 0 in hand) and writes the movement with the figures after it: an order's move, a
 * transfer's way out or in.
 */
export async function addToStock(
  tx: Tx,
  m: {
    varianteId: string;
    unidadeId: string;
    emMaos: number;
    reservado: number;
    tipo: TipoMovimento;
    pedidoId?: string | null;
    motivo?: string | null;
    usuarioEmail?: string | null;
    transferenciaId?: string | null;
  },
  at: Date,
  statementName?: string,
): Promise<void> {
  await runSql(
    tx,
    `with r as (
       insert into estoque as e (variante_id, unidade_id, em_maos, reservado, updated_at)
       values ($1, $2, greatest($3::int, 0), 0, $5)
       on conflict (variante_id, unidade_id) do update
         set em_maos = e.em_maos + $3, reservado = e.reservado + $4, updated_at = $5
       returning em_maos, reservado
     )
     insert into movimentos_estoque
       (variante_id, unidade_id, tipo, delta_em_maos, delta_reservado, em_maos_depois,
        reservado_depois, pedido_id, motivo, usuario_email, transferencia_id, created_at)
     select $1, $2, $6, $3, $4, em_maos, reservado, $7, $8, $9, $10, $5 from r`,
    [
      m.varianteId,
      m.unidadeId,
      m.emMaos,
      m.reservado,
      at,
      m.tipo,
      m.pedidoId ?? null,
      m.motivo ?? null,
      m.usuarioEmail ?? null,
      m.transferenciaId ?? null,
    ],
    statementName,
  );
}

export type StockChangeResult =
  | { ok: true; emMaos: number; reservado: number }
  | { ok: false; reservado: number };

/**
 * Sets the units in hand of a variant at a unit (a count, an import), writing the
 * difference to the ledger. Refused below what is reserved for placed orders.
 */
export async function setStockInHand(
  tx: Tx,
  change: {
    varianteId: string;
    unidadeId: string;
    emMaos: number;
    tipo: Extract<TipoMovimento, "ajuste" | "importacao">;
    motivo?: string | null;
    usuarioEmail?: string | null;
  },
  at: Date = new Date(),
): Promise<StockChangeResult> {
  const [current] = await runSql<{ em_maos: number; reservado: number }>(
    tx,
    `insert into estoque (variante_id, unidade_id) values ($1, $2)
     on conflict (variante_id, unidade_id) do update set variante_id = excluded.variante_id
     returning em_maos, reservado`,
    [change.varianteId, change.unidadeId],
    "estoque_trava",
  );
  const { em_maos: before, reservado } = current!;
  if (change.emMaos < reservado) return { ok: false, reservado };
  if (change.emMaos === before) return { ok: true, emMaos: before, reservado };
  await runSql(
    tx,
    `with r as (
       update estoque set em_maos = $3, updated_at = $4
       where variante_id = $1 and unidade_id = $2 returning em_maos, reservado
     )
     ${MOVEMENT} select $1, $2, $5, $3 - $6::int, 0, em_maos, reservado, null, $7, $8, $4 from r`,
    [
      change.varianteId,
      change.unidadeId,
      change.emMaos,
      at,
      change.tipo,
      before,
      change.motivo ?? null,
      change.usuarioEmail ?? null,
    ],
    "estoque_ajuste",
  );
  // A count by hand that found more (not the import, which sets a whole catalogue's figures).
  if (change.tipo === "ajuste") {
    await unitsArrived(tx, {
      varianteIds: [change.varianteId],
      unidadeId: change.unidadeId,
      quantidade: change.emMaos - before,
    });
  }
  return { ok: true, emMaos: change.emMaos, reservado };
}

/**
 * The product form's stock field: the units in hand of a one-variant product at the default
 * unit, written as an 'ajuste' (a callback for catalog's product writes).
 */
export function productFormStock(emMaos: number, usuarioEmail: string | null) {
  return async (tx: Tx, varianteId: string): Promise<void> => {
    const unidadeId = await defaultUnitId(tx);
    if (!unidadeId) return;
    const result = await setStockInHand(tx, {
      varianteId,
      unidadeId,
      emMaos,
      tipo: "ajuste",
      motivo: "Cadastro do produto",
      usuarioEmail,
    });
    if (!result.ok) {
      throw new StockBelowReserved(result.reservado);
    }
  };
}

/** Units in hand set below what placed orders reserve. */
export class StockBelowReserved extends Error {
  constructor(readonly reservado: number) {
    super(`Não é possível deixar menos que o reservado para pedidos (${reservado})`);
  }
}

/** One figure of a grid of variants: the units in hand of a variant at a unit. */
export interface VariantStockValue {
  varianteId: string;
  unidadeId: string;
  emMaos: number;
}

/**
 * Sets the units in hand of many variants at many units (the admin's Variações grid), each
 * an 'ajuste' in the ledger when it changed. A value below what placed orders reserve is
 * refused with the variant and the unit named; the caller's transaction then rolls back.
 */
export async function writeVariantStock(
  tx: Tx,
  rows: VariantStockValue[],
  usuarioEmail: string | null,
  motivo: string,
  at: Date = new Date(),
): Promise<void> {
  const sorted = [...rows].sort(
    (a, b) => a.varianteId.localeCompare(b.varianteId) || a.unidadeId.localeCompare(b.unidadeId),
  );
  const units = new Map((await listUnits(tx)).map((u) => [u.id, u.nome]));
  for (const row of sorted) {
    if (!units.has(row.unidadeId)) throw new AdminError("Unidade não encontrada");
    const result = await setStockInHand(tx, { ...row, tipo: "ajuste", motivo, usuarioEmail }, at);
    if (!result.ok) {
      const [names] = await runSql<{ rotulo: string; sku: string }>(
        tx,
        "select v.rotulo, v.sku from variantes v where v.id = $1",
        [row.varianteId],
        "estoque_nomes",
      );
      const variante = names?.rotulo || names?.sku || "";
      throw new AdminError(
        `Variação ${variante}: não é possível deixar menos que o reservado (${result.reservado}) na unidade ${units.get(row.unidadeId) ?? ""}`,
      );
    }
  }
}
