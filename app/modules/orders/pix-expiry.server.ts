// The order lifecycle's job for online Pix: every few seconds, reconcile the pending
// charges with the provider, then cancel the orders whose charge lapsed unpaid, returning
// their stock exactly once (the admin's cancellation rule, decision 0007).
import {
  currentProvider,
  expireCobranca,
  lapsedCobrancasOf,
  latestCobranca,
  lockLapsedCobranca,
} from "~/modules/payments/index.server";
import { transaction } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { expireUnpaidCardOrders, syncOpenCardOrders } from "./card.server";
import { applyChargeUpdate, reconcilePendingCobrancas } from "./payment.server";
import { cancelChargesOfCancelledOrders } from "./payment-loops.server";
import {
  awaitingOnlineOrders,
  cancelUnpaidOnlineOrder,
  EXPIRY_GRACE_MS,
} from "./unpaid-online.server";

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
  const open = await awaitingOnlineOrders("pix_mercadopago");
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
    return cancelUnpaidOnlineOrder(tx, lapsed.pedidoId, {
      origem: "pix_expirado",
      lapsed: () => expireCobranca(tx, lapsed, now),
    });
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
