// The secret of an order's link (/loja/pedido/<numero>?token=...): only its hash is kept.
import crypto from "node:crypto";
import { sessionSecret } from "~/platform/secret.server";

/** The secret of the order link: derived from the form's idempotency key, so a retry gets it back. */
export function orderToken(idempotencyKey: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`pedido:${idempotencyKey}`)
    .digest("base64url");
}

/**
 * The secret of the order page reached by "Acompanhar pedido" (number and phone): the same
 * page, without the pick-up code, which only the link given at the checkout (and its
 * e-mails) shows (issue 39). Knowing someone's order number and phone is not the order.
 */
export function orderLookupToken(idempotencyKey: string): string {
  return crypto
    .createHmac("sha256", sessionSecret())
    .update(`pedido-consulta:${idempotencyKey}`)
    .digest("base64url");
}

export function hashToken(token: string): string {
  return crypto.createHash("sha256").update(token).digest("hex");
}

/** The order page's absolute address with its secret: what the customer keeps. */
export function orderPageLink(origin: string, numero: string, token: string): string {
  return `${origin}/loja/pedido/${numero}?token=${encodeURIComponent(token)}`;
}
