// Online Pix as the customer sees it: the charge made right after the checkout, the
// order page's QR code / copia e cola / remaining time, the "try again" when the provider
// was down, and the small status answer the page polls (decision 0014).
import QRCode from "qrcode";
import { db } from "~/infra/db/client.server";
import type { Pedido } from "~/infra/db/schema.server";
import { logger } from "~/infra/logger.server";
import { getCustomerOrder } from "~/modules/orders/place-order.server";
import { pixOnlineStage } from "~/modules/payments/cobranca";
import type { Settings } from "~/modules/shop/settings.server";
import { CobrancaError, createPixCobranca, latestCobranca } from "./cobrancas.server";
import { pixChargeFor } from "./pix.server";

export const PIX_ONLINE_MESSAGES = {
  falhou: "Não foi possível gerar o Pix agora",
  gerado: "Pix gerado. Pague pelo QR Code ou pelo copia e cola.",
} as const;

/**
 * Creates (or gets back) the order's charge. Called after the order's transaction has
 * committed, so the stock is already reserved and a provider outage never loses the
 * order: it answers false and the order page offers to try again. The idempotency key
 * of createPixCobranca makes every retry land on the same payment.
 */
export async function startOrderPixCharge(
  pedido: Pick<Pedido, "id" | "numeroPedido" | "formaPagamento" | "clienteEmail">,
): Promise<boolean> {
  if (pedido.formaPagamento !== "pix_mercadopago" || !pedido.clienteEmail) return false;
  try {
    await createPixCobranca(pedido.id, { email: pedido.clienteEmail });
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

/** The online Pix block of the order page (null when the order is not paid that way). */
export type PixOnlineView =
  | {
      estado: "pendente";
      copiaECola: string;
      qrSvg: string;
      /** ISO instant; the page counts down to it. */
      expiraEm: string | null;
      ticketUrl: string | null;
    }
  | { estado: "pago" }
  | { estado: "expirado"; cancelado: boolean }
  | {
      estado: "indisponivel";
      /** The shop's manual Pix for the same total, when it is on. */
      manual: { payload: string; qrSvg: string; chave: string } | null;
    };

export async function pixOnlineView(
  pedido: Pedido,
  settings: Settings,
  now = new Date(),
): Promise<PixOnlineView | null> {
  if (pedido.formaPagamento !== "pix_mercadopago") return null;
  const cobranca = await latestCobranca(pedido.id);
  const stage = pixOnlineStage(pedido, cobranca, now);
  switch (stage) {
    case "sem_pix":
      return null;
    case "pago":
      return { estado: "pago" };
    case "expirado":
      return { estado: "expirado", cancelado: pedido.statusPedido === "cancelado" };
    case "pendente": {
      const copiaECola = cobranca!.qrCode!;
      // Made here from the copia e cola (as for manual Pix): an inline SVG needs no
      // image source in the CSP and does not trust bytes from the provider.
      const qrSvg = await QRCode.toString(copiaECola, {
        type: "svg",
        margin: 1,
        errorCorrectionLevel: "M",
      });
      return {
        estado: "pendente",
        copiaECola,
        qrSvg,
        expiraEm: cobranca!.expiraEm?.toISOString() ?? null,
        ticketUrl: cobranca!.ticketUrl,
      };
    }
    case "indisponivel":
      return {
        estado: "indisponivel",
        manual: settings.pixManualAtivo
          ? await pixChargeFor({ ...pedido, formaPagamento: "pix" }, settings)
          : null,
      };
  }
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
