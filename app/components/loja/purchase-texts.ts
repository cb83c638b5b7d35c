// The texts the `store-purchase` island shows on the cart and the checkout, given to it as
// props (the island's module stays free of the modules they come from).
import type { StorePurchaseOptions } from "~/islands/store-purchase";
import { CEP_MESSAGES } from "~/modules/delivery";
import { pickUpGapTitle, QUOTE_TEXTS, SUMMARY_TEXTS } from "~/modules/orders";
import { COUPON_INVALID, COUPON_REMOVED, couponAppliedMessage } from "~/modules/promotions";

export const PURCHASE_TEXTS: StorePurchaseOptions["texts"] = {
  couponApplied: couponAppliedMessage("{codigo}"),
  couponRemoved: COUPON_REMOVED,
  couponInvalid: COUPON_INVALID,
  ...QUOTE_TEXTS,
  ...SUMMARY_TEXTS,
  sending: "Enviando pedido...",
  cepSearching: "Buscando o endereço do CEP…",
  cepUnavailable: CEP_MESSAGES.unavailable,
  pickUpGapTitle: pickUpGapTitle("{unidade}"),
  pickUpGapRemove: "Remover {nome} do pedido",
};
