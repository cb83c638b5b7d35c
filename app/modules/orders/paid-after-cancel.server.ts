// A charge paid after its order was cancelled (by the staff, or by the Pix expiry) is never
// lost (decision 0035): the order keeps its cancellation and is flagged "pago após
// cancelamento", the staff hear of it in the live alerts and at the shop's new-order
// address, and they refund it or reopen the order (payment-loops.server.ts).
import { centavosToDecimal } from "~/domain/money";
import { recordAlert } from "~/modules/alerts/index.server";
import { enqueueEmails } from "~/modules/mail/index.server";
import type { Settings } from "~/modules/shop/index.server";
import type { Tx } from "~/platform/db/client.server";
import type { Pedido } from "./tables.server";

/** The flag's columns when `pedido` (as it stood) is being paid now, else nothing. */
export function paidAfterCancelColumns(pedido: Pedido, next: string, at: Date) {
  return next === "pago" && pedido.statusPedido === "cancelado"
    ? { pagoAposCancelamentoEm: at }
    : {};
}

/** Tells the staff, in the payment's transaction: a live alert and the shop's e-mail. */
export async function announcePaidAfterCancel(
  tx: Tx,
  pedido: Pedido,
  settings: Settings,
): Promise<void> {
  await recordAlert(tx, {
    tipo: "pago_apos_cancelamento",
    referenciaId: pedido.id,
    dados: {
      numero: pedido.numeroPedido,
      total: centavosToDecimal(pedido.total),
      cliente: pedido.clienteNome,
    },
  });
  const loja = settings.emailNovosPedidos?.trim();
  if (loja) {
    await enqueueEmails(tx, [
      { tipo: "loja_pago_apos_cancelamento", destinatario: loja, pedidoId: pedido.id },
    ]);
  }
}
