// The Pix charge shown on a customer's order page: the static BR Code for the exact
// total and its QR code, when the order is paid by Pix and the shop's key is set.
import QRCode from "qrcode";
import { shop } from "~/content/shop";
import { normalizePixKey } from "~/domain/pix-key";
import type { Settings } from "~/modules/shop/index.server";
import type { ChargeableOrder } from "./cobrancas.server";
import { pixPayload, pixTxid } from "./pix";

export async function pixChargeFor(
  pedido: Pick<ChargeableOrder, "formaPagamento" | "total" | "numeroPedido" | "statusPagamento">,
  settings: Settings,
): Promise<{ payload: string; qrSvg: string; chave: string } | null> {
  if (pedido.formaPagamento !== "pix" || !settings.pixChave?.trim()) return null;
  // A saved key that is no valid key makes no code a bank would refuse; the admin's
  // settings show it must be fixed.
  const key = normalizePixKey(settings.pixChave);
  if (!key.ok) return null;
  const chave = key.chave;
  const payload = pixPayload({
    chave,
    nome: settings.pixNomeRecebedor?.trim() || shop.name,
    cidade: settings.pixCidade?.trim() || shop.city,
    valor: pedido.total,
    txid: pixTxid(pedido.numeroPedido),
  });
  const qrSvg = await QRCode.toString(payload, {
    type: "svg",
    margin: 1,
    errorCorrectionLevel: "M",
  });
  return { payload, qrSvg, chave };
}
