// The module's client-safe face: types, schemas and pure rules that components may use too.

export type { CartAction, CartItem, CartState } from "./cart";
export {
  addableQuantity,
  CART_TEXTS,
  cartCount,
  cartItemFrom,
  cartReducer,
  cartText,
  cartTotal,
  decodeCartLines,
  emptyCart,
  encodeCartLines,
  parseStoredCart,
  QUOTE_TEXTS,
  quoteWarnings,
  remainingStock,
  SUMMARY_TEXTS,
} from "./cart";
export { cartQuoteSchema } from "./cart-quote.schema";
export { orderMessage } from "./message";
export { isOrderNumber, orderNumber } from "./number";
export { computeTotals, paymentDiscount, paymentDiscountPercent } from "./totals";
export type { CheckoutResult } from "./types";
