// Types the store's components need from this module, safe in client code (erased at build).

export type { CartQuote } from "./cart.server";
export type { CheckoutResult } from "./checkout.server";
export type { PrintOrder } from "./print.server";
