// Which statuses an order may take now (decision 0026), pure: the server refuses by it and
// the orders view offers only what it allows. Pick-up orders go novo → preparo → pronto
// para retirada → retirado; delivery orders go novo → preparo → saiu para entrega →
// entregue; either may be cancelled, and a cancelled one is never reopened.
import {
  type FormaPagamento,
  STATUS_PEDIDO,
  type StatusPagamento,
  type StatusPedido,
} from "~/domain/statuses";

type OrderState = { modo: "entrega" | "retirada"; statusPedido: StatusPedido };

export const HANDED_OVER: readonly StatusPedido[] = ["entregue", "retirado"];

/** Payment forms paid when the order is handed over (issue 43 point 2). */
const PAID_AT_HAND_OVER: readonly FormaPagamento[] = ["balcao", "dinheiro", "cartao_entrega"];

/**
 * Whether handing `order` over as `status` must record how it was paid: a "pagar na
 * retirada" or "na entrega" order still awaiting its payment.
 */
export function handOverAsksPayment(
  order: { formaPagamento: FormaPagamento; statusPagamento: StatusPagamento },
  status: StatusPedido,
): boolean {
  return (
    HANDED_OVER.includes(status) &&
    PAID_AT_HAND_OVER.includes(order.formaPagamento) &&
    order.statusPagamento === "aguardando"
  );
}
const DELIVERY_ONLY: readonly StatusPedido[] = ["saiu_entrega", "entregue"];
const PICK_UP_ONLY: readonly StatusPedido[] = ["pronto_retirada", "retirado"];

/** Why a status cannot be set on this order now; null when it can. */
export function statusRefusal(order: OrderState, status: StatusPedido) {
  if (order.statusPedido === "cancelado") {
    return "Pedido cancelado não pode ser reaberto. Faça um novo pedido.";
  }
  if (HANDED_OVER.includes(order.statusPedido) && status !== "cancelado") {
    return "Pedido já entregue ao cliente: só pode ser cancelado.";
  }
  if (order.modo === "retirada" && DELIVERY_ONLY.includes(status)) {
    return "Pedido para retirar na loja: use Pronto para retirada e Retirado.";
  }
  if (order.modo === "entrega" && PICK_UP_ONLY.includes(status)) {
    return "Pedido para entrega: use Saiu para Entrega e Entregue.";
  }
  return null;
}

/** The statuses the staff may choose for an order: its current one and those allowed now. */
export function orderStatusChoices(order: OrderState): StatusPedido[] {
  return STATUS_PEDIDO.filter(
    (status) => status === order.statusPedido || statusRefusal(order, status) === null,
  );
}
