// An order paid online (Pix or card through the provider) still unpaid past its payment
// deadline: the one routine both means release it by. The order is read locked; paid or
// cancelled meanwhile (a notification, the admin, another instance) it is left alone;
// otherwise it is cancelled, its stock returned exactly once (the admin's cancellation rule,
// decision 0007), audited with why.
import { and, asc, eq, ne } from "drizzle-orm";
import type { FormaPagamento } from "~/domain/statuses";
import { hasPaidCobranca } from "~/modules/payments/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { db, type Tx } from "~/platform/db/client.server";
import { cancelLockedOrder } from "./status.server";
import { type Pedido, pedidos } from "./tables.server";

/**
 * A payment made in the last seconds before the deadline may be announced a little later:
 * the order is cancelled only this long after it.
 */
export const EXPIRY_GRACE_MS = 2 * 60_000;

/** The open orders paid online by `forma` still awaiting payment, the oldest first. */
export async function awaitingOnlineOrders(forma: FormaPagamento, limit?: number) {
  const rows = db()
    .select()
    .from(pedidos)
    .where(
      and(
        eq(pedidos.formaPagamento, forma),
        eq(pedidos.statusPagamento, "aguardando"),
        ne(pedidos.statusPedido, "cancelado"),
      ),
    )
    .orderBy(asc(pedidos.createdAt));
  return limit === undefined ? rows : rows.limit(limit);
}

/**
 * Cancels the order `pedidoId` (locked here) when it still awaits its online payment (by
 * `forma`, when given: a card order switched to Pix is not the card's to release) and no
 * charge of it was paid; `lapsed` runs first in the same transaction (the Pix charge marked
 * expired). False when there was nothing to do.
 */
export async function cancelUnpaidOnlineOrder(
  tx: Tx,
  pedidoId: string,
  how: {
    origem: "pix_expirado" | "cartao_prazo";
    forma?: FormaPagamento;
    lapsed?: (pedido: Pedido) => Promise<void>;
  },
): Promise<boolean> {
  const [pedido] = await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for("update");
  if (pedido?.statusPagamento !== "aguardando" || pedido.statusPedido === "cancelado") {
    return false;
  }
  if (how.forma && pedido.formaPagamento !== how.forma) return false;
  if (await hasPaidCobranca(tx, pedido.id)) return false;
  await how.lapsed?.(pedido);
  const { estoque } = await cancelLockedOrder(tx, pedido);
  await logAudit(
    {
      action: "order_status_update",
      resourceType: "pedido",
      resourceId: pedido.id,
      details: {
        numero_pedido: pedido.numeroPedido,
        de: pedido.statusPedido,
        para: "cancelado",
        ...(estoque ? { estoque } : {}),
        origem: how.origem,
      },
    },
    tx,
  );
  return true;
}
