// The orders' numbers on the admin dashboard (SPEC §2.3): sales today, this month and over the
// chart's days, orders by status and the latest ones. A "day" is the shop's local calendar day
// in America/Sao_Paulo; cancelled orders are not sales. Reports composes the dashboard.
import { and, count, desc, gte, inArray, or, type SQL, sql, sum } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "~/domain/dates";
import { decimalToCentavos } from "~/domain/money";
import { lastShopDays, shopDayRange, shopDayStart, shopMonthRange } from "~/domain/shop-time";
import { STATUS_PEDIDO, type StatusPedido } from "~/domain/statuses";
import { EVERY_UNIT, type UnitScope } from "~/domain/unit-scope";
import { now } from "~/platform/clock.server";
import { db, type Executor } from "~/platform/db/client.server";
import { placedIn } from "./day-figures.server";
import { orderUnitCondition } from "./scope.server";
import { pedidos } from "./tables.server";

const CHART_DAYS = 7;
/** Finished orders are counted over this many days; open ones, all of them. */
const FINISHED_DAYS = 30;
const FINISHED: StatusPedido[] = ["entregue", "retirado", "cancelado"];
const OPEN = STATUS_PEDIDO.filter((s) => !FINISHED.includes(s));
const DAY_MS = 24 * 60 * 60 * 1000;

/** The shop's calendar day of an order, 'yyyy-MM-dd' (as shopDay() reads it). */
// The zone as a literal: the same expression in select and group by, not two parameters.
const shopDayOf = sql<string>`to_char(${pedidos.createdAt} at time zone ${sql.raw(`'${SHOP_TIME_ZONE}'`)}, 'YYYY-MM-DD')`;

const RECENT_LIMIT = 5;

interface SalesDay {
  /** 'yyyy-MM-dd' in the shop's time zone. */
  day: string;
  total: number;
  pedidos: number;
}

async function salesBetween(executor: Executor, start: Date, end: Date, units?: SQL) {
  const [row] = await executor
    .select({ total: sum(pedidos.total), pedidos: count() })
    .from(pedidos)
    .where(and(placedIn(start, end), units));
  // sum() of numeric(12,2) comes back as a decimal string: to centavos without floats.
  return {
    total: row?.total ? decimalToCentavos(String(row.total)) : 0,
    pedidos: Number(row?.pedidos ?? 0),
  };
}

/** The numbers over the orders of the person's units (decision 0069). */
export async function ordersDashboard(
  at: Date = now(),
  scope: UnitScope = EVERY_UNIT,
  executor: Executor = db(),
) {
  const units = orderUnitCondition(scope);
  const today = shopDayRange(at);
  const month = shopMonthRange(at);
  const days = lastShopDays(at, CHART_DAYS);
  const chartStart = shopDayStart(days[0]!);

  const [hoje, mes, byStatusRows, recentOrders, chartRows] = await Promise.all([
    salesBetween(executor, today.start, today.end, units),
    salesBetween(executor, month.start, month.end, units),
    // Open orders are few whatever the shop's age; finished ones pile up for years, so they
    // are counted over the last FINISHED_DAYS (the status and created_at indexes, not the
    // whole table).
    executor
      .select({ status: pedidos.statusPedido, total: count() })
      .from(pedidos)
      .where(
        and(
          or(
            inArray(pedidos.statusPedido, OPEN),
            gte(pedidos.createdAt, new Date(at.getTime() - FINISHED_DAYS * DAY_MS)),
          ),
          units,
        ),
      )
      .groupBy(pedidos.statusPedido),
    executor
      .select({
        id: pedidos.id,
        numeroPedido: pedidos.numeroPedido,
        clienteNome: pedidos.clienteNome,
        total: pedidos.total,
        statusPedido: pedidos.statusPedido,
        statusPagamento: pedidos.statusPagamento,
        createdAt: pedidos.createdAt,
      })
      .from(pedidos)
      .where(units)
      .orderBy(desc(pedidos.createdAt), desc(pedidos.id))
      .limit(RECENT_LIMIT),
    // The chart's days, summed in the database over the created_at index's range.
    executor
      .select({ day: shopDayOf, total: sum(pedidos.total), pedidos: count() })
      .from(pedidos)
      .where(and(placedIn(chartStart, today.end), units))
      .groupBy(shopDayOf),
  ]);

  const porStatus = Object.fromEntries(STATUS_PEDIDO.map((s) => [s, 0])) as Record<
    StatusPedido,
    number
  >;
  for (const row of byStatusRows) porStatus[row.status] = Number(row.total);

  const chart: SalesDay[] = days.map((day) => ({ day, total: 0, pedidos: 0 }));
  const byDay = new Map(chart.map((entry) => [entry.day, entry]));
  for (const row of chartRows) {
    const entry = byDay.get(row.day);
    if (!entry) continue;
    entry.total = row.total ? decimalToCentavos(String(row.total)) : 0;
    entry.pedidos = Number(row.pedidos);
  }

  return {
    hoje,
    mes,
    porStatus,
    /** The days over which porStatus counts finished orders. */
    finalizadosDias: FINISHED_DAYS,
    pedidosRecentes: recentOrders,
    chart,
  };
}
