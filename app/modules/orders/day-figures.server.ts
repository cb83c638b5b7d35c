// The orders' side of the day close and of the dashboard's "Pedidos" (issue 43 points 4 and 5,
// decision 0079): which unit an order belongs to (an online charge counts at its order's unit)
// and what was placed per unit over a span. Cancelled orders are not placed orders.
import { and, count, gte, inArray, lt, ne, type SQL, sum } from "drizzle-orm";
import { decimalToCentavos } from "~/domain/money";
import { EVERY_UNIT, type UnitScope } from "~/domain/unit-scope";
import { db, type Executor } from "~/platform/db/client.server";
import { orderUnitCondition } from "./scope.server";
import { pedidos } from "./tables.server";

/** Number and unit of each of these orders (an order with no unit: null). */
export async function orderUnitsOf(
  ids: readonly string[],
  executor: Executor = db(),
): Promise<Map<string, { numeroPedido: string; unidadeId: string | null }>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await executor
    .select({ id: pedidos.id, numeroPedido: pedidos.numeroPedido, unidadeId: pedidos.unidadeId })
    .from(pedidos)
    .where(inArray(pedidos.id, wanted));
  return new Map(rows.map((r) => [r.id, { numeroPedido: r.numeroPedido, unidadeId: r.unidadeId }]));
}

/** The orders placed in [start, end): what the figures count (a cancelled order is none). */
export function placedIn(start: Date, end: Date): SQL | undefined {
  return and(
    gte(pedidos.createdAt, start),
    lt(pedidos.createdAt, end),
    ne(pedidos.statusPedido, "cancelado"),
  );
}

/** Orders placed in [start, end) per unit of the scope: count and value, cancelled left out. */
export async function placedByUnit(
  start: Date,
  end: Date,
  scope: UnitScope = EVERY_UNIT,
  executor: Executor = db(),
): Promise<{ unidadeId: string | null; pedidos: number; total: number }[]> {
  const rows = await executor
    .select({ unidadeId: pedidos.unidadeId, pedidos: count(), total: sum(pedidos.total) })
    .from(pedidos)
    .where(and(placedIn(start, end), orderUnitCondition(scope)))
    .groupBy(pedidos.unidadeId);
  return rows.map((r) => ({
    unidadeId: r.unidadeId,
    pedidos: Number(r.pedidos),
    total: r.total ? decimalToCentavos(String(r.total)) : 0,
  }));
}
