// The order lifecycle's job for online Pix: every few seconds, reconcile the pending
// charges with the provider, then cancel the orders whose charge lapsed unpaid, returning
// their stock exactly once (the admin's cancellation rule, decision 0007).
import { and, eq, ne } from "drizzle-orm";
import {
  currentProvider,
  expireCobranca,
  hasPaidCobranca,
  lapsedCobrancasOf,
  latestCobranca,
  lockLapsedCobranca,
} from "~/modules/payments/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { db, transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { expireUnpaidCardOrders, syncOpenCardOrders } from "./card.server";
import { applyChargeUpdate, reconcilePendingCobrancas } from "./payment.server";
import { cancelChargesOfCancelledOrders } from "./payment-loops.server";
import { cancelLockedOrder } from "./status.server";
import { pedidos } from "./tables.server";

/**
 * A payment made in the last seconds of a charge may be announced a little later: the
 * order is cancelled only this long after the charge's expiry.
 */
const EXPIRY_GRACE_MS = 2 * 60_000;

/**
 * Cancels the orders whose online Pix lapsed unpaid. A charge still 'pendente' here is
 * first read from the provider: one that was paid is confirmed instead, and while the
 * provider cannot be read nothing is cancelled (it may have been paid). Returns how many
 * it cancelled.
 */
export async function expireUnpaidPixOrders(
  options: { now?: Date; limit?: number } = {},
): Promise<number> {
  const now = options.now ?? new Date();
  const cutoff = new Date(now.getTime() - EXPIRY_GRACE_MS);
  // The open, unpaid online-Pix orders (few: they last a day), then their lapsed charges.
  const open = await db()
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(
      and(
        eq(pedidos.formaPagamento, "pix_mercadopago"),
        eq(pedidos.statusPagamento, "aguardando"),
        ne(pedidos.statusPedido, "cancelado"),
      ),
    );
  const candidates = await lapsedCobrancasOf(
    open.map((row) => row.id),
    cutoff,
    options.limit ?? 50,
  );
  let cancelled = 0;
  for (const cobranca of candidates) {
    try {
      // Only the order's newest charge speaks for it.
      if (!cobranca.pedidoId || (await latestCobranca(cobranca.pedidoId))?.id !== cobranca.id) {
        continue;
      }
      if (cobranca.status === "pendente") {
        const provider = await currentProvider();
        if (!provider) continue;
        const charge = await provider.getCobranca(cobranca.externoId);
        if (charge) {
          const applied = await applyChargeUpdate(cobranca.provedor, charge, "reconciliacao");
          if (applied.result !== "desconhecida" && applied.cobranca.status === "paga") continue;
        }
      }
      if (await cancelLapsedOrder(cobranca.id, now)) cancelled++;
    } catch (error) {
      logger.warn({ err: error, cobranca: cobranca.id }, "expiração do Pix: falha ao cancelar");
    }
  }
  return cancelled;
}

async function cancelLapsedOrder(cobrancaId: string, now: Date): Promise<boolean> {
  return transaction(async (tx) => {
    const cutoff = new Date(now.getTime() - EXPIRY_GRACE_MS);
    const lapsed = await lockLapsedCobranca(tx, cobrancaId, cutoff);
    if (!lapsed?.pedidoId) return false;
    const [pedido] = await tx
      .select()
      .from(pedidos)
      .where(eq(pedidos.id, lapsed.pedidoId))
      .for("update");
    // Paid or cancelled meanwhile (notification, admin, another instance): nothing to do.
    if (pedido?.statusPagamento !== "aguardando" || pedido.statusPedido === "cancelado") {
      return false;
    }
    if (await hasPaidCobranca(tx, pedido.id)) return false;
    await expireCobranca(tx, lapsed, now);
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
          origem: "pix_expirado",
        },
      },
      tx,
    );
    return true;
  });
}

/**
 * One pass of the payments job (orders' manifest): reconcile first, so a payment that did
 * arrive is confirmed before anything expires. Returns what it counted.
 */
export async function reconcilePayments(): Promise<{ conferidas: number; expirados: number }> {
  const conferidas = (await reconcilePendingCobrancas()) + (await syncOpenCardOrders());
  await cancelChargesOfCancelledOrders();
  const expirados = (await expireUnpaidPixOrders()) + (await expireUnpaidCardOrders());
  return { conferidas, expirados };
}
