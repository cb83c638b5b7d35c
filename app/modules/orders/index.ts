// The module's client-safe face: types, schemas and pure rules that components may use too.

export type { CardOnlineView } from "./card-view";
export type { CartAction, CartItem, CartState } from "./cart";
export {
  addableQuantity,
  CART_TEXTS,
  cartCount,
  cartItemFrom,
  cartLineHref,
  cartReducer,
  cartText,
  emptyCart,
  encodeCartLines,
  PICK_UP_GAP_CHOICES,
  parseStoredCart,
  pickUpGapTitle,
  QUOTE_TEXTS,
  quoteWarnings,
  remainingStock,
  SUMMARY_TEXTS,
} from "./cart";
export { cartQuoteSchema } from "./cart-quote.schema";
export { CART_FORM_ACTION } from "./cookie-cart";
export { orderLineName } from "./line";
export { orderMessage } from "./message";
export { savedAddressFields } from "./saved-address";
export { handOverAsksPayment, orderStatusChoices } from "./status-rules";
export type { CartQuote, CheckoutResult, PrintOrder } from "./types";
