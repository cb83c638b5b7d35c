// Admin orders (SPEC §2.3 orders view, §4): list with items, status and payment changes.
// Cancelling puts the stock back exactly once (pedidos.estoque_devolvido); reopening a
// cancelled order takes the stock again, or is refused when there is not enough
// (docs/decisions/0007-order-cancellation-stock.md).
import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import { SHOP_TIME_ZONE } from "~/domain/dates";
import { decimalToCentavos } from "~/domain/money";
import type { StatusPagamento, StatusPedido } from "~/domain/statuses";
import { db, type Executor, queryRows, type Tx, transaction } from "~/infra/db/client.server";
import {
  type Cobranca,
  cobrancas,
  type ItemPedido,
  itensPedido,
  type Pedido,
  pedidos,
  produtos,
} from "~/infra/db/schema.server";
import { logger } from "~/infra/logger.server";
import { type AdminActor, AdminError, audit } from "~/modules/accounts/actor.server";
import { LOW_STOCK_THRESHOLD } from "~/modules/catalog/listing";
import { refundPixCobranca } from "~/modules/payments/cobrancas.server";
import { PaymentProviderError } from "~/modules/payments/provider.server";

export const ORDERS_PAGE_SIZE = 30;

/** What the orders view shows of an online charge: no QR code, no idempotency key. */
export type AdminCobranca = Pick<
  Cobranca,
  "id" | "provedor" | "externoId" | "status" | "statusProvedor" | "pagoEm" | "reembolsadoEm"
>;

export type AdminOrder = Omit<Pedido, "tokenHash" | "idempotencyKey"> & {
  itens: ItemPedido[];
  /** The order's newest online charge (automatic Pix), if it has one. */
  cobranca: AdminCobranca | null;
};

export async function listAdminOrders(
  filters: { status?: StatusPedido; pagamento?: StatusPagamento; page?: number } = {},
  executor: Executor = db(),
): Promise<{ orders: AdminOrder[]; total: number }> {
  const where = and(
    filters.status ? eq(pedidos.statusPedido, filters.status) : undefined,
    filters.pagamento ? eq(pedidos.statusPagamento, filters.pagamento) : undefined,
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

async function lockOrder(tx: Tx, id: string) {
  const [order] = await tx.select().from(pedidos).where(eq(pedidos.id, id)).for("update");
  if (!order) throw new AdminError("Pedido não encontrado");
  return order;
}

/** Quantity per product of an order's items, with the products locked in a fixed order. */
async function lockOrderProducts(tx: Tx, orderId: string) {
  const items = await tx.select().from(itensPedido).where(eq(itensPedido.pedidoId, orderId));
  const quantities = new Map<string, number>();
  for (const item of items) {
    if (!item.produtoId) continue;
    quantities.set(item.produtoId, (quantities.get(item.produtoId) ?? 0) + item.quantidade);
  }
  const ids = [...quantities.keys()].sort();
  const locked = ids.length
    ? await tx
        .select({ id: produtos.id, nome: produtos.nome, estoque: produtos.estoque })
        .from(produtos)
        .where(inArray(produtos.id, ids))
        .orderBy(asc(produtos.id))
        .for("update")
    : [];
  return { quantities, locked };
}

async function moveStock(tx: Tx, quantities: Map<string, number>, sign: 1 | -1) {
  for (const [id, quantidade] of quantities) {
    const delta: SQL = sign === 1 ? sql`+ ${quantidade}` : sql`- ${quantidade}`;
    await tx
      .update(produtos)
      .set({ estoque: sql`${produtos.estoque} ${delta}`, updatedAt: new Date() })
      .where(eq(produtos.id, id));
  }
}

export async function setOrderStatus(
  id: string,
  status: StatusPedido,
  actor: AdminActor,
): Promise<{ order: Pedido; estoque: "devolvido" | "retirado" | null }> {
  return transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.statusPedido === status) return { order, estoque: null };
    let estoque: "devolvido" | "retirado" | null = null;
    let estoqueDevolvido = order.estoqueDevolvido;
    if (status === "cancelado" && !order.estoqueDevolvido) {
      const { quantities } = await lockOrderProducts(tx, id);
      await moveStock(tx, quantities, 1);
      estoqueDevolvido = true;
      estoque = "devolvido";
    } else if (order.statusPedido === "cancelado" && order.estoqueDevolvido) {
      const { quantities, locked } = await lockOrderProducts(tx, id);
      const short = locked.filter((p) => p.estoque < (quantities.get(p.id) ?? 0));
      if (short.length > 0) {
        throw new AdminError(
          `Estoque insuficiente para reabrir o pedido: ${short
            .map((p) => `${p.nome} (disponível: ${p.estoque}, necessário: ${quantities.get(p.id)})`)
            .join("; ")}`,
        );
      }
      await moveStock(tx, quantities, -1);
      estoqueDevolvido = false;
      estoque = "retirado";
    }
    const [updated] = await tx
      .update(pedidos)
      .set({ statusPedido: status, estoqueDevolvido, updatedAt: new Date() })
      .where(eq(pedidos.id, id))
      .returning();
    await audit(tx, actor, "order_status_update", "pedido", id, {
      numero_pedido: order.numeroPedido,
      de: order.statusPedido,
      para: status,
      ...(estoque ? { estoque } : {}),
    });
    return { order: updated!, estoque };
  });
}

/**
 * Cancels an order the shop gave up on by itself (an online Pix that expired unpaid), by
 * the same rule as the admin's cancellation (decision 0007): the stock goes back once,
 * guarded by estoque_devolvido. The caller holds the order's row lock in `tx`.
 */
export async function cancelLockedOrder(
  tx: Tx,
  order: Pedido,
): Promise<{ order: Pedido; estoque: "devolvido" | null }> {
  let estoque: "devolvido" | null = null;
  if (!order.estoqueDevolvido) {
    const { quantities } = await lockOrderProducts(tx, order.id);
    await moveStock(tx, quantities, 1);
    estoque = "devolvido";
  }
  const [updated] = await tx
    .update(pedidos)
    .set({ statusPedido: "cancelado", estoqueDevolvido: true, updatedAt: new Date() })
    .where(eq(pedidos.id, order.id))
    .returning();
  return { order: updated!, estoque };
}

export async function setPaymentStatus(
  id: string,
  status: StatusPagamento,
  actor: AdminActor,
): Promise<Pedido> {
  return transaction(async (tx) => {
    const order = await lockOrder(tx, id);
    if (order.statusPagamento === status) return order;
    const [updated] = await tx
      .update(pedidos)
      .set({ statusPagamento: status, updatedAt: new Date() })
      .where(eq(pedidos.id, id))
      .returning();
    await audit(tx, actor, "payment_status_update", "pedido", id, {
      numero_pedido: order.numeroPedido,
      de: order.statusPagamento,
      para: status,
    });
    return updated!;
  });
}

export const REFUND_MESSAGES = {
  naoEncontrado: "Pedido não encontrado",
  formaErrada: "Só pedidos pagos por Pix automático podem ser reembolsados por aqui",
  jaReembolsado: "Este pedido já foi reembolsado",
  naoPago: "Só pedidos com pagamento confirmado podem ser reembolsados",
  provedor: "O Mercado Pago não aceitou o reembolso agora. Tente novamente em alguns minutos.",
  pendente:
    "O Mercado Pago ainda não confirmou o reembolso. Confira o pagamento no painel do Mercado Pago.",
} as const;

/**
 * Refunds an automatic-Pix order in full. The order's state is checked here, whatever the
 * screen showed; the provider's refund is idempotent per charge, so a double click or a
 * retry never refunds twice. The order becomes 'reembolsado' (audited in the admin's name)
 * only once the provider says the payment is refunded.
 */
export async function refundOrderPix(id: string, actor: AdminActor): Promise<Cobranca> {
  const [order] = await db().select().from(pedidos).where(eq(pedidos.id, id));
  if (!order) throw new AdminError(REFUND_MESSAGES.naoEncontrado);
  if (order.formaPagamento !== "pix_mercadopago") throw new AdminError(REFUND_MESSAGES.formaErrada);
  if (order.statusPagamento === "reembolsado") throw new AdminError(REFUND_MESSAGES.jaReembolsado);
  if (order.statusPagamento !== "pago") throw new AdminError(REFUND_MESSAGES.naoPago);
  let cobranca: Cobranca;
  try {
    cobranca = await refundPixCobranca(id, actor);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    // The provider's answer is English and technical: it goes to the log, not the screen.
    logger.warn({ err: error, pedido: id }, "reembolso recusado pelo Mercado Pago");
    throw new AdminError(REFUND_MESSAGES.provedor);
  }
  if (cobranca.status !== "reembolsada") throw new AdminError(REFUND_MESSAGES.pendente);
  return cobranca;
}

/** The figures of the store hub's dashboard view. */
export async function storeStats(executor: Executor = db()) {
  const [row] = await queryRows<{
    produtos_ativos: number;
    estoque_baixo: number;
    sem_estoque: number;
    pedidos_total: number;
    pedidos_novos: number;
    pedidos_mes: number;
    vendas_mes: string | null;
    ticket_medio: string | null;
  }>(
    executor,
    sql`select
      (select count(*)::int from produtos where excluido_em is null and ativo) as produtos_ativos,
      (select count(*)::int from produtos where excluido_em is null and estoque <= ${LOW_STOCK_THRESHOLD} and estoque > 0) as estoque_baixo,
      (select count(*)::int from produtos where excluido_em is null and estoque = 0) as sem_estoque,
      (select count(*)::int from pedidos) as pedidos_total,
      (select count(*)::int from pedidos where status_pedido = 'novo') as pedidos_novos,
      (select count(*)::int from pedidos where status_pedido <> 'cancelado'
         and created_at >= date_trunc('month', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE}) as pedidos_mes,
      (select coalesce(sum(total), 0)::text from pedidos where status_pedido <> 'cancelado'
         and created_at >= date_trunc('month', now() at time zone ${SHOP_TIME_ZONE}) at time zone ${SHOP_TIME_ZONE}) as vendas_mes,
      (select coalesce(round(avg(total), 2), 0)::text from pedidos where status_pedido <> 'cancelado') as ticket_medio`,
  );
  const money = (v: string | null | undefined) => decimalToCentavos(v ?? "0");
  return {
    produtosAtivos: Number(row?.produtos_ativos ?? 0),
    estoqueBaixo: Number(row?.estoque_baixo ?? 0),
    semEstoque: Number(row?.sem_estoque ?? 0),
    pedidosTotal: Number(row?.pedidos_total ?? 0),
    pedidosNovos: Number(row?.pedidos_novos ?? 0),
    pedidosMes: Number(row?.pedidos_mes ?? 0),
    vendasMes: money(row?.vendas_mes),
    ticketMedio: money(row?.ticket_medio),
  };
}
