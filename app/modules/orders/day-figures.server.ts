// The orders' side of the day close and of the dashboard's "Pedidos" (issue 43 points 4 and 5,
// decision 0079): which unit an order belongs to (an online charge counts at its order's unit)
// and what was placed per unit over a span. Cancelled orders are not placed orders.
import { and, count, gte, inArray, lt, ne, type SQL, sql, sum } from "drizzle-orm";
import { decimalToCentavos } from "~/domain/money";
import { EVERY_UNIT, type UnitScope } from "~/domain/unit-scope";
import { db, type Executor, runSql } from "~/platform/db/client.server";
import { readByKeys } from "~/platform/db/keys.server";
import { orderUnitCondition } from "./scope.server";
import { pedidos } from "./tables.server";

/** Number and unit of each of these orders (an order with no unit: null). */
export async function orderUnitsOf(
  ids: readonly string[],
  executor: Executor = db(),
): Promise<
  Map<string, { numeroPedido: string; unidadeId: string | null; compraProgramada: boolean }>
> {
  const rows = await readByKeys(ids, (wanted) =>
    executor
      .select({
        id: pedidos.id,
        numeroPedido: pedidos.numeroPedido,
        unidadeId: pedidos.unidadeId,
        compraProgramada: pedidos.compraProgramada,
      })
      .from(pedidos)
      .where(inArray(pedidos.id, wanted)),
  );
  return new Map(rows.map(({ id, ...r }) => [id, r]));
}

/** The orders placed in [start, end): what the figures count (a cancelled order is none). */
export function placedIn(start: Date, end: Date): SQL | undefined {
  return and(
    gte(pedidos.createdAt, start),
    lt(pedidos.createdAt, end),
    ne(pedidos.statusPedido, "cancelado"),
  );
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
    .where(and(placedIn(start, end), orderUnitCondition(scope)))
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

/**
 * The orders still holding reserved units of these variants at a unit (not handed over nor
 * released), oldest first: the orders a counter sale put at risk (decision 0089).
 */
export async function ordersHoldingStock(
  executor: Executor,
  unidadeId: string,
  varianteIds: readonly string[],
): Promise<{ pedidoId: string; numeroPedido: string; varianteId: string; quantidade: number }[]> {
  if (varianteIds.length === 0) return [];
  const rows = await runSql<{
    pedido_id: string;
    numero_pedido: string;
    variante_id: string;
    quantidade: number;
  }>(
    executor,
    `select p.id as pedido_id, p.numero_pedido, i.variante_id, sum(i.quantidade)::int as quantidade
     from pedidos p join itens_pedido i on i.pedido_id = p.id
     where p.unidade_id = $1 and p.estoque_situacao = 'reservado'
       and i.variante_id = any($2::uuid[])
     group by p.id, p.numero_pedido, i.variante_id, p.created_at
     order by p.created_at, p.numero_pedido`,
    [unidadeId, [...new Set(varianteIds)]],
  );
  return rows.map((r) => ({
    pedidoId: r.pedido_id,
    numeroPedido: r.numero_pedido,
    varianteId: r.variante_id,
    quantidade: Number(r.quantidade),
  }));
}
