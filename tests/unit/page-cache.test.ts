// The shared page cache over real HTTP (express + fetch): what it keeps, for whom, in which
// encodings, with which ETag and script policy, and when it lets go.
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STORE_LISTING_PARAMS, storeListingQuery } from "~/modules/catalog";
import { pickEncoding } from "~/platform/compress.server";
import {
  inlineScriptHashes,
  pageCache,
  type SharedPages,
  sharedPagesOf,
  sharedPageUrl,
} from "../../http/page-cache";
import { securityHeaders } from "../../http/security-headers";
import { sourceRoutes } from "../support/source-routes";
import { itMaps } from "../support/tables";

let generation: number | null = 1;
let renders = 0;
let writes = 0;
let noncesSeen: unknown[] = [];
/** Requests that reached Express (a kept page answered by serveHit never does). */
let appRequests = 0;
/** Whether the server asks serveHit first, as server.ts does. */
let fastPath = true;
let server: http.Server;
let base: string;
/** The shared pages as the app's routes declare them (handle.pageCache). */
let pages: SharedPages;

const PAGE_SCRIPT = 'window.__dados = {"pagina":1};';

beforeAll(async () => {
  pages = sharedPagesOf(await sourceRoutes());
  const app = express();
  app.use((_req, _res, next) => {
    appRequests += 1;
    next();
  });
  app.use(securityHeaders({ dev: false }));
  const cache = pageCache({
    sharedPages: pages,
    generation: () => generation,
    changed: () => (writes += 1),
  });
  app.use(cache);
  app.get("/loja", (req, res) => {
    renders += 1;
    noncesSeen.push(res.locals.cspNonce);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // Written in pieces, like a streamed render; a big enough page to be worth compressing.
    res.write(`<!doctype html><html><body><h1>Loja ${req.query.q ?? ""}</h1>`);
    res.write(`<p>${"Ração premium para cães adultos. ".repeat(200)}</p>`);
    res.write(`<script>${PAGE_SCRIPT}</script><script type="module" src="/assets/a.js"></script>`);
    res.end(`<p>render ${renders}</p></body></html>`);
  });
  app.get("/sobre", (_req, res) => {
    renders += 1;
    res.setHeader("Cache-Control", "private, no-store");
    res.type("html").end(`privada ${renders}`);
  });
  app.get("/faq", (_req, res) => {
    renders += 1;
    res.setHeader("Set-Cookie", "agropet_toast=x");
    res.type("html").end(`com cookie ${renders}`);
  });
  app.get("/contato", async (_req, res) => {
    renders += 1;
    const mine = renders;
    generation = (generation ?? 0) + 1; // a change lands while this page renders
    res.type("html").end(`contato ${mine}`);
  });
  app.get(["/termos", "/loja/produto/:id"], (req, res) => {
    renders += 1;
    // What the render saw of the address, as a loader would read it.
    res.type("html").end(`<p>${req.originalUrl}</p><p>v=${req.query.v ?? ""}</p>`);
  });
  app.get("/admin/loja", (_req, res) => {
    renders += 1;
    res.type("html").end(`admin ${renders}`);
  });
  app.post("/loja", (_req, res) => {
    res.redirect(303, "/loja");
  });
  server = http.createServer((req, res) => {
    if (fastPath && cache.serveHit(req, res)) return;
    app(req, res);
  });
  server.listen(0);
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  generation = (generation ?? 0) + 1;
  noncesSeen = [];
  fastPath = true;
});

type Answer = {
  status: number;
  headers: Headers;
  raw: Buffer;
  text: string;
};

/** A raw GET (node's fetch would decompress): the bytes as sent, and their decoded text. */
async function get(
  path: string,
  { method = "GET", ...headers }: Record<string, string> = {},
): Promise<Answer> {
  const { request } = await import("node:http");
  return new Promise((resolve, reject) => {
    const req = request(`${base}${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = res.headers["content-encoding"];
        const plain =
          raw.length === 0
            ? raw
            : encoding === "br"
              ? zlib.brotliDecompressSync(raw)
              : encoding === "gzip"
                ? zlib.gunzipSync(raw)
                : raw;
        const h = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) h.set(name, Array.isArray(value) ? value.join(", ") : value);
        }
        resolve({ status: res.statusCode ?? 0, headers: h, raw, text: plain.toString("utf8") });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

describe("shared page cache", () => {
  it("keeps a public page compressed; the copy is byte-identical to the render", async () => {
    const first = await get("/loja", BROWSER);
    expect(first.headers.get("x-cache")).toBe("MISS");
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(first.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(first.raw.length).toBeLessThan(first.text.length / 5);
    const second = await get("/loja", BROWSER);
    expect(second.headers.get("x-cache")).toBe("HIT");
    expect(second.raw.equals(first.raw)).toBe(true);
    expect(second.text).toBe(first.text);
    expect(renders).toBeGreaterThan(0);
    const rendersNow = renders;

    // Each encoding from the same copy: gzip, then none at all.
    const gz = await get("/loja", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(gz.text).toBe(first.text);
    const plain = await get("/loja");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(plain.raw.toString("utf8")).toBe(first.text);
    expect(Number(plain.headers.get("content-length"))).toBe(plain.raw.length);
    expect(renders).toBe(rendersNow);
  });

  it("answers 304 to a matching ETag, in any encoding", async () => {
    const first = await get("/loja", BROWSER);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^".+-br"$/);
    const again = await get("/loja", { ...BROWSER, "if-none-match": etag });
    expect(again.status).toBe(304);
    expect(again.raw.length).toBe(0);
    const plainTag = (await get("/loja")).headers.get("etag")!;
    expect((await get("/loja", { ...BROWSER, "if-none-match": plainTag })).status).toBe(304);
    expect((await get("/loja", { ...BROWSER, "if-none-match": '"outro"' })).status).toBe(200);
  });

  it("renders again as soon as the data generation moves", async () => {
    const first = await get("/loja", BROWSER);
    expect((await get("/loja", BROWSER)).headers.get("x-cache")).toBe("HIT");
    generation = (generation ?? 0) + 1;
    const after = await get("/loja", BROWSER);
    expect(after.headers.get("x-cache")).toBe("MISS");
    expect(after.text).not.toBe(first.text);
    // A page rendered while a change landed is not kept.
    await get("/contato", BROWSER);
    expect((await get("/contato", BROWSER)).headers.get("x-cache")).toBe("MISS");
  });

  it("keeps nothing while changes cannot be heard", async () => {
    generation = null;
    await get("/loja", BROWSER);
    expect((await get("/loja", BROWSER)).headers.get("x-cache")).toBe("MISS");
  });

  it("never shares with or stores for a visitor carrying our cookies", async () => {
    await get("/loja", BROWSER);
    const before = renders;
    const withSession = await get("/loja", { ...BROWSER, cookie: "agropet_sessao=abc" });
    expect(withSession.headers.get("x-cache")).toBeNull();
    expect(renders).toBe(before + 1);
    expect(noncesSeen.at(-1)).toEqual(expect.any(String)); // rendered the usual way
    const secure = await get("/loja", { cookie: "a=1; __Host-agropet_sessao=abc" });
    expect(secure.headers.get("x-cache")).toBeNull();
    // Other people's cookies (analytics) do not make a page private.
    expect((await get("/loja", { ...BROWSER, cookie: "_ga=1" })).headers.get("x-cache")).toBe(
      "HIT",
    );
  });

  it("a cart kept in the cookie (a browser without JavaScript) never gets nor feeds the shared copy", async () => {
    const shared = await get("/loja?q=carrinho", BROWSER);
    const sharedBody = shared.text;
    const before = renders;
    const cart = await get("/loja?q=carrinho", { ...BROWSER, cookie: "agropet_carrinho=e30.x" });
    expect(cart.headers.get("x-cache")).toBeNull();
    expect(renders).toBe(before + 1);
    const other = await get("/loja?q=carrinho", BROWSER);
    expect(other.headers.get("x-cache")).toBe("HIT");
    expect(other.text).toBe(sharedBody);
  });

  it("does not keep private pages, responses that set cookies, or pages outside the list", async () => {
    await get("/sobre", BROWSER);
    const privada = await get("/sobre", BROWSER);
    expect(privada.headers.get("x-cache")).toBe("MISS");
    expect(privada.headers.get("cache-control")).toBe("private, no-store");
    await get("/faq", BROWSER);
    const withCookie = await get("/faq", BROWSER);
    expect(withCookie.headers.get("x-cache")).toBe("MISS");
    expect(withCookie.headers.get("set-cookie")).toContain("agropet_toast");
    const admin = await get("/admin/loja", BROWSER);
    expect(admin.headers.get("x-cache")).toBeNull();
  });

  it("made-up query parameters make no copy of their own and never reach the render (issue 39)", async () => {
    const product = await get("/loja/produto/golden?v=GOLD-15", BROWSER);
    expect(product.text).toContain("v=GOLD-15");
    const before = renders;
    // 800 made-up parameters, through Express and before it: one render, one copy.
    for (let n = 0; n < 800; n++) {
      const page = await get(`/termos?junk=${n}`, BROWSER);
      expect(page.text).toBe("<p>/termos</p><p>v=</p>");
    }
    expect(renders - before).toBe(1);
    // The product page kept before the flood is still kept, its pack still in its copy.
    const again = await get("/loja/produto/golden?v=GOLD-15&fbclid=abc&utm_source=zap", BROWSER);
    expect(again.headers.get("x-cache")).toBe("HIT");
    expect(again.text).toContain("<p>/loja/produto/golden?v=GOLD-15</p>");
    expect(renders - before).toBe(1);
    // The parameters a page reads still make pages of their own.
    const other = await get("/loja/produto/golden?v=GOLD-3", BROWSER);
    expect(other.headers.get("x-cache")).toBe("MISS");
    expect(other.text).toContain("v=GOLD-3");
  });

  it("shares exactly the pages whose routes declare it in their handle, with what each reads", () => {
    expect(pages.routes.map((r) => r.pattern).sort()).toEqual([
      "/",
      "/contato",
      "/faq",
      "/loja",
      "/loja/produto/:id",
      "/privacidade",
      "/produtos",
      "/robots.txt",
      "/servicos",
      "/sitemap.xml",
      "/sobre",
      "/termos",
      "/trabalhe-conosco",
      "/trocas-e-devolucoes",
    ]);
    expect(pages.routes.filter((r) => !r.document).map((r) => r.pattern)).toEqual([
      "/robots.txt",
      "/sitemap.xml",
    ]);
    expect(pages.find("/loja")?.params).toEqual(STORE_LISTING_PARAMS);
    expect(pages.find("/loja/produto/golden")?.params).toEqual(["v"]);
    expect(pages.find("/servicos")?.personal).toContain("whatsapp");
    // As React Router names them exactly: no other case, no trailing slash, no deeper path.
    for (const path of ["/SOBRE", "/sobre/", "/loja/produto/a/b", "/loja/carrinho", "/admin"]) {
      expect(pages.find(path), path).toBeNull();
    }
  });

  it("leaves to a more specific route the addresses a shared pattern would also match", () => {
    const route = (id: string, path: string, handle?: unknown) => ({
      id,
      parentId: "root",
      path,
      module: { handle, default: () => null },
    });
    const built = sharedPagesOf({
      root: { id: "root", path: "", module: {} },
      produto: route("produto", "loja/produto/:id", { pageCache: { params: ["v"] } }),
      novo: route("novo", "loja/produto/novo"),
    });
    expect(built.find("/loja/produto/golden")?.params).toEqual(["v"]);
    expect(built.find("/loja/produto/novo")).toBeNull();
  });

  it("keys the store list on what it reads, in one order, first value each", () => {
    expect(sharedPageUrl("/loja?junk=1&pagina=2&q=ra%C3%A7%C3%A3o&q=outra", pages)).toBe(
      "/loja?q=ra%C3%A7%C3%A3o&pagina=2",
    );
    expect(sharedPageUrl("/sobre?a=1", pages)).toBe("/sobre");
    expect(sharedPageUrl("/loja/carrinho?a=1", pages)).toBeNull();
    // /servicos reads the service to preselect; a quote form filled with a visitor's own
    // data (the booking page's "Pedir orçamento com fotos") is never shared.
    expect(sharedPageUrl("/servicos?servico=tosa&x=1", pages)).toBe("/servicos?servico=tosa");
    expect(sharedPageUrl("/servicos?nome_tutor=Ana&nome_pet=Thor", pages)).toBeNull();
    expect(sharedPageUrl("/servicos?whatsapp=47999990000", pages)).toBeNull();
    expect(sharedPageUrl("/produtos?q=ra%C3%A7%C3%A3o&especie=gatos&x=1", pages)).toBe(
      "/produtos?q=ra%C3%A7%C3%A3o&especie=gatos",
    );
    // The list is what storeListingQuery reads: a parameter added there and not here would
    // be dropped before the render.
    const read = new Set<string>();
    const recording = new URLSearchParams();
    recording.get = (name: string) => {
      read.add(name);
      return null;
    };
    recording.has = (name: string) => {
      read.add(name);
      return false;
    };
    storeListingQuery(recording);
    expect([...read].sort()).toEqual([...STORE_LISTING_PARAMS].sort());
  });

  it("keeps one copy per host: a forged Host header never answers the real one", async () => {
    const forged = await get("/loja?q=host", { ...BROWSER, host: "outro.example" });
    expect(forged.headers.get("x-cache")).toBe("MISS");
    const real = await get("/loja?q=host", BROWSER);
    expect(real.headers.get("x-cache")).toBe("MISS");
  });

  it("renders shared pages without a nonce; the policy lists their inline scripts' hashes", async () => {
    const page = await get("/loja?q=csp", BROWSER);
    expect(noncesSeen).toEqual([undefined]);
    const policy = page.headers.get("content-security-policy")!;
    const scriptSrc = policy.split(";").find((d) => d.trim().startsWith("script-src"))!;
    const hash = crypto.createHash("sha256").update(PAGE_SCRIPT).digest("base64");
    expect(scriptSrc.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
    expect(policy).not.toContain("nonce-");
    expect(page.text).not.toContain("nonce=");
    const hit = await get("/loja?q=csp", BROWSER);
    expect(hit.headers.get("content-security-policy")).toBe(policy);
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it("answers a kept page before Express, with the same bytes and headers as through it", async () => {
    fastPath = false;
    await get("/loja?q=rapido", BROWSER);
    const throughExpress = await get("/loja?q=rapido", BROWSER);
    expect(throughExpress.headers.get("x-cache")).toBe("HIT");
    fastPath = true;
    const before = appRequests;
    const fast = await get("/loja?q=rapido", BROWSER);
    expect(appRequests).toBe(before);
    expect(fast.raw.equals(throughExpress.raw)).toBe(true);
    const named = (a: Answer) =>
      [...a.headers].filter(([name]) => name !== "date" && name !== "connection");
    expect(named(fast)).toEqual(named(throughExpress));
    // The security headers the render had travel with the kept page.
    expect(fast.headers.get("x-frame-options")).toBe("DENY");
    expect(fast.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    const notModified = await get("/loja?q=rapido", {
      ...BROWSER,
      "if-none-match": fast.headers.get("etag")!,
    });
    expect(notModified.status).toBe(304);
    expect(appRequests).toBe(before);
    // Our cookies still go the long way, to a render of their own.
    await get("/loja?q=rapido", { ...BROWSER, cookie: "agropet_sessao=abc" });
    expect(appRequests).toBe(before + 1);
  });

  it("answers a HEAD with what a GET would say, and keeps the page for the GET after it", async () => {
    const head = await get("/loja?q=cabeca", { ...BROWSER, method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.raw.length).toBe(0);
    expect(head.headers.get("content-type")).toContain("text/html");
    const page = await get("/loja?q=cabeca", BROWSER);
    expect(page.headers.get("x-cache")).toBe("HIT");
    expect(head.headers.get("content-length")).toBe(String(page.raw.length));
    expect(head.headers.get("etag")).toBe(page.headers.get("etag"));
    const headHit = await get("/loja?q=cabeca", { ...BROWSER, method: "HEAD" });
    expect(headHit.headers.get("x-cache")).toBe("HIT");
    expect(headHit.raw.length).toBe(0);
  });

  it("tells the app an admin's write happened, and not a customer's (a sale announces itself)", async () => {
    const { request } = await import("node:http");
    const post = (path: string) =>
      new Promise<void>((resolve, reject) => {
        const req = request(`${base}${path}`, { method: "POST" }, (res) => {
          res.resume();
          res.on("end", () => resolve());
        });
        req.on("error", reject);
        req.end();
      });
    const before = writes;
    await post("/loja");
    await post("/loja/checkout");
    await post("/administrador");
    expect(writes).toBe(before);
    await post("/admin/loja/produtos");
    expect(writes).toBe(before + 1);
    await post("/admin");
    expect(writes).toBe(before + 2);
  });
});

describe("page cache helpers", () => {
  itMaps("picks brotli, then gzip, honouring q=0: Accept-Encoding %j -> %s", pickEncoding, [
    ["gzip, deflate, br", "br"],
    ["gzip", "gzip"],
    ["br;q=0, gzip;q=0.8", "gzip"],
    ["*", "br"],
    ["identity", "identity"],
    [undefined, "identity"],
  ]);

  it("hashes inline scripts only, JSON-LD included, external ones not", () => {
    const html =
      '<script>a()</script><script src="/x.js"></script><script type="application/ld+json">{"a":1}</script>';
    expect(inlineScriptHashes(html)).toEqual([
      `'sha256-${crypto.createHash("sha256").update("a()").digest("base64")}'`,
      `'sha256-${crypto.createHash("sha256").update('{"a":1}').digest("base64")}'`,
    ]);
  });
});
