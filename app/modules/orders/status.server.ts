// An order's status and payment status as the staff set them (SPEC §2.3 orders view, §4),
// and the cancellation the shop makes by itself. Cancelling puts the stock back exactly
// once (pedidos.estoque_devolvido); reopening a cancelled order takes the stock again, or
// is refused when there is not enough (docs/decisions/0007-order-cancellation-stock.md).
import { eq } from "drizzle-orm";
import type { StatusPagamento, StatusPedido } from "~/domain/statuses";
import { type Tx, transaction } from "~/infra/db/client.server";
import { type AdminActor, AdminError, audit } from "~/modules/accounts/index.server";
import {
  quantitiesOf,
  returnStock,
  type StockQuantities,
  takeReturnedStock,
} from "~/modules/inventory/index.server";
import { itensPedido, type Pedido, pedidos } from "./tables.server";

async function lockOrder(tx: Tx, id: string) {
  const [order] = await tx.select().from(pedidos).where(eq(pedidos.id, id)).for("update");
  if (!order) throw new AdminError("Pedido não encontrado");
  return order;
}

/** Units per product of an order's items (items whose product was deleted count for none). */
async function orderQuantities(tx: Tx, orderId: string): Promise<StockQuantities> {
  const items = await tx.select().from(itensPedido).where(eq(itensPedido.pedidoId, orderId));
  return quantitiesOf(
    items.flatMap((i) =>
      i.produtoId ? [{ produtoId: i.produtoId, quantidade: i.quantidade }] : [],
    ),
  );
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
      await returnStock(tx, await orderQuantities(tx, id));
      estoqueDevolvido = true;
      estoque = "devolvido";
    } else if (order.statusPedido === "cancelado" && order.estoqueDevolvido) {
      const taken = await takeReturnedStock(tx, await orderQuantities(tx, id));
      if (!taken.ok) {
        throw new AdminError(
          `Estoque insuficiente para reabrir o pedido: ${taken.short
            .map((p) => `${p.nome} (disponível: ${p.disponivel}, necessário: ${p.pedido})`)
            .join("; ")}`,
        );
      }
      estoqueDevolvido = false;
      estoque = "retirado";
    }
    const updated = await updateOrder(tx, id, { statusPedido: status, estoqueDevolvido });
    await audit(tx, actor, "order_status_update", "pedido", id, {
      numero_pedido: order.numeroPedido,
      de: order.statusPedido,
      para: status,
      ...(estoque ? { estoque } : {}),
    });
    return { order: updated, estoque };
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
    await returnStock(tx, await orderQuantities(tx, order.id));
    estoque = "devolvido";
  }
  const updated = await updateOrder(tx, order.id, {
    statusPedido: "cancelado",
    estoqueDevolvido: true,
  });
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
    const order = await lockOrder(tx, id);
    if (order.statusPagamento === status) return order;
    const updated = await updateOrder(tx, id, { statusPagamento: status });
    await audit(tx, actor, "payment_status_update", "pedido", id, {
      numero_pedido: order.numeroPedido,
      de: order.statusPagamento,
      para: status,
    });
    return updated;
  });
}
