// The order's online Pix as the customer meets it: the charge made right after the
// checkout, the order page's "try again" when the provider was down, and the small status
// answer the page polls (decision 0014). The page's Pix block is payments' pixOnlineView.

import { pixOnlineStage } from "~/modules/payments";
import { CobrancaError, latestCobranca } from "~/modules/payments/index.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { chargeOrderPix } from "./payment.server";
import { getCustomerOrder } from "./queries.server";
import type { Pedido } from "./tables.server";

const PIX_ONLINE_MESSAGES = {
  falhou: "Não foi possível gerar o Pix agora",
  gerado: "Pix gerado. Pague pelo QR Code ou pelo copia e cola.",
} as const;

/**
 * Creates (or gets back) the order's charge. Called after the order's transaction has
 * committed, so the stock is already reserved and a provider outage never loses the
 * order: it answers false and the order page offers to try again. The idempotency key
 * of the charge makes every retry land on the same payment.
 */
export async function startOrderPixCharge(
  pedido: Pick<Pedido, "id" | "numeroPedido" | "formaPagamento" | "clienteEmail">,
): Promise<boolean> {
  if (pedido.formaPagamento !== "pix_mercadopago" || !pedido.clienteEmail) return false;
  try {
    await chargeOrderPix(pedido.id, { email: pedido.clienteEmail });
    return true;
  } catch (error) {
    const level = error instanceof CobrancaError ? "warn" : "error";
    logger[level](
      { err: error, pedido: pedido.numeroPedido },
      "não foi possível criar a cobrança Pix do pedido",
    );
    return false;
  }
}

/**
 * A "compra programada" renewal placed by the cycle (issue 45): its online Pix starts as the
 * checkout's does (payable until the end of its date, chargeOrderPix), so the order page shows
 * the QR code instead of a failure. Once: a run that got the same order back finds its charge
 * and makes none.
 */
export async function startRenewalPixCharge(
  pedido: Pick<
    Pedido,
    "id" | "numeroPedido" | "formaPagamento" | "clienteEmail" | "statusPagamento" | "statusPedido"
  >,
): Promise<boolean> {
  if (pedido.formaPagamento !== "pix_mercadopago") return false;
  const stage = pixOnlineStage(pedido, await latestCobranca(pedido.id), new Date());
  if (stage !== "indisponivel") return stage === "pendente" || stage === "pago";
  return startOrderPixCharge(pedido);
}

/** The order page's "Tentar novamente": only with the order's secret link. */
export async function retryOrderPixCharge(
  numero: string,
  token: string | null,
): Promise<{ ok: boolean; message: string } | null> {
  const found = await getCustomerOrder(numero, token);
  if (!found) return null;
  const { pedido } = found;
  const stage = pixOnlineStage(pedido, await latestCobranca(pedido.id), new Date());
  // Nothing to do when a charge is open, paid or the order is over: no second charge.
  if (stage !== "indisponivel") return { ok: true, message: PIX_ONLINE_MESSAGES.gerado };
  const ok = await startOrderPixCharge(pedido);
  return { ok, message: ok ? PIX_ONLINE_MESSAGES.gerado : PIX_ONLINE_MESSAGES.falhou };
}

/** What the order page polls: enough to know when to reload itself, nothing more. */
export async function customerOrderStatus(numero: string, token: string | null) {
  const found = await getCustomerOrder(numero, token, db());
  if (!found) return null;
  const { pedido } = found;
  const cobranca =
    pedido.formaPagamento === "pix_mercadopago" ? await latestCobranca(pedido.id) : null;
  return {
    statusPedido: pedido.statusPedido,
    statusPagamento: pedido.statusPagamento,
    pix:
      pedido.formaPagamento === "pix_mercadopago"
        ? pixOnlineStage(pedido, cobranca, new Date())
        : null,
  };
}
