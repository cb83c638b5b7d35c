// A browser's refused form is answered 200 (decision 0042), over real HTTP (express +
// fetch): the body and the other headers as the action sent them, the chosen status in
// X-Refusal-Status; a client that is not a browser, a GET, a success, a redirect and a
// server fault keep their status.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  browserStatus,
  isBrowserWrite,
  REFUSAL_HEADER,
  refusalsAsPages,
} from "../../http/refusal-status";

let server: http.Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.use(refusalsAsPages);
  // As React Router's adapter answers: res.status, then the body.
  app.all("/status/:code", (req, res) => {
    res.status(Number(req.params.code)).type("text/html").set("X-Own", "1").send("<p>Corrija</p>");
  });
  // As a handler that writes the head itself, with a reason phrase.
  app.all("/head/:code", (req, res) => {
    res.writeHead(Number(req.params.code), "Bad Request", { "content-type": "text/plain" });
    res.end("recusado");
  });
  app.all("/redirect", (_req, res) => res.redirect(302, "/loja"));
  server = app.listen(0);
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const post = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, { method: "POST", headers, body: "a=1", redirect: "manual" });

describe("refusalsAsPages", () => {
  it.each([400, 401, 404, 409, 413, 422, 429])(
    "a browser's POST refused with %i is answered 200 with the page and the status in a header",
    async (code) => {
      const answer = await post(`/status/${code}`, { origin: base });
      expect(answer.status).toBe(200);
      expect(answer.headers.get(REFUSAL_HEADER)).toBe(String(code));
      expect(answer.headers.get("x-own")).toBe("1");
      expect(await answer.text()).toBe("<p>Corrija</p>");
    },
  );

  it("a request with Sec-Fetch-Site (and no Origin) is a browser's too; writeHead with a reason phrase", async () => {
    const answer = await post("/head/400", { "sec-fetch-site": "same-origin" });
    expect(answer.status).toBe(200);
    expect(answer.statusText).toBe("OK");
    expect(answer.headers.get("content-type")).toBe("text/plain");
    expect(answer.headers.get(REFUSAL_HEADER)).toBe("400");
    expect(await answer.text()).toBe("recusado");
  });

  it("a client that is not a browser keeps the status; so do a GET, a fault, a refusal of access and a redirect", async () => {
    // Node's fetch sends Sec-Fetch-Mode: cors, and is still no browser.
    const plain = await post("/status/400");
    expect(plain.status).toBe(400);
    expect(plain.headers.get(REFUSAL_HEADER)).toBeNull();
    expect((await fetch(`${base}/status/400`, { headers: { origin: base } })).status).toBe(400);
    expect((await post("/status/500", { origin: base })).status).toBe(500);
    expect((await post("/status/503", { origin: base })).status).toBe(503);
    expect((await post("/status/403", { origin: base })).status).toBe(403);
    expect((await post("/redirect", { origin: base })).status).toBe(302);
  });
});

describe("the rules", () => {
  it("a browser write has an Origin or a Sec-Fetch-Mode, and is not a GET", () => {
    expect(isBrowserWrite("POST", { origin: "https://loja.test" })).toBe(true);
    expect(isBrowserWrite("POST", { "sec-fetch-site": "same-origin" })).toBe(true);
    expect(isBrowserWrite("POST", {})).toBe(false);
    expect(isBrowserWrite("GET", { origin: "https://loja.test" })).toBe(false);
  });
  it("only refusals become 200", () => {
    expect([400, 422, 429].map(browserStatus)).toEqual([200, 200, 200]);
    expect([200, 204, 302, 403, 405, 500, 503].map(browserStatus)).toEqual([
      200, 204, 302, 403, 405, 500, 503,
    ]);
  });
});
