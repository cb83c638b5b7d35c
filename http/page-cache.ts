// The shared page cache, in front of React Router (docs/decisions/0013-cache-de-paginas.md).
//
// Which requests: an anonymous GET of a public page (a route whose `handle` declares
// `pageCache`, decision 0062) without any of our
// cookies (session, toast, order flash) and without credentials. Everything else goes
// straight to the app, as always.
//
// What is kept: the page once, already compressed (brotli and gzip, plus the plain bytes),
// under its URL and the data generation it was rendered in. The generation moves when the
// database says a product, category, coupon, neighbourhood, setting or unit changed (a trigger
// and NOTIFY, heard by every instance), so an admin change shows on the next request on
// every instance. A page rendered while the generation moved is not kept.
//
// Scripts: a shared page is rendered without a CSP nonce (a nonce shared by several
// visitors is no secret) and its policy lists the SHA-256 of each inline script instead.
// The same bytes go to every visitor, cached or not, so the uncached render and the cached
// copy are byte-identical.
import crypto from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request, Response } from "express";
import { matchRoutes, type RouteObject } from "react-router";
import type { PageCacheHandle, SharedPage } from "~/lib/page-cache";
import { type Encoding, pickEncoding } from "~/platform/compress.server";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A route as the server build lists it (`ServerBuild["routes"]`), with what the cache reads. */
interface BuildRoute {
  id: string;
  parentId?: string;
  path?: string;
  index?: boolean;
  module: { handle?: unknown; default?: unknown };
}

/** One shared page: where it is, what it reads, and the routes that outrank it. */
interface SharedRoute {
  /** Its full route pattern ("/loja/produto/:id"). */
  pattern: string;
  /** Whether it renders a document (a component), or is a resource route (sitemap.xml). */
  document: boolean;
  page: SharedPage;
  matcher: RegExp;
  /** Addresses its pattern matches that belong to a more specific route. */
  outranked: RegExp[];
}

/**
 * The public pages every anonymous visitor sees alike, as their routes declare them
 * (`handle.pageCache`, app/lib/page-cache.ts), each with the query parameters its render
 * reads. A page is kept and rendered under its address with those parameters only (the first
 * value of each, as the loaders read them): `/sobre?junk=N` is `/sobre`, so made-up parameters
 * neither fill the cache (800 of them grew the process by 174 MB and pushed product pages out)
 * nor reach the render. Tracking tags (utm_*) stay in the visitor's address bar; the page is
 * the same.
 */
export interface SharedPages {
  /** The declaration of the page at `path` (no query), or null when it is not shared. */
  find(path: string): SharedPage | null;
  /** Every shared page's route pattern, and whether it renders a document. */
  routes: { pattern: string; document: boolean }[];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const segmentsOf = (pattern: string) => pattern.split("/").filter(Boolean);
const isDynamic = (segment: string) => segment.startsWith(":");

/** A route pattern as React Router matches it (case-sensitive, no trailing slash). */
function patternMatcher(pattern: string): RegExp {
  const segments = segmentsOf(pattern);
  const body = segments.map((s) => (isDynamic(s) ? "/[^/]+" : `/${escapeRegExp(s)}`)).join("");
  return new RegExp(`^${body || "/"}$`);
}

/**
 * Reads the shared pages from the server build's route modules. Matching an address with
 * React Router's `matchRoutes` takes about a millisecond over the whole route table, too much
 * for every cached answer; so the ranking is asked once, here: each shared page's pattern
 * becomes a regular expression, and any route that would win over a dynamic segment of it
 * (a static `/loja/produto/novo` beside `/loja/produto/:id`) becomes an exclusion.
 */
export function sharedPagesOf(build: Record<string, BuildRoute | undefined>): SharedPages {
  const routes = Object.values(build).filter((r): r is BuildRoute => Boolean(r));
  const children = new Map<string | undefined, BuildRoute[]>();
  for (const route of routes) {
    children.set(route.parentId, [...(children.get(route.parentId) ?? []), route]);
  }
  const patterns = new Map<string, string>();
  const tree = (parentId: string | undefined, base: string): RouteObject[] =>
    (children.get(parentId) ?? []).map((route): RouteObject => {
      const full = route.path ? `${base.replace(/\/$/, "")}/${route.path}` : base;
      patterns.set(route.id, full);
      if (route.index) return { id: route.id, index: true, caseSensitive: true };
      return {
        id: route.id,
        path: route.path,
        caseSensitive: true,
        children: tree(route.id, full),
      };
    });
  const nodes = tree(undefined, "/");
  const winner = (path: string) => matchRoutes(nodes, path)?.at(-1)?.route.id;

  const shared: SharedRoute[] = [];
  for (const route of routes) {
    const page = (route.module.handle as PageCacheHandle | undefined)?.pageCache;
    const pattern = patterns.get(route.id);
    if (!page || !pattern) continue;
    if (/[*?]/.test(pattern))
      throw new Error(`Página compartilhada com padrão variável: ${pattern}`);
    const own = segmentsOf(pattern);
    const outranked: RegExp[] = [];
    for (const [otherId, other] of patterns) {
      const theirs = segmentsOf(other);
      if (otherId === route.id || theirs.length !== own.length || /[*?]/.test(other)) continue;
      const sample = own.map((segment, i) => {
        const their = theirs[i]!;
        if (!isDynamic(segment)) return isDynamic(their) || their === segment ? segment : null;
        return isDynamic(their) ? "x" : their;
      });
      if (sample.includes(null)) continue;
      const path = `/${sample.join("/")}`;
      if (winner(path) !== route.id) outranked.push(patternMatcher(other));
    }
    shared.push({
      pattern,
      document: typeof route.module.default === "function",
      page,
      matcher: patternMatcher(pattern),
      outranked,
    });
  }
  return {
    find(path) {
      for (const route of shared) {
        if (route.matcher.test(path) && !route.outranked.some((r) => r.test(path))) {
          return route.page;
        }
      }
      return null;
    },
    routes: shared.map(({ pattern, document }) => ({ pattern, document })),
  };
}

/**
 * The address a shared page is kept and rendered under: its path and the parameters it
 * reads, in the list's order, first value each; null when `url` is no shared page or
 * carries a visitor's own data.
 */
export function sharedPageUrl(url: string, pages: SharedPages): string | null {
  const query = url.indexOf("?");
  const path = query < 0 ? url : url.slice(0, query);
  const page = pages.find(path);
  if (!page) return null;
  if (query < 0) return path;
  const given = new URLSearchParams(url.slice(query + 1));
  if (page.personal?.some((name) => given.get(name))) return null;
  const kept = new URLSearchParams();
  for (const name of page.params) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const search = kept.toString();
  return search ? `${path}?${search}` : path;
}
const PRIVATE_COOKIE = /(?:^|;\s*)(?:__Host-)?agropet_/;
/** Where the shop's own writes come from (the writes that tell this instance at once). */
const ADMIN_PATH = /^\/admin(?:\/|$)/;
const MAX_ENTRIES = 500;
const MAX_BODY = 2 * 1024 * 1024;
/** Even without a change, a page is rendered again after this long (clock-based content). */
const MAX_AGE_MS = 10 * 60 * 1000;
/** What a shared page tells browsers and proxies: keep it, but ask (ETag) before reusing it. */
const SHARED_CACHE_CONTROL = "public, max-age=0, must-revalidate";

/** One encoding of a kept page: its bytes and every header, ready to write. */
interface Variant {
  body: Buffer;
  headers: Record<"HIT" | "MISS", OutgoingHttpHeaders>;
  /** The 304 answer's headers (no body, so no type, length or encoding). */
  notModified: Record<"HIT" | "MISS", OutgoingHttpHeaders>;
}

interface Entry {
  generation: number;
  storedAt: number;
  status: number;
  etag: string;
  variants: Record<Encoding, Variant>;
}

export interface PageCacheOptions {
  /** The shared pages, as the routes declare them (`sharedPagesOf(build.routes)`). */
  sharedPages: SharedPages;
  /**
   * The data generation pages are rendered in; null while changes cannot be heard (the
   * database's notifications are down): nothing is kept then.
   */
  generation: () => number | null;
  /**
   * Called as a write request of the admin (POST... under /admin) answers: its change is
   * visible to this instance's next request even before the database's announcement arrives.
   * A customer's write (a checkout, a cart, a form) is not: what it changes in the pages (a
   * product sold out, a coupon used up) the database announces, and a sale that changes
   * nothing a page tells must leave the kept pages alone (10 checkouts a second threw every
   * page away 10 times a second).
   */
  changed?: () => void;
  now?: () => number;
  /**
   * Express's `trust proxy fn`: whether X-Forwarded-Proto may be believed for a request
   * answered outside Express (serveHit). Without it, the socket decides.
   */
  trustProxy?: (address: string, hop: number) => boolean;
}

/**
 * The address this request's shared copy is kept under (sharedPageUrl), or null when the
 * request may not get (nor feed) a shared copy.
 */
function sharedRequestUrl(req: IncomingMessage, pages: SharedPages): string | null {
  if (req.method !== "GET" && req.method !== "HEAD") return null;
  if (PRIVATE_COOKIE.test(req.headers.cookie ?? "") || req.headers.authorization) return null;
  return sharedPageUrl(req.url ?? "", pages);
}

/** SHA-256 of every inline script of an HTML page, in CSP source form. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1] ?? "")) continue;
    const digest = crypto
      .createHash("sha256")
      .update(match[2] ?? "", "utf8")
      .digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/** The response's policy with its nonce replaced by the page's script hashes. */
function policyWithHashes(policy: string, hashes: string[]): string {
  const sources = hashes.length > 0 ? hashes.join(" ") : "";
  return policy.replace(/\s*'nonce-[^']*'/g, sources ? ` ${sources}` : "").replace(/\s+;/g, ";");
}

function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const base = etag.replace(/^W\//, "");
  return (
    ifNoneMatch
      .split(",")
      // One copy, several encodings: "x-br" and "x-gzip" name the same page as "x".
      .map((tag) =>
        tag
          .trim()
          .replace(/^W\//, "")
          .replace(/-(?:br|gzip)"$/, '"'),
      )
      .some((tag) => tag === base)
  );
}

/** The headers a kept page is answered with, per encoding and cache state, computed once. */
function prepareVariants(
  headers: Record<string, string | string[]>,
  etag: string,
  bodies: Record<Encoding, Buffer>,
): Record<Encoding, Variant> {
  const vary = headers.vary;
  const common: OutgoingHttpHeaders = {
    ...headers,
    vary: vary ? `${String(vary)}, Accept-Encoding` : "Accept-Encoding",
  };
  const variant = (encoding: Encoding): Variant => {
    // One copy, several encodings: each gets its own tag, and a 304 accepts any of them.
    const tag = encoding === "identity" ? etag : etag.replace(/"$/, `-${encoding}"`);
    const { "content-type": _type, ...bodiless } = common;
    const full = {
      ...common,
      etag: tag,
      ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
      "content-length": String(bodies[encoding].length),
    };
    return {
      body: bodies[encoding],
      headers: { HIT: { ...full, "x-cache": "HIT" }, MISS: { ...full, "x-cache": "MISS" } },
      notModified: {
        HIT: { ...bodiless, etag: tag, "x-cache": "HIT" },
        MISS: { ...bodiless, etag: tag, "x-cache": "MISS" },
      },
    };
  };
  return { br: variant("br"), gzip: variant("gzip"), identity: variant("identity") };
}

/** Writes a kept page: the encoding the client takes, or 304 when its copy is current. */
function answer(req: IncomingMessage, res: ServerResponse, entry: Entry, state: "HIT" | "MISS") {
  const variant = entry.variants[pickEncoding(req.headers["accept-encoding"])];
  // Everything the answer says is in the prepared set (security headers included): what
  // the app had set on this response while rendering goes.
  for (const name of res.getHeaderNames()) res.removeHeader(name);
  if (entry.status === 200 && etagMatches(req.headers["if-none-match"], entry.etag)) {
    res.writeHead(304, variant.notModified[state]);
    res.end();
    return;
  }
  res.writeHead(entry.status, variant.headers[state]);
  // To a HEAD, Node sends the headers only (the length stays the page's).
  res.end(variant.body);
}

/** The scheme the visitor used, as Express's req.protocol reads it. */
function protocolOf(req: IncomingMessage, trust: PageCacheOptions["trustProxy"]): string {
  const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
  const forwarded = req.headers["x-forwarded-proto"];
  if (!forwarded || !trust?.(req.socket.remoteAddress ?? "", 0)) return own;
  const first = String(forwarded);
  const comma = first.indexOf(",");
  return (comma < 0 ? first : first.slice(0, comma)).trim();
}

export function pageCache(options: PageCacheOptions) {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const inFlight = new Map<string, Promise<Entry | null>>();

  // The host is part of the page (canonical and sharing links): one host's copy never
  // answers another. Scheme and Host are all the render reads of the address: server.ts
  // drops X-Forwarded-Host before anything sees it (decision 0018).
  const keyOf = (req: IncomingMessage, protocol: string, url: string) =>
    `${protocol}://${req.headers.host ?? ""}${url}`;

  function current(key: string, generation: number | null): Entry | undefined {
    const entry = entries.get(key);
    if (
      entry &&
      generation !== null &&
      entry.generation === generation &&
      now() - entry.storedAt < MAX_AGE_MS
    ) {
      return entry;
    }
    return undefined;
  }

  /** Lets the app render this page into memory, then compresses, keeps and sends it. */
  function render(
    req: Request,
    res: Response,
    next: NextFunction,
    key: string,
    generation: number | null,
  ) {
    let settle!: (entry: Entry | null) => void;
    const promise = new Promise<Entry | null>((resolve) => {
      settle = resolve;
    });
    if (generation !== null) inFlight.set(key, promise);
    const done = (entry: Entry | null) => {
      if (inFlight.get(key) === promise) inFlight.delete(key);
      settle(entry);
    };

    const chunks: Buffer[] = [];
    const end = res.end.bind(res) as (...args: unknown[]) => Response;
    const keep = (chunk: unknown, encoding?: unknown) => {
      if (chunk === undefined || chunk === null || typeof chunk === "function") return;
      chunks.push(
        Buffer.isBuffer(chunk)
          ? chunk
          : chunk instanceof Uint8Array
            ? Buffer.from(chunk)
            : Buffer.from(
                chunk as string,
                (typeof encoding === "string" ? encoding : "utf8") as BufferEncoding,
              ),
      );
    };
    // Nothing reaches the client until the page is whole: the headers are decided then.
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const callback = rest.find((arg) => typeof arg === "function") as (() => void) | undefined;
      callback?.();
      return true;
    }) as Response["write"];
    res.end = ((chunk?: unknown, ...rest: unknown[]) => {
      keep(chunk, rest[0]);
      const body = Buffer.concat(chunks);
      res.write = (() => true) as unknown as Response["write"];
      res.end = end as unknown as Response["end"];
      finish(body).then(
        (entry) => {
          done(entry.kept ? entry.entry : null);
          answer(req, res, entry.entry, "MISS");
        },
        (error: unknown) => {
          done(null);
          res.destroy(error instanceof Error ? error : new Error(String(error)));
        },
      );
      return res;
    }) as Response["end"];
    res.on("close", () => done(null));

    async function finish(body: Buffer): Promise<{ entry: Entry; kept: boolean }> {
      const headers: Record<string, string | string[]> = {};
      for (const [name, value] of Object.entries(res.getHeaders())) {
        if (value === undefined) continue;
        if (["content-encoding", "content-length", "etag"].includes(name)) continue;
        headers[name] = Array.isArray(value) ? value : String(value);
      }
      const cacheControl = String(headers["cache-control"] ?? "");
      const storable =
        generation !== null &&
        res.statusCode === 200 &&
        !res.getHeader("set-cookie") &&
        !/\b(?:private|no-store)\b/.test(cacheControl) &&
        body.length <= MAX_BODY &&
        req.method === "GET";
      if (res.statusCode === 200 && !/\b(?:private|no-store)\b/.test(cacheControl)) {
        headers["cache-control"] = SHARED_CACHE_CONTROL;
      }
      const html = /text\/html/i.test(String(headers["content-type"] ?? ""));
      const policy = headers["content-security-policy"];
      if (typeof policy === "string") {
        // The render's nonce is nobody's secret here: the page's own scripts are allowed by hash.
        headers["content-security-policy"] = policyWithHashes(
          policy,
          html ? inlineScriptHashes(body.toString("utf8")) : [],
        );
      }
      const [br, gz] = await Promise.all([
        brotli(body, {
          params: {
            // Quality 6: within 1% of 9's size at a fifteenth of its time (a store page:
            // ~2 ms against ~28 ms), and a page is compressed again after every change.
            [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
        gzip(body, { level: 9 }),
      ]);
      const etag = `"${crypto.createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
      const entry: Entry = {
        generation: generation ?? -1,
        storedAt: now(),
        status: res.statusCode,
        etag,
        variants: prepareVariants(headers, etag, { identity: body, br, gzip: gz }),
      };
      // Kept only if nothing changed while it was rendered.
      const kept = storable && options.generation() === generation;
      if (kept) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.delete(key);
        entries.set(key, entry);
      }
      return { entry, kept };
    }

    next();
  }

  /**
   * Answers a request from a kept page, outside Express, before any other work (logs,
   * headers, routing): true when it did. The page carries the headers its render had,
   * security headers included. server.ts asks this first for every request.
   */
  function serveHit(req: IncomingMessage, res: ServerResponse): boolean {
    const url = sharedRequestUrl(req, options.sharedPages);
    if (url === null) return false;
    const key = keyOf(req, protocolOf(req, options.trustProxy), url);
    const entry = current(key, options.generation());
    if (!entry) return false;
    answer(req, res, entry, "HIT");
    return true;
  }

  async function pageCacheMiddleware(req: Request, res: Response, next: NextFunction) {
    if (!["GET", "HEAD", "OPTIONS"].includes(req.method)) {
      if (!options.changed || !ADMIN_PATH.test(req.path)) return next();
      const changed = options.changed;
      const end = res.end.bind(res) as (...args: unknown[]) => Response;
      res.end = ((...args: unknown[]) => {
        changed();
        return end(...args);
      }) as Response["end"];
      return next();
    }
    const url = sharedRequestUrl(req, options.sharedPages);
    if (url === null) return next();
    // The page renders from the address it is kept under: what else the address carried
    // cannot make a copy of its own nor change the one kept.
    if (url !== req.url) {
      req.url = url;
      req.originalUrl = url;
    }
    // A HEAD says what a GET would (RFC 9110): the page is rendered and kept as for a GET.
    if (req.method === "HEAD") req.method = "GET";
    // Shared pages carry no nonce (the policy lists their scripts' hashes instead), and
    // arrive here already compressed.
    res.locals.cspNonce = undefined;
    res.locals.preCompressed = true;
    const generation = options.generation();
    const key = keyOf(req, req.protocol, url);
    const entry = current(key, generation);
    if (entry) return answer(req, res, entry, "HIT");
    const pending = generation !== null && req.method === "GET" ? inFlight.get(key) : undefined;
    if (pending) {
      // The same page is being rendered right now: wait for it instead of rendering again.
      const fresh = await pending;
      if (fresh && fresh.generation === options.generation()) return answer(req, res, fresh, "HIT");
    }
    return render(req, res, next, key, req.method === "GET" ? generation : null);
  }

  return Object.assign(pageCacheMiddleware, { serveHit });
}
