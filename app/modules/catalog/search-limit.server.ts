// How many searches the store answers each address from the database (issue 39, point 4):
// a token bucket per address, in this instance's memory. Only searches nobody asked
// recently cost anything (a kept listing or suggestion is free and takes no token), so the
// bucket is wide enough for a family behind one carrier address (CGNAT) typing away, and
// narrow enough that one address cannot keep the database busy. In memory rather than in
// `rate_limits`: counting a search must not be a database write (a read turned into a write
// is what an attacker wants), and each instance bounding its own share is enough for a bound
// on work. Decision 0054.
import { now as clockNow } from "~/infra/clock.server";

/** Searches an address may make at once (a burst of typing), and the bucket's size. */
export const SEARCH_BURST = 40;
/** Tokens back per second: a search a second, sustained. */
const REFILL_PER_SECOND = 1;
/** Addresses remembered; the least recently seen go first (a flood of addresses is bounded). */
const MAX_ADDRESSES = 20_000;

interface Bucket {
  tokens: number;
  at: number;
}

const buckets = new Map<string, Bucket>();

/** IPv6 addresses count by their /64 (one customer's network hands out a whole /64). */
function keyOf(address: string): string {
  const ip = address.replace(/^::ffff:/i, "").toLowerCase();
  if (!ip.includes(":")) return ip;
  const [head = "", tail = ""] = ip.split("::");
  const left = head.split(":").filter(Boolean);
  const right = ip.includes("::") ? tail.split(":").filter(Boolean) : [];
  const groups = [
    ...left,
    ...Array(Math.max(0, 8 - left.length - right.length)).fill("0"),
    ...right,
  ];
  return `${groups.slice(0, 4).join(":")}::/64`;
}

/**
 * Takes a token for one uncached search from `address`: false when its bucket is empty (the
 * search is refused with a 429). `now` in milliseconds.
 */
export function takeSearchToken(address: string, now = clockNow().getTime()): boolean {
  const key = keyOf(address);
  const bucket = buckets.get(key);
  const tokens = bucket
    ? Math.min(SEARCH_BURST, bucket.tokens + ((now - bucket.at) / 1000) * REFILL_PER_SECOND)
    : SEARCH_BURST;
  if (bucket) buckets.delete(key);
  const allowed = tokens >= 1;
  buckets.set(key, { tokens: allowed ? tokens - 1 : tokens, at: now });
  if (buckets.size > MAX_ADDRESSES) buckets.delete(buckets.keys().next().value as string);
  return allowed;
}

/** Seconds until `address` has a token again (for Retry-After). */
export function searchRetryAfter(address: string, now = clockNow().getTime()): number {
  const bucket = buckets.get(keyOf(address));
  if (!bucket) return 0;
  const tokens = bucket.tokens + ((now - bucket.at) / 1000) * REFILL_PER_SECOND;
  return tokens >= 1 ? 0 : Math.ceil((1 - tokens) / REFILL_PER_SECOND);
}

/** The message a refused search shows (page and suggestions). */
export const SEARCH_LIMIT_MESSAGE =
  "Muitas buscas em pouco tempo. Espere alguns segundos e tente de novo.";
