import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { microCache } from "../../server/micro-cache";

let clock = 0;
let renders = 0;
let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(microCache({ now: () => clock }));
  app.get("/pagina", (_req, res) => {
    renders++;
    res.setHeader("Cache-Control", "public, max-age=0, s-maxage=1, stale-while-revalidate=10");
    res.write(`render ${renders} `);
    res.end("fim");
  });
  app.get("/privada", (_req, res) => {
    renders++;
    res.setHeader("Cache-Control", "private, no-store");
    res.end(`render ${renders}`);
  });
  app.get("/com-cookie", (_req, res) => {
    renders++;
    res.setHeader("Cache-Control", "public, s-maxage=60");
    res.setHeader("Set-Cookie", "x=1");
    res.end(`render ${renders}`);
  });
  server = app.listen(0);
  await new Promise((r) => server.once("listening", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

async function get(path: string, cookie?: string) {
  const res = await fetch(base + path, { headers: cookie ? { cookie } : {} });
  return { body: await res.text(), cache: res.headers.get("x-cache") };
}

describe("micro cache for anonymous pages", () => {
  it("serves a page that declares s-maxage from memory until it expires", async () => {
    const first = await get("/pagina");
    expect(first).toEqual({ body: "render 1 fim", cache: null });
    expect(await get("/pagina")).toEqual({ body: "render 1 fim", cache: "HIT" });
    clock += 1500; // expired: the next request renders again
    expect((await get("/pagina")).body).toBe("render 2 fim");
    expect((await get("/pagina")).cache).toBe("HIT");
  });

  it("never shares a response with a visitor carrying our cookies", async () => {
    const before = renders;
    const res = await get("/pagina", "agropet_sessao=abc");
    expect(res.cache).toBeNull();
    expect(renders).toBe(before + 1);
  });

  it("does not keep private pages or responses that set cookies", async () => {
    await get("/privada");
    expect((await get("/privada")).cache).toBeNull();
    await get("/com-cookie");
    expect((await get("/com-cookie")).cache).toBeNull();
  });

  it("renders once for a burst of concurrent misses", async () => {
    clock += 60_000;
    const before = renders;
    const bodies = await Promise.all(Array.from({ length: 10 }, () => get("/pagina")));
    expect(renders).toBe(before + 1);
    expect(new Set(bodies.map((b) => b.body)).size).toBe(1);
  });
});

describe("micro cache and the CSP nonce", () => {
  it("never hands one nonce to two responses: each cached copy carries its own, matching its policy", async () => {
    const { securityHeaders } = await import("../../server/security-headers");
    const app = express();
    app.use(securityHeaders({ dev: false }));
    app.use(microCache());
    app.get("/loja", (_req, res) => {
      res.setHeader("Cache-Control", "public, s-maxage=60");
      res.type("html").end(`<script nonce="${res.locals.cspNonce}">1</script>`);
    });
    const local = app.listen(0);
    await new Promise((r) => local.once("listening", r));
    const url = `http://127.0.0.1:${(local.address() as AddressInfo).port}/loja`;
    try {
      const seen = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(url);
        const body = await res.text();
        const inBody = /nonce="([^"]+)"/.exec(body)?.[1];
        const inPolicy = /'nonce-([^']+)'/.exec(
          res.headers.get("content-security-policy") ?? "",
        )?.[1];
        expect(inBody).toBeTruthy();
        expect(inBody).toBe(inPolicy);
        seen.push({ nonce: inBody, cache: res.headers.get("x-cache") });
      }
      expect(seen.map((s) => s.cache)).toEqual([null, "HIT", "HIT"]);
      expect(new Set(seen.map((s) => s.nonce)).size).toBe(3);
    } finally {
      await new Promise<void>((r) => local.close(() => r()));
    }
  });
});
