// Online Pix on the order page: the QR code / copia e cola / remaining time of the order's
// charge, or the shop's manual Pix when the provider could not make one (decision 0014).
import QRCode from "qrcode";
import type { Settings } from "~/modules/shop/index.server";
import { pixOnlineStage } from "./cobranca";
import { type ChargeableOrder, latestCobranca } from "./cobrancas.server";
import { pixChargeFor } from "./pix.server";

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
  pedido: ChargeableOrder,
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
