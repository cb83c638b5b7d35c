// The orders' side of the day close and of the dashboard's "Pedidos" (issue 43 points 4 and 5,
// decision 0079): which unit an order belongs to (an online charge counts at its order's unit)
// and what was placed per unit over a span. Cancelled orders are not placed orders.
import { and, count, gte, inArray, lt, ne, sql, sum } from "drizzle-orm";
import { decimalToCentavos } from "~/domain/money";
import { EVERY_UNIT, type UnitScope } from "~/domain/unit-scope";
import { db, type Executor } from "~/platform/db/client.server";
import { orderUnitCondition } from "./scope.server";
import { pedidos } from "./tables.server";

/** Number and unit of each of these orders (an order with no unit: null). */
export async function orderUnitsOf(
  ids: readonly string[],
  executor: Executor = db(),
): Promise<
  Map<string, { numeroPedido: string; unidadeId: string | null; compraProgramada: boolean }>
> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await executor
    .select({
      id: pedidos.id,
      numeroPedido: pedidos.numeroPedido,
      unidadeId: pedidos.unidadeId,
      compraProgramada: pedidos.compraProgramada,
    })
    .from(pedidos)
    .where(inArray(pedidos.id, wanted));
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/**
 * Orders placed in [start, end) per unit of the scope: count and value, cancelled left out, and
 * of them the renewals of a "compra programada" (issue 45 point 4: its revenue apart).
 */
export async function placedByUnit(
  start: Date,
  end: Date,
  scope: UnitScope = EVERY_UNIT,
  executor: Executor = db(),
): Promise<
  {
    unidadeId: string | null;
    pedidos: number;
    total: number;
    programadas: { pedidos: number; total: number };
  }[]
> {
  const programada = sql`${pedidos.compraProgramada}`;
  const rows = await executor
    .select({
      unidadeId: pedidos.unidadeId,
      pedidos: count(),
      total: sum(pedidos.total),
      programadas: sql<number>`count(*) filter (where ${programada})`,
      totalProgramadas: sql<string | null>`sum(${pedidos.total}) filter (where ${programada})`,
    })
    .from(pedidos)
    .where(
      and(
        gte(pedidos.createdAt, start),
        lt(pedidos.createdAt, end),
        ne(pedidos.statusPedido, "cancelado"),
        orderUnitCondition(scope),
      ),
    )
    .groupBy(pedidos.unidadeId);
  return rows.map((r) => ({
    unidadeId: r.unidadeId,
    pedidos: Number(r.pedidos),
    total: r.total ? decimalToCentavos(String(r.total)) : 0,
    programadas: {
      pedidos: Number(r.programadas),
      total: r.totalProgramadas ? decimalToCentavos(String(r.totalProgramadas)) : 0,
    },
  }));
}
