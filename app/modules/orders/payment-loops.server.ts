// What the staff's hand does to an order's online charges (decision 0035): a cancelled order
// cancels its open charges at the provider (so its page shows no QR and nothing can be paid
// later), and an order paid after its cancellation may be reopened, stock permitting.
import { and, eq, inArray } from "drizzle-orm";
import { reserveStock } from "~/modules/inventory/index.server";
import {
  cancelAtProvider,
  currentProvider,
  openCobrancas,
  ordersWithPendingCharges,
} from "~/modules/payments/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { db, transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { applyChargeUpdate } from "./payment.server";
import { assertOrderInScope } from "./scope.server";
import { itensPedido, type Pedido, pedidos } from "./tables.server";

/**
 * Cancels the order's open charges at the provider and applies what each became (a payment
 * that came first is kept: "pago após cancelamento"). Called after the cancellation
 * committed; the provider being down leaves the charge to the reconciliation pass.
 */
export async function cancelOrderCharges(pedidoId: string): Promise<void> {
  const open = await openCobrancas(pedidoId);
  if (open.length === 0) return;
  const provider = await currentProvider();
  if (!provider) return;
  const { answers, failed } = await cancelAtProvider(provider, open);
  for (const charge of answers) await applyChargeUpdate(provider.nome, charge, "cancelamento");
  if (failed > 0) {
    logger.warn({ pedido: pedidoId, falhas: failed }, "Pix do pedido cancelado não foi cancelado");
  }
}

/**
 * For the reconciliation pass: charges still open on orders already cancelled (the provider
 * was down when the order was cancelled) are cancelled now.
 */
export async function cancelChargesOfCancelledOrders(limit = 50): Promise<void> {
  const pending = await ordersWithPendingCharges();
  const rows =
    pending.length === 0
      ? []
      : await db()
          .select({ pedidoId: pedidos.id })
          .from(pedidos)
          .where(and(inArray(pedidos.id, pending), eq(pedidos.statusPedido, "cancelado")))
          .limit(limit);
  for (const { pedidoId } of rows) {
    await cancelOrderCharges(pedidoId).catch((error) =>
      logger.warn({ err: error, pedido: pedidoId }, "reconciliação: falha ao cancelar Pix"),
    );
  }
}

const REOPEN_MESSAGES = {
  naoEncontrado: "Pedido não encontrado",
  naoReabre: "Só um pedido pago após o cancelamento pode ser reaberto",
  semEstoque: "Sem estoque para reabrir o pedido",
} as const;

/**
 * Reopens an order whose charge was paid after it was cancelled: its items are reserved again
 * at its unit (refused, nothing changed, when the stock is gone) and it goes back to 'novo'.
 * Any other cancelled order stays closed (status-rules.ts).
 */
export async function reopenPaidOrder(id: string, actor: AdminActor): Promise<Pedido> {
  return transaction(async (tx) => {
    const [order] = await tx.select().from(pedidos).where(eq(pedidos.id, id)).for("update");
    if (!order) throw new AdminError(REOPEN_MESSAGES.naoEncontrado);
    assertOrderInScope(actor, order);
    if (
      order.statusPedido !== "cancelado" ||
      order.statusPagamento !== "pago" ||
      !order.pagoAposCancelamentoEm ||
      !order.unidadeId ||
      order.estoqueSituacao !== "liberado"
    ) {
      throw new AdminError(REOPEN_MESSAGES.naoReabre);
    }
    const items = await tx.select().from(itensPedido).where(eq(itensPedido.pedidoId, id));
    const lines = items.flatMap((i) =>
      i.varianteId ? [{ varianteId: i.varianteId, quantidade: i.quantidade }] : [],
    );
    const at = new Date();
    const reserved = await reserveStock(tx, order.unidadeId, lines, id, at);
    if (!reserved.ok) {
      const names = [
        ...reserved.unavailable.map((u) => u.nome),
        ...reserved.short.map((s) => s.nome),
      ];
      throw new AdminError(
        `${REOPEN_MESSAGES.semEstoque}${names.length ? `: ${names.join(", ")}` : ""}. Reembolse o cliente.`,
      );
    }
    const [updated] = await tx
      .update(pedidos)
      .set({ statusPedido: "novo", estoqueSituacao: "reservado", updatedAt: at })
      .where(and(eq(pedidos.id, id), inArray(pedidos.statusPedido, ["cancelado"])))
      .returning();
    await audit(tx, actor, "order_reopened", "pedido", id, {
      numero_pedido: order.numeroPedido,
      motivo: "pago_apos_cancelamento",
    });
    return updated!;
  });
}
