// Reading orders: the customer's order (only with its link's secret), the staff's list
// with items and online charge, and the store hub's figures.
import crypto from "node:crypto";
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "~/domain/dates";
import { decimalToCentavos } from "~/domain/money";
import type { ModoPedido, StatusPagamento, StatusPedido } from "~/domain/statuses";
import { db, type Executor, queryRows } from "~/infra/db/client.server";
import { stockCounts } from "~/modules/catalog/index.server";
import { type Cobranca, cobrancas } from "~/modules/payments/index.server";
import { type Unidade, unidades } from "~/modules/shop/index.server";
import { type ItemPedido, itensPedido, type Pedido, pedidos } from "./tables.server";
import { hashToken } from "./token.server";

/** The customer's view of an order: only with the secret token of its link. */
export async function getCustomerOrder(
  numero: string,
  token: string | null | undefined,
  executor: Executor = db(),
): Promise<{ pedido: Pedido; itens: ItemPedido[]; unidade: Unidade | null } | null> {
  if (!token || token.length > 200 || numero.length > 40) return null;
  const [pedido] = await executor.select().from(pedidos).where(eq(pedidos.numeroPedido, numero));
  if (!pedido) return null;
  const expected = Buffer.from(pedido.tokenHash, "hex");
  const given = Buffer.from(hashToken(token), "hex");
  if (expected.length !== given.length || !crypto.timingSafeEqual(expected, given)) return null;
  const [unidade] = pedido.unidadeId
    ? await executor.select().from(unidades).where(eq(unidades.id, pedido.unidadeId))
    : [];
  return { ...(await withItems(pedido, executor)), unidade: unidade ?? null };
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

/** What the orders view shows of an online charge: no QR code, no idempotency key. */
type AdminCobranca = Pick<
  Cobranca,
  "id" | "provedor" | "externoId" | "status" | "statusProvedor" | "pagoEm" | "reembolsadoEm"
>;

export type AdminOrder = Omit<Pedido, "tokenHash" | "idempotencyKey"> & {
  itens: ItemPedido[];
  /** The order's newest online charge (automatic Pix), if it has one. */
  cobranca: AdminCobranca | null;
};

/** The filters of the staff's order list (/admin/loja?view=pedidos). */
export interface AdminOrderFilters {
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
  page?: number;
}

/** The statuses of a pick-up order the customer has not collected yet. */
const WAITING_PICK_UP: StatusPedido[] = ["novo", "preparo", "pronto_retirada"];

const DAY_MS = 24 * 60 * 60 * 1000;

export async function listAdminOrders(
  filters: AdminOrderFilters = {},
  executor: Executor = db(),
): Promise<{ orders: AdminOrder[]; total: number }> {
  const dias = filters.naoRetiradosDias;
  const where = and(
    filters.status ? eq(pedidos.statusPedido, filters.status) : undefined,
    filters.pagamento ? eq(pedidos.statusPagamento, filters.pagamento) : undefined,
    filters.unidadeId ? eq(pedidos.unidadeId, filters.unidadeId) : undefined,
    filters.modo ? eq(pedidos.modo, filters.modo) : undefined,
    dias === undefined
      ? undefined
      : and(
          eq(pedidos.modo, "retirada"),
          inArray(pedidos.statusPedido, WAITING_PICK_UP),
          sql`coalesce(${pedidos.prontoEm}, ${pedidos.createdAt}) < ${new Date(Date.now() - dias * DAY_MS).toISOString()}::timestamptz`,
        ),
  );
  const page = Math.max(1, filters.page ?? 1);
  const rows = await executor
    .select()
    .from(pedidos)
    .where(where)
    .orderBy(desc(pedidos.createdAt), desc(pedidos.id))
    .limit(ORDERS_PAGE_SIZE)
    .offset((page - 1) * ORDERS_PAGE_SIZE);
  const [{ total }] = (await executor.select({ total: count() }).from(pedidos).where(where)) as [
    { total: number },
  ];
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
  const charges = rows.length
    ? await executor
        .select({
          id: cobrancas.id,
          pedidoId: cobrancas.pedidoId,
          provedor: cobrancas.provedor,
          externoId: cobrancas.externoId,
          status: cobrancas.status,
          statusProvedor: cobrancas.statusProvedor,
          pagoEm: cobrancas.pagoEm,
          reembolsadoEm: cobrancas.reembolsadoEm,
        })
        .from(cobrancas)
        .where(
          inArray(
            cobrancas.pedidoId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(desc(cobrancas.createdAt), desc(cobrancas.id))
    : [];
  const orders = rows.map(({ tokenHash: _t, idempotencyKey: _k, ...order }) => {
    // Newest first: the first one found is the charge that counts.
    const charge = charges.find((c) => c.pedidoId === order.id);
    const { pedidoId: _p, ...cobranca } = charge ?? { pedidoId: null };
    return {
      ...order,
      itens: items.filter((i) => i.pedidoId === order.id),
      cobranca: charge ? (cobranca as AdminCobranca) : null,
    };
  });
  return { orders, total: Number(total) };
}

/** The figures of the store hub's dashboard view. */
export async function storeStats(executor: Executor = db()) {
  const [row] = await queryRows<{
    produtos_ativos: number;
    pedidos_total: number;
    pedidos_novos: number;
    pedidos_mes: number;
    vendas_mes: string | null;
    ticket_medio: string | null;
  }>(
    executor,
    sql`select
      (select count(*)::int from produtos where excluido_em is null and ativo) as produtos_ativos,
      (select count(*)::int from pedidos) as pedidos_total,
      (select count(*)::int from pedidos where status_pedido = 'novo') as pedidos_novos,
      (select count(*)::int from pedidos where status_pedido <> 'cancelado'
         and created_at >= date_trunc('month', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE}) as pedidos_mes,
      (select coalesce(sum(total), 0)::text from pedidos where status_pedido <> 'cancelado'
         and created_at >= date_trunc('month', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE}) as vendas_mes,
      (select coalesce(round(avg(total), 2), 0)::text from pedidos where status_pedido <> 'cancelado') as ticket_medio`,
  );
  const stock = await stockCounts(executor);
  const money = (v: string | null | undefined) => decimalToCentavos(v ?? "0");
  return {
    produtosAtivos: Number(row?.produtos_ativos ?? 0),
    ...stock,
    pedidosTotal: Number(row?.pedidos_total ?? 0),
    pedidosNovos: Number(row?.pedidos_novos ?? 0),
    pedidosMes: Number(row?.pedidos_mes ?? 0),
    vendasMes: money(row?.vendas_mes),
    ticketMedio: money(row?.ticket_medio),
  };
}
