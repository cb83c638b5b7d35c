// An order's status and payment status as the staff set them (SPEC §2.3 orders view, §4),
// and the cancellation the shop makes by itself, with what each does to the stock at the
// order's unit (decision 0026): hand-over (entregue, retirado) sells the reserved units;
// a cancellation before it releases them; a cancellation after it puts them back on the
// shelf only when the staff say so. Each happens once (pedidos.estoque_situacao), and a
// cancelled order is never reopened, so it never reserves again.
import { eq } from "drizzle-orm";
import { type CounterPaymentInput, checkCounterPayment } from "~/domain/counter-payment";
import type { StatusPagamento, StatusPedido } from "~/domain/statuses";
import { moveOrderStock, type StockLine } from "~/modules/inventory/index.server";
import { recordCounterPayment } from "~/modules/payments/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { db, type Tx, transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { rateLimitRule, reserveAttempt, resetAttempts } from "~/platform/rate-limits.server";
import { sameSecret } from "~/platform/secret.server";
import { CANCEL_REASONS, orderPaymentChanged, orderStatusChanged } from "./order-emails.server";
import { cancelOrderCharges } from "./payment-loops.server";
import { assertOrderInScope, ORDER_NOT_FOUND } from "./scope.server";
import { HANDED_OVER, handOverAsksPayment, statusRefusal } from "./status-rules";
import { itensPedido, type Pedido, pedidos } from "./tables.server";

/** The order, locked, when it exists and is one of the person's units' (decision 0069). */
async function lockOrder(tx: Tx, id: string, actor: AdminActor) {
  const [order] = await tx.select().from(pedidos).where(eq(pedidos.id, id)).for("update");
  if (!order) throw new AdminError(ORDER_NOT_FOUND);
  assertOrderInScope(actor, order);
  return order;
}

/** The order's lines as stock sees them (lines whose variant was deleted count for none). */
async function orderLines(tx: Tx, orderId: string): Promise<StockLine[]> {
  const items = await tx.select().from(itensPedido).where(eq(itensPedido.pedidoId, orderId));
  return items.flatMap((i) =>
    i.varianteId ? [{ varianteId: i.varianteId, quantidade: i.quantidade }] : [],
  );
}

/** What a status change did to the stock, for the staff's toast. */
export type StockEffect = "liberado" | "baixado" | "devolvido" | null;

export interface StatusChangeOptions {
  /** For "retirado": the code the customer said at the counter. */
  codigoRetirada?: string | null;
  /** For a cancellation after hand-over: put the units back in hand at the order's unit. */
  voltarAoEstoque?: boolean;
  /** For a cancellation: the reason the customer's e-mail gives. */
  motivo?: string | null;
  /** For the hand-over of an order paid then (issue 43 point 2): how it was paid. */
  pagamento?: CounterPaymentInput | null;
}

const PAYMENT_ASKED = "Informe como o pedido foi pago";

const PICKUP_CODE_WRONG = "Código de retirada não confere";
const PICKUP_CODE_BLOCKED =
  "Muitos códigos errados para este pedido. Confira o pedido com o cliente e tente de novo em 15 minutos.";

/**
 * The pick-up code said at the counter, before the hand-over (issue 39): each try is
 * reserved per order before the code is compared (a burst cannot try more than the rule),
 * and every wrong one, and the block, is audited with who typed it. Outside the hand-over's
 * transaction, so a refused try stays counted and audited.
 */
async function checkPickUpCode(id: string, typed: string, actor: AdminActor): Promise<void> {
  const [order] = await db()
    .select({
      numero: pedidos.numeroPedido,
      codigo: pedidos.codigoRetirada,
      unidadeId: pedidos.unidadeId,
    })
    .from(pedidos)
    .where(eq(pedidos.id, id));
  // Another unit's order: not found, before any try is counted or audited against it.
  if (order) assertOrderInScope(actor, order);
  if (!order?.codigo) return;
  const reservation = await reserveAttempt("retirada_codigo", id, rateLimitRule("retirada_codigo"));
  if (!reservation.reserved) {
    await audit(db(), actor, "pickup_code_blocked", "pedido", id, { numero_pedido: order.numero });
    throw new AdminError(PICKUP_CODE_BLOCKED, "codigoRetirada");
  }
  if (!sameSecret(order.codigo, typed)) {
    await audit(db(), actor, "pickup_code_wrong", "pedido", id, { numero_pedido: order.numero });
    throw new AdminError(PICKUP_CODE_WRONG, "codigoRetirada");
  }
  await resetAttempts("retirada_codigo", id);
}

export async function setOrderStatus(
  id: string,
  status: StatusPedido,
  actor: AdminActor,
  options: StatusChangeOptions = {},
): Promise<{ order: Pedido; estoque: StockEffect }> {
  if (status === "retirado")
    await checkPickUpCode(id, (options.codigoRetirada ?? "").trim(), actor);
  const changed = await changeOrderStatus(id, status, actor, options);
  // Its open Pix is cancelled at the provider too: the order page shows no QR, and a
  // payment that came first is kept as "pago após cancelamento" (decision 0035).
  if (status === "cancelado") {
    await cancelOrderCharges(id).catch((error) =>
      logger.warn({ err: error, pedido: id }, "falha ao cancelar o Pix do pedido cancelado"),
    );
  }
  return changed;
}

function changeOrderStatus(
  id: string,
  status: StatusPedido,
  actor: AdminActor,
  options: StatusChangeOptions,
): Promise<{ order: Pedido; estoque: StockEffect }> {
  return transaction(async (tx) => {
    const order = await lockOrder(tx, id, actor);
    if (order.statusPedido === status) return { order, estoque: null };
    const refusal = statusRefusal(order, status);
    if (refusal) throw new AdminError(refusal);
    if (status === "retirado" && order.codigoRetirada !== (options.codigoRetirada ?? "").trim()) {
      throw new AdminError(PICKUP_CODE_WRONG, "codigoRetirada");
    }
    const at = new Date();
    const paid = handOverAsksPayment(order, status)
      ? await recordHandOverPayment(tx, order, options.pagamento ?? null, actor, at)
      : null;
    const { columns, estoque } =
      status === "cancelado"
        ? await cancelStock(tx, order, Boolean(options.voltarAoEstoque), at)
        : HANDED_OVER.includes(status)
          ? await handOverStock(tx, order, at)
          : { columns: {}, estoque: null };
    const stamps: Partial<Pedido> =
      status === "pronto_retirada"
        ? { prontoEm: at }
        : status === "retirado"
          ? { retiradoEm: at }
          : {};
    const updated = await updateOrder(tx, id, {
      statusPedido: status,
      ...columns,
      ...stamps,
      ...(paid ? { statusPagamento: "pago" as const } : {}),
    });
    // The hand-over's e-mail says "Pago"; the payment event carries no second e-mail.
    if (paid) await orderPaymentChanged(tx, updated, "pago", undefined, { email: false });
    await orderStatusChanged(
      tx,
      updated,
      status,
      status === "cancelado"
        ? { motivo: options.motivo?.trim() || CANCEL_REASONS.loja }
        : undefined,
    );
    await audit(tx, actor, "order_status_update", "pedido", id, {
      numero_pedido: order.numeroPedido,
      de: order.statusPedido,
      para: status,
      ...(estoque ? { estoque } : {}),
      ...(paid
        ? {
            pagamento: paid.metodo,
            valor: paid.valor,
            ...(paid.troco !== null ? { troco: paid.troco } : {}),
            ...(paid.motivo ? { motivo: paid.motivo } : {}),
          }
        : {}),
    });
    return { order: updated, estoque };
  });
}

/**
 * The payment of a "pagar na retirada"/"na entrega" order handed over: checked against the
 * order's total (the server's, never the form's) and recorded in the hand-over's transaction,
 * so a double click records it once (the second finds the order already handed over).
 */
async function recordHandOverPayment(
  tx: Tx,
  order: Pedido,
  input: CounterPaymentInput | null,
  actor: AdminActor,
  at: Date,
) {
  if (!input) throw new AdminError(PAYMENT_ASKED, "pagamento");
  const { errors, troco } = checkCounterPayment(input, order.total);
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field && message) throw new AdminError(message, field);
  await recordCounterPayment(tx, {
    pedidoId: order.id,
    unidadeId: order.unidadeId,
    metodo: input.metodo,
    valor: input.valor,
    recebido: input.recebido,
    motivo: input.valor === order.total ? null : input.motivo,
    usuarioId: actor.userId || null,
    at,
  });
  return { metodo: input.metodo, valor: input.valor, troco, motivo: input.motivo };
}

/** Hand-over: the reserved units leave the unit that held them (once). */
async function handOverStock(tx: Tx, order: Pedido, at: Date) {
  if (order.estoqueSituacao !== "reservado" || !order.unidadeId) {
    return { columns: {}, estoque: null };
  }
  await moveOrderStock(
    tx,
    "venda",
    { id: order.id, unidadeId: order.unidadeId },
    await orderLines(tx, order.id),
    at,
  );
  return { columns: { estoqueSituacao: "baixado" as const }, estoque: "baixado" as const };
}

/**
 * A cancellation: before hand-over the reservation is released; after it, the units go
 * back in hand at the order's unit only when `back` (the staff's "voltar ao estoque?").
 */
async function cancelStock(tx: Tx, order: Pedido, back: boolean, at: Date) {
  const unit = order.unidadeId;
  if (!unit) return { columns: {}, estoque: null };
  const ref = { id: order.id, unidadeId: unit };
  if (order.estoqueSituacao === "reservado") {
    await moveOrderStock(tx, "liberacao", ref, await orderLines(tx, order.id), at);
    return { columns: { estoqueSituacao: "liberado" as const }, estoque: "liberado" as const };
  }
  if (order.estoqueSituacao === "baixado" && back) {
    await moveOrderStock(tx, "cancelamento", ref, await orderLines(tx, order.id), at);
    return { columns: { estoqueSituacao: "devolvido" as const }, estoque: "devolvido" as const };
  }
  return { columns: {}, estoque: null };
}

/**
 * Cancels an order the shop gave up on by itself (an online Pix that expired unpaid), by
 * the same rule as the staff's cancellation: its reservation is released once. The caller
 * holds the order's row lock in `tx`.
 */
export async function cancelLockedOrder(
  tx: Tx,
  order: Pedido,
): Promise<{ order: Pedido; estoque: StockEffect }> {
  const { columns, estoque } = await cancelStock(tx, order, false, new Date());
  const updated = await updateOrder(tx, order.id, { statusPedido: "cancelado", ...columns });
  await orderStatusChanged(tx, updated, "cancelado", { motivo: CANCEL_REASONS.pixExpirado });
  return { order: updated, estoque };
}

/** Writes an order's columns (and its updatedAt) in `tx`; the order is already locked. */
async function updateOrder(tx: Tx, id: string, columns: Partial<Pedido>): Promise<Pedido> {
  const [updated] = await tx
    .update(pedidos)
    .set({ ...columns, updatedAt: new Date() })
    .where(eq(pedidos.id, id))
    .returning();
  return updated!;
}

export async function setPaymentStatus(
  id: string,
  status: StatusPagamento,
  actor: AdminActor,
): Promise<Pedido> {
  return transaction(async (tx) => {
    const order = await lockOrder(tx, id, actor);
    if (order.statusPagamento === status) return order;
    const updated = await updateOrder(tx, id, { statusPagamento: status });
    await orderPaymentChanged(tx, updated, status);
    await audit(tx, actor, "payment_status_update", "pedido", id, {
      numero_pedido: order.numeroPedido,
      de: order.statusPagamento,
      para: status,
    });
    return updated;
  });
}
