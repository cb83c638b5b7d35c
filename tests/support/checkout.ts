// The store's checkout as a browser posts it: the items, the form's fields, the action's answer.
import { action as checkoutAction } from "~/routes/loja/checkout";
import { formRequest } from "../setup/requests";
import { checkoutForm } from "./factories";
import { responseOf } from "./routes";

/** The checkout's answer to the form of `itens` ("varianteId:quantidade,…") with `fields`. */
export function submitCheckout(itens: string, fields: Record<string, string> = {}) {
  return responseOf(checkoutAction, formRequest("/loja/checkout", checkoutForm(itens, fields)));
}

/** The customer's fields of a delivery to Rua 2, 3 in Morretes, paid by card on delivery. */
export function cardDeliveryTo(nome: string, telefone: string) {
  return {
    nome,
    telefone,
    endereco: "Rua 2",
    numero: "3",
    bairro: "Morretes",
    formaPagamento: "cartao_entrega",
  };
}
