// Reading orders: the customer's order (only with its link's secret), the staff's list
// with items and online charge, and the store hub's figures.
import { and, asc, count, desc, eq, inArray, like, or, sql } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "~/domain/dates";
import { decimalToCentavos } from "~/domain/money";
import type { ModoPedido, StatusPagamento, StatusPedido } from "~/domain/statuses";
import { EVERY_UNIT, type UnitScope } from "~/domain/unit-scope";
import { activeProductCount, stockCounts } from "~/modules/catalog/index.server";
import { type Cobranca, chargesOfOrders } from "~/modules/payments/index.server";
import { getUnit, type Unidade } from "~/modules/shop/index.server";
import { db, type Executor, queryRows } from "~/platform/db/client.server";
import { sameSecret } from "~/platform/secret.server";
import { type OrderHistoryEntry, orderHistories } from "./history.server";
import { parseOrderSearch } from "./order-search";
import { orderUnitCondition } from "./scope.server";
import {
  type ItemPedido,
  itensPedido,
  orderSearchText,
  type Pedido,
  pedidos,
} from "./tables.server";
import { hashToken, orderLookupToken } from "./token.server";

/** The customer's view of an order: only with the secret token of its link. */
export async function getCustomerOrder(
  numero: string,
  token: string | null | undefined,
  executor: Executor = db(),
): Promise<{
  pedido: Pedido;
  itens: ItemPedido[];
  unidade: Unidade | null;
  /** "link": the order's own secret link; "consulta": reached by number and phone. */
  acesso: "link" | "consulta";
} | null> {
  if (!token || token.length > 200 || numero.length > 40) return null;
  const [pedido] = await executor.select().from(pedidos).where(eq(pedidos.numeroPedido, numero));
  if (!pedido) return null;
  const acesso = sameSecret(pedido.tokenHash, hashToken(token))
    ? "link"
    : pedido.idempotencyKey && sameSecret(orderLookupToken(pedido.idempotencyKey), token)
      ? "consulta"
      : null;
  if (!acesso) return null;
  const unidade = pedido.unidadeId ? await getUnit(pedido.unidadeId, executor) : null;
  return { ...(await withItems(pedido, executor)), unidade: unidade ?? null, acesso };
}

/** An order with its items, in the order the customer sees them. */
export async function withItems(pedido: Pedido, executor: Executor = db()) {
  const itens = await executor
    .select()
    .from(itensPedido)
    .where(eq(itensPedido.pedidoId, pedido.id))
    .orderBy(asc(itensPedido.produtoNome));
  return { pedido, itens };
}

const ORDERS_PAGE_SIZE = 30;
/**
 * The list counts up to this many orders and says "mais de" past it: a count over ten
 * years of orders would grow with them (docs/decisions/0033-custos-em-escala.md).
 */
const ORDERS_COUNT_LIMIT = 10_000;

/** What the orders view shows of an online charge: no QR code, no idempotency key. */
type AdminCobranca = Pick<
  Cobranca,
  | "id"
  | "provedor"
  | "externoId"
  | "status"
  | "statusProvedor"
  | "pagoEm"
  | "reembolsadoEm"
  | "meio"
  | "parcelas"
  | "valor"
  | "valorReembolsado"
  | "contestadaEm"
>;

export type AdminOrder = Omit<Pedido, "tokenHash" | "idempotencyKey"> & {
  /** Where the list goes on from this order (exact to the microsecond: ?antes= / ?depois=). */
  cursor: string;
  itens: ItemPedido[];
  /** The order's newest online charge (automatic Pix), if it has one. */
  cobranca: AdminCobranca | null;
  /** Each change, who made it (issue 41 point 5). */
  historico: OrderHistoryEntry[];
};

/** The filters of the staff's order list (/admin/loja?view=pedidos). */
export interface AdminOrderFilters {
  /** The units of the person asking (decision 0069): never more than these. */
  scope: UnitScope;
  status?: StatusPedido;
  pagamento?: StatusPagamento;
  unidadeId?: string;
  modo?: ModoPedido;
  /**
   * Pick-up orders still waiting for the customer (novo, em preparo, pronto para retirada)
   * since more than this many days: counted from when they were ready, or from when they were
   * placed if never marked ready.
   */
  naoRetiradosDias?: number;
  /** The search box: an order number, a name, a phone or a pick-up code (order-search.ts). */
  busca?: string;
  /** The page number shown (it follows the cursor links). */
  page?: number;
  /**
   * Keyset pagination: the orders older than the order of this cursor (the next page), or
   * newer (the previous page). Without one, the newest orders.
   */
  antes?: string;
  depois?: string;
}

/** An order's place in the list, newest first: its created_at (to the µs) and id. */
const CURSOR =
  /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

const cursorOf = sql<string>`to_char(${pedidos.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${pedidos.id}`;

/** The statuses of a pick-up order the customer has not collected yet. */
const WAITING_PICK_UP: StatusPedido[] = ["novo", "preparo", "pronto_retirada"];

const DAY_MS = 24 * 60 * 60 * 1000;

/** The search box as a condition over the orders' search index (migration 0020). */
function searchCondition(text: string | undefined) {
  const search = parseOrderSearch(text);
  if (!search) return undefined;
  const haystack = orderSearchText(pedidos);
  if ("words" in search) {
    return and(...search.words.map((w) => like(haystack, `%${w}%`)));
  }
  const { digits } = search;
  // Four digits or fewer: the pick-up code, or the end of a phone ("final 0416").
  if (digits.length <= 4) {
    return or(
      digits.length === 4 ? eq(pedidos.codigoRetirada, digits) : undefined,
      like(haystack, `%${digits}`),
    );
  }
  // Longer: part of an order number or of a phone, as typed or with the country code.
  const national = digits.length >= 12 && digits.startsWith("55") ? digits.slice(2) : digits;
  return or(like(haystack, `%${digits}%`), like(haystack, `%${national}%`));
}

/** The list's filters as a condition: the list and its export (export.server.ts) share it. */
export function adminOrdersWhere(filters: AdminOrderFilters, now = Date.now()) {
  const dias = filters.naoRetiradosDias;
  return and(
    searchCondition(filters.busca),
    filters.status ? eq(pedidos.statusPedido, filters.status) : undefined,
    filters.pagamento ? eq(pedidos.statusPagamento, filters.pagamento) : undefined,
    orderUnitCondition(filters.scope, filters.unidadeId),
    filters.modo ? eq(pedidos.modo, filters.modo) : undefined,
    dias === undefined
      ? undefined
      : and(
          eq(pedidos.modo, "retirada"),
          inArray(pedidos.statusPedido, WAITING_PICK_UP),
          sql`coalesce(${pedidos.prontoEm}, ${pedidos.createdAt}) < ${new Date(now - dias * DAY_MS).toISOString()}::timestamptz`,
        ),
  );
}

export async function listAdminOrders(
  filters: AdminOrderFilters,
  executor: Executor = db(),
): Promise<{
  orders: AdminOrder[];
  total: number;
  totalExato: boolean;
  page: number;
  hasNewer: boolean;
  hasOlder: boolean;
}> {
  const where = adminOrdersWhere(filters);
  const older = filters.antes?.match(CURSOR);
  const newer = older ? null : filters.depois?.match(CURSOR);
  const at = older ?? newer;
  const from = at
    ? sql`(${pedidos.createdAt}, ${pedidos.id}) ${sql.raw(older ? "<" : ">")} (${at[1]}::timestamptz, ${at[2]}::uuid)`
    : undefined;
  // The created_at index's order (created_at desc, id desc) or its reverse: the page comes
  // off the index, whatever its depth.
  const order = newer
    ? [asc(pedidos.createdAt), asc(pedidos.id)]
    : [desc(pedidos.createdAt), desc(pedidos.id)];
  const found = await executor
    .select({ pedido: pedidos, cursor: cursorOf })
    .from(pedidos)
    .where(and(where, from))
    .orderBy(...order)
    .limit(ORDERS_PAGE_SIZE + 1);
  const more = found.length > ORDERS_PAGE_SIZE;
  const rows = found.slice(0, ORDERS_PAGE_SIZE).map((r) => ({ ...r.pedido, cursor: r.cursor }));
  if (newer) rows.reverse();
  // "Mais recentes" that reaches the newest orders is page 1 (the whole of it).
  const first = !at || (newer && !more);
  if (newer && !more && rows.length < ORDERS_PAGE_SIZE) {
    return listAdminOrders({ ...filters, depois: undefined, page: 1 }, executor);
  }
  const page = first ? 1 : Math.max(2, filters.page ?? 2);
  const [{ total }] = (await executor.select({ total: count() }).from(
    executor
      .select({ one: sql`1` })
      .from(pedidos)
      .where(where)
      .limit(ORDERS_COUNT_LIMIT + 1)
      .as("contados"),
  )) as [{ total: number }];
  const items = rows.length
    ? await executor
        .select()
        .from(itensPedido)
        .where(
          inArray(
            itensPedido.pedidoId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(itensPedido.produtoNome))
    : [];
  const charges = await chargesOfOrders(
    rows.map((r) => r.id),
    executor,
  );
  const histories = await orderHistories(
    rows.map((r) => r.id),
    executor,
  );
  const orders = rows.map(({ tokenHash: _t, idempotencyKey: _k, ...order }) => {
    // Newest first: the first one found is the charge that counts.
    const charge = charges.find((c) => c.pedidoId === order.id);
    const { pedidoId: _p, ...cobranca } = charge ?? { pedidoId: null };
    return {
      ...order,
      itens: items.filter((i) => i.pedidoId === order.id),
      cobranca: charge ? (cobranca as AdminCobranca) : null,
      historico: histories.get(order.id) ?? [],
    };
  });
  return {
    orders,
    total: Math.min(Number(total), ORDERS_COUNT_LIMIT),
    /** False when there are more than ORDERS_COUNT_LIMIT orders ("mais de"). */
    totalExato: Number(total) <= ORDERS_COUNT_LIMIT,
    page,
    hasNewer: !first,
    hasOlder: newer ? true : more,
  };
}

/** The figures of the store hub's dashboard view, over the person's units. */
export async function storeStats(scope: UnitScope = EVERY_UNIT, executor: Executor = db()) {
  const units = orderUnitCondition(scope);
  const where = units ? sql`and ${units}` : sql``;
  const [row] = await queryRows<{
    pedidos_total: number;
    pedidos_novos: number;
    pedidos_mes: number;
    vendas_mes: string | null;
  }>(
    executor,
    // Each figure from an index alone (migration 0016 for the month's sales); the month's
    // count and sum in one pass. The active products are catalog's count.
    sql`select t.pedidos_total, n.pedidos_novos, m.pedidos_mes, m.vendas_mes
      from (select count(*)::int as pedidos_total
          from (select 1 from pedidos where true ${where} limit ${ORDERS_COUNT_LIMIT + 1}) t) t,
        (select count(*)::int as pedidos_novos from pedidos where status_pedido = 'novo' ${where}) n,
        (select count(*)::int as pedidos_mes, coalesce(sum(total), 0)::text as vendas_mes
          from pedidos where status_pedido <> 'cancelado' ${where}
          and created_at >= date_trunc('month', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE}) m`,
  );
  const stock = await stockCounts(executor);
  const produtosAtivos = await activeProductCount(executor);
  const money = (v: string | null | undefined) => decimalToCentavos(v ?? "0");
  const pedidosMes = Number(row?.pedidos_mes ?? 0);
  return {
    produtosAtivos,
    ...stock,
    // Counted up to ORDERS_COUNT_LIMIT, as the order list is ("mais de").
    pedidosTotal: Math.min(Number(row?.pedidos_total ?? 0), ORDERS_COUNT_LIMIT),
    pedidosTotalExato: Number(row?.pedidos_total ?? 0) <= ORDERS_COUNT_LIMIT,
    pedidosNovos: Number(row?.pedidos_novos ?? 0),
    pedidosMes,
    vendasMes: money(row?.vendas_mes),
    // The month's (the month's orders come off the created_at index; an average over every
    // order ever placed read the whole table).
    ticketMedio: pedidosMes > 0 ? Math.round(money(row?.vendas_mes) / pedidosMes) : 0,
  };
}
