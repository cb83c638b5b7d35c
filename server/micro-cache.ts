// A tiny shared cache for anonymous GETs, like a CDN in front of the app: a page whose
// response says `s-maxage=N` (and sets no cookie) is kept in memory for N seconds and,
// with `stale-while-revalidate=M`, served stale for M more while one request refreshes
// it. Requests carrying one of our cookies (session, toast, order flash) always go to
// the app, so admins, toasts and the post-checkout message are never shared.
// Routes opt in through their Cache-Control header; everything else passes through.
import type { NextFunction, Request, Response } from "express";

interface Entry {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  storedAt: number;
  freshMs: number;
  staleMs: number;
  /** The CSP nonce written into this body; each response that reuses it gets its own. */
  nonce?: string;
}

const PRIVATE_COOKIE = /(?:^|;\s*)(?:__Host-)?agropet_/;
const MAX_ENTRIES = 500;

function directive(cacheControl: string, name: string): number | null {
  const match = new RegExp(`(?:^|[,\\s])${name}=(\\d+)`).exec(cacheControl);
  return match ? Number(match[1]) : null;
}

/** The stored body with its nonce replaced by this response's: never one nonce for two visitors. */
function withNonce(entry: Entry, nonce: string | undefined): Buffer {
  if (!entry.nonce || !nonce || nonce === entry.nonce) return entry.body;
  return Buffer.from(entry.body.toString("utf8").replaceAll(entry.nonce, nonce), "utf8");
}

export function microCache(options: { now?: () => number } = {}) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | null>>();

  function send(res: Response, entry: Entry, state: "HIT" | "STALE") {
    res.status(entry.status);
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader("Age", String(Math.floor((now() - entry.storedAt) / 1000)));
    res.setHeader("X-Cache", state);
    res.end(withNonce(entry, res.locals.cspNonce as string | undefined));
  }

  /** Lets the app answer this request and records the response when it is cacheable. */
  function capture(key: string, res: Response, next: NextFunction) {
    let settle!: (entry: Entry | null) => void;
    const promise = new Promise<Entry | null>((resolve) => {
      settle = resolve;
    });
    inFlight.set(key, promise);
    const chunks: Buffer[] = [];
    const write = res.write.bind(res) as (...args: unknown[]) => boolean;
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : Buffer.from(
              chunk as string,
              (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding,
            ),
      );
    };
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      return write(chunk, ...rest);
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const result = end(chunk, ...rest);
      settle(record(key, res, Buffer.concat(chunks)));
      inFlight.delete(key);
      return result;
    }) as Response["end"];
    res.on("close", () => {
      if (inFlight.get(key) === promise) {
        inFlight.delete(key);
        settle(null);
      }
    });
    next();
  }

  function record(key: string, res: Response, body: Buffer): Entry | null {
    const cacheControl = String(res.getHeader("cache-control") ?? "");
    const sMaxAge = directive(cacheControl, "s-maxage");
    if (res.statusCode !== 200 || !sMaxAge || res.getHeader("set-cookie")) {
      entries.delete(key);
      return null;
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(res.getHeaders())) {
      // The body is kept uncompressed; compression runs again for each client.
      if (value === undefined || name === "content-encoding" || name === "content-length") continue;
      // The policy names the nonce of the response that rendered the page: each response
      // keeps the policy set for it.
      if (name === "content-security-policy") continue;
      headers[name] = Array.isArray(value) ? value : String(value);
    }
    const entry: Entry = {
      status: 200,
      headers,
      body,
      storedAt: now(),
      freshMs: sMaxAge * 1000,
      staleMs: (directive(cacheControl, "stale-while-revalidate") ?? 0) * 1000,
      nonce: res.locals.cspNonce as string | undefined,
    };
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, entry);
    return entry;
  }

  return async function microCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    if (req.method !== "GET" || PRIVATE_COOKIE.test(req.headers.cookie ?? "")) return next();
    const key = req.originalUrl;
    const entry = entries.get(key);
    const age = entry ? now() - entry.storedAt : 0;
    if (entry && age < entry.freshMs) return send(res, entry, "HIT");
    const pending = inFlight.get(key);
    if (entry && age < entry.freshMs + entry.staleMs) {
      if (pending) return send(res, entry, "STALE");
      return capture(key, res, next);
    }
    if (pending) {
      // The same page is being rendered right now: wait for it instead of rendering again.
      const fresh = await pending;
      if (fresh) return send(res, fresh, "HIT");
      return next();
    }
    return capture(key, res, next);
  };
}
