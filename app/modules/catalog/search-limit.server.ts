// How many searches the store answers each address from the database (issue 39, point 4):
// a token bucket per address, in this instance's memory. Only searches nobody asked
// recently cost anything (a kept listing or suggestion is free and takes no token), so the
// bucket is wide enough for a family behind one carrier address (CGNAT) typing away, and
// narrow enough that one address cannot keep the database busy. In memory rather than in
// `rate_limits`: counting a search must not be a database write (a read turned into a write
// is what an attacker wants), and each instance bounding its own share is enough for a bound
// on work. Decision 0054.
import { now as clockNow } from "~/platform/clock.server";
import { env } from "~/platform/env.server";

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

/**
 * Searches this instance runs against the database at once; the others wait their turn (a
 * short line), and past that are answered "busy" at once. The bucket bounds one address;
 * this bounds many (50 addresses searching together took the checkout from 21 ms to 20 s):
 * the checkout never queues behind more than this many searches, and on PGlite, whose
 * queries run one after another in the server's thread, /healthz and every page keep their
 * turn.
 */
// One at a time (bench, issue 39 point 4): on PGlite two searches at once only queue in its
// one thread, and each turn held is a turn the checkout waits.
const RUNNING_SEARCHES = 1;
/** Searches that may wait for a turn, and for how long. */
const WAITING_SEARCHES = 4;
const MAX_WAIT_MS = 2_000;

/** No turn for this search now: answered 503 with a short Retry-After. */
export class SearchBusyError extends Error {
  constructor() {
    super("buscas demais ao mesmo tempo");
    this.name = "SearchBusyError";
  }
}

let running = 0;
const waiting: (() => void)[] = [];

/** Runs one uncached search's database work when its turn comes (see RUNNING_SEARCHES). */
export async function inSearchTurn<T>(work: () => Promise<T>): Promise<T> {
  if (running >= RUNNING_SEARCHES) {
    if (waiting.length >= WAITING_SEARCHES) throw new SearchBusyError();
    await new Promise<void>((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        const at = waiting.indexOf(turn);
        if (at >= 0) waiting.splice(at, 1);
        reject(new SearchBusyError());
      }, MAX_WAIT_MS);
      waiting.push(turn);
    });
  } else {
    running++;
  }
  try {
    return await work();
  } finally {
    // The turn passes straight to the next in line (running stays counted), else frees.
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}

/** The message of a search that found no turn. */
export const SEARCH_BUSY_MESSAGE =
  "A busca da loja está muito procurada agora. Tente de novo em alguns segundos.";

/**
 * Search requests (/loja with a search, /loja/sugestoes) this instance answers at once,
 * rendering included: past this many, a search is answered a short "busy" page before any
 * database read or page render, so 50 searchers cannot fill the server's thread with pages
 * nobody needs (the checkout answers between them). Counted by the HTTP layer
 * (http/app.ts) around the whole request.
 */
// Two (was six): 50 hostile searchers took the checkout's p99 from 26 to 894 ms on PGlite with
// six renders at once, and to 366 ms with two (scripts/bench/hostile-search.ts).
const SEARCH_REQUESTS_AT_ONCE = 2;
let searchRequests = 0;

/** Whether a request is a store search (its path and `q`). */
export function isStoreSearch(path: string, q: unknown): boolean {
  if (path === "/loja/sugestoes") return true;
  return (path === "/loja" || path === "/loja/") && typeof q === "string" && q.trim() !== "";
}

/**
 * The shop-wide bucket: uncached searches this instance starts per second, all addresses
 * together. The per-address bucket bounds one address; 50 addresses each within theirs still
 * kept the server's thread rendering search pages (the checkout's p99 at 28× its quiet figure
 * on PGlite). A two-unit shop's visitors type far fewer than this; repeated searches come
 * from the shared page cache and never reach here. SEARCH_RATE_PER_SECOND sets it (0: off).
 */
let shopTokens: number | null = null;
let shopTokensAt = 0;

function takeShopSearchToken(now: number): boolean {
  const rate = env().SEARCH_RATE_PER_SECOND;
  if (rate <= 0) return true;
  const burst = Math.max(20, Math.ceil(rate * 3));
  shopTokens = Math.min(
    burst,
    (shopTokens ?? burst) + (Math.max(0, now - shopTokensAt) / 1000) * rate,
  );
  shopTokensAt = now;
  if (shopTokens < 1) return false;
  shopTokens -= 1;
  return true;
}

/** Tests start from a full shop-wide bucket. */
export function resetShopSearchBucket() {
  shopTokens = null;
  shopTokensAt = 0;
}

/** A search request's place: a function to give it back when answered, or null when full. */
export function enterSearchRequest(now = clockNow().getTime()): (() => void) | null {
  if (searchRequests >= SEARCH_REQUESTS_AT_ONCE) return null;
  if (!takeShopSearchToken(now)) return null;
  searchRequests++;
  let left = false;
  return () => {
    if (left) return;
    left = true;
    searchRequests--;
  };
}

/** The page of a search with no place: small, in Portuguese, no render, no database. */
export const SEARCH_BUSY_PAGE = `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Busca ocupada · Agropet Litoral</title></head>
<body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5">
<h1 style="font-size:1.25rem">A busca da loja está muito procurada agora</h1>
<p>Tente de novo em alguns segundos. O carrinho e os pedidos continuam funcionando.</p>
<p><a href="/loja">Voltar para a loja</a></p>
</body></html>`;
