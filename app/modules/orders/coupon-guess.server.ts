// Coupon codes typed in the cart are guesses an attacker can make in bulk: each one is
// counted per address before it is checked, in one conditional upsert (as the admin login
// does, decision 0016), so of a burst of N simultaneous guesses only the limit's worth is
// evaluated and the rest are refused unseen. A code that exists gives its attempt back: a
// customer whose cart re-checks the applied coupon at every change is not counted.

import { COUPON_INVALID } from "~/modules/promotions";
import { rateLimitRule, refundAttempt, reserveAttempt } from "~/platform/rate-limits.server";
import { type CartQuote, quoteCart } from "./cart.server";

type QuoteInput = Parameters<typeof quoteCart>[0] & { cupom: string };

/** The quote with its coupon checked, or `blocked` when this address has guessed too much. */
export async function quoteCartWithCouponGuess(
  input: QuoteInput,
  ip: string,
): Promise<{ blocked: true } | { blocked: false; quote: CartQuote }> {
  const rule = rateLimitRule("cupom");
  const reservation = await reserveAttempt("cupom", ip, rule);
  if (!reservation.reserved) return { blocked: true };
  let quote: CartQuote;
  try {
    quote = await quoteCart(input);
  } catch (error) {
    // Not evaluated: the attempt is given back.
    await refundAttempt("cupom", ip, rule).catch(() => undefined);
    throw error;
  }
  const wrong = !quote.cupom && (quote.cupomErro === COUPON_INVALID || !quote.cupomErro);
  if (!wrong) await refundAttempt("cupom", ip, rule);
  return { blocked: false, quote };
}
