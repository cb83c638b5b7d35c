// A charge paid after its order was cancelled (by the staff, or by the Pix expiry) is never
// lost (decision 0035): the order keeps its cancellation and is flagged "pago após
// cancelamento", the staff hear of it in the live alerts and at the shop's new-order
// address, and they refund it or reopen the order (payment-loops.server.ts).
import { centavosToDecimal } from "~/domain/money";
import type { Settings } from "~/modules/shop/index.server";
import type { Tx } from "~/platform/db/client.server";
import { emit } from "~/platform/events.server";
import type { Pedido } from "./tables.server";

/** The flag's columns when `pedido` (as it stood) is being paid now, else nothing. */
export function paidAfterCancelColumns(pedido: Pedido, next: string, at: Date) {
  return next === "pago" && pedido.statusPedido === "cancelado"
    ? { pagoAposCancelamentoEm: at }
    : {};
}

/**
 * A card payment contested (chargeback, decision 0080): a live alert to the order's unit and
 * an e-mail to every active owner, in the transaction that noted it (once per charge).
 */
export async function announceChargeback(tx: Tx, pedido: Pedido, owners: string[]) {
  await emit(tx, {
    tipo: "pedido.contestado",
    resourceType: "pedido",
    resourceId: pedido.id,
    aviso: {
      tipo: "contestacao",
      dados: {
        numero: pedido.numeroPedido,
        total: centavosToDecimal(pedido.total),
        cliente: pedido.clienteNome,
        unidade_id: pedido.unidadeId,
      },
    },
    emails: owners.map((destinatario) => ({ tipo: "loja_contestacao", destinatario })),
  });
}

/** Tells the staff, in the payment's transaction: a live alert and the shop's e-mail. */
export async function announcePaidAfterCancel(
  tx: Tx,
  pedido: Pedido,
  settings: Settings,
): Promise<void> {
  const loja = settings.emailNovosPedidos?.trim();
  await emit(tx, {
    tipo: "pedido.pago_apos_cancelamento",
    resourceType: "pedido",
    resourceId: pedido.id,
    aviso: {
      tipo: "pago_apos_cancelamento",
      dados: {
        numero: pedido.numeroPedido,
        total: centavosToDecimal(pedido.total),
        cliente: pedido.clienteNome,
        // Only the staff of the order's unit hear of it (decision 0069).
        unidade_id: pedido.unidadeId,
      },
    },
    emails: loja ? [{ tipo: "loja_pago_apos_cancelamento", destinatario: loja }] : [],
  });
}
