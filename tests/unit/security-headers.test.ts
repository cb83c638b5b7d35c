// The security-header middleware over real HTTP: HSTS only where the site is served over
// HTTPS (PUBLIC_URL https, or a secure request through the trusted proxy, never a header an
// untrusted client made up), a fresh nonce per response, the headers on errors too, and no
// CSP in development (Vite injects its own inline scripts there).
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { errorAnswer, securityHeaders } from "../../http/security-headers";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r())))));

async function serve(options: Parameters<typeof securityHeaders>[0], trustProxy: string | false) {
  const app = express();
  app.use(securityHeaders(options));
  app.set("trust proxy", trustProxy);
  app.get("/pagina", (_req, res) => {
    res.type("html").send(`<script nonce="${res.locals.cspNonce}">1</script>`);
  });
  app.get("/erro", () => {
    throw new Error("falhou");
  });
  app.use(errorAnswer);
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, headers: Record<string, string> = {}) => fetch(base + path, { headers });
}

describe("security headers", () => {
  it("HSTS only over HTTPS: PUBLIC_URL https, or a secure request through the trusted proxy", async () => {
    const plain = await serve({ dev: false, publicUrl: "http://localhost:3000" }, "loopback");
    expect((await plain("/pagina")).headers.get("strict-transport-security")).toBeNull();
    const behindProxy = await plain("/pagina", { "x-forwarded-proto": "https" });
    expect(behindProxy.headers.get("strict-transport-security")).toMatch(/max-age=31536000/);

    const untrusted = await serve({ dev: false }, false);
    const forged = await untrusted("/pagina", { "x-forwarded-proto": "https" });
    expect(forged.headers.get("strict-transport-security")).toBeNull();

    const httpsSite = await serve({ dev: false, publicUrl: "https://agropet.test" }, false);
    const response = await httpsSite("/pagina");
    expect(response.headers.get("strict-transport-security")).toMatch(/includeSubDomains/);
    expect(response.headers.get("content-security-policy")).toContain("upgrade-insecure-requests");
  });

  it("a new nonce for every response, the one in the page matching its policy", async () => {
    const get = await serve({ dev: false }, "loopback");
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await get("/pagina");
      const policy = response.headers.get("content-security-policy") ?? "";
      const scriptSrc = /script-src ([^;]+)/.exec(policy)![1]!;
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
      const inPolicy = /'nonce-([^']+)'/.exec(scriptSrc)![1]!;
      expect(await response.text()).toBe(`<script nonce="${inPolicy}">1</script>`);
      nonces.add(inPolicy);
      for (const directive of [
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ]) {
        expect(policy).toContain(directive);
      }
    }
    expect(nonces.size).toBe(3);
  });

  it("an error answer carries the headers as well", async () => {
    const get = await serve({ dev: false }, "loopback");
    const response = await get("/erro");
    expect(response.status).toBe(500);
    expect(await response.text()).toBe("Erro interno. Tente novamente.");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
  });

  it("development: no CSP (Vite's inline scripts), the other headers stay", async () => {
    const get = await serve({ dev: true }, "loopback");
    const response = await get("/pagina");
    expect(response.headers.get("content-security-policy")).toBeNull();
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
