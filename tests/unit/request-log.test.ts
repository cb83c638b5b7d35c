// The request log keeps secrets and personal data out of its URLs (issue 39): the e-mail
// unsubscribe signature, the fixed-price booking link's key and the LGPD screens' subject,
// besides the order and booking tokens; the request log of server.ts over real HTTP.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import express from "express";
import pino from "pino";
import { pinoHttp } from "pino-http";
import { afterAll, describe, expect, it } from "vitest";
import { redactUrl, requestLogLevels, requestLogSerializers } from "~/platform/logger.server";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r())))));

/** A stream the logger writes to, and what it wrote so far. */
function logSink() {
  let written = "";
  const sink = new Writable({
    write(chunk, _enc, done) {
      written += chunk;
      done();
    },
  });
  return { sink, written: () => written };
}

/** Serves `app` on a free local port; its base address. */
async function listen(app: express.Express): Promise<string> {
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe("request log", () => {
  it("writes no signature, booking key, token or LGPD subject, however the name is spelt", async () => {
    const log = logSink();
    const app = express();
    app.use(
      pinoHttp({ logger: pino({ level: "info" }, log.sink), serializers: requestLogSerializers }),
    );
    app.use((_req, res) => res.send("ok"));
    const base = await listen(app);
    const secrets = {
      "/loja/pedido/PED123/emails?assinatura=": "c2lnbmF0dXJlLWRvLWVtYWls",
      "/servicos/agendar?orcamento=SRV-42&chave=": "chave-do-orcamento-9f8e7d",
      "/admin/privacidade?titular=": "maria.titular@example.com",
      "/admin/privacidade/exportar?titular=": "123.456.789-09",
      "/servicos/agendamento/AG-7?token=": "token-do-agendamento-abc",
      "/loja/pedido/PED9?Assinatura=": "maiusculas-tambem",
      "/loja/pedido/PED9/emails?%61ssinatura=": "codificada-tambem",
    };
    for (const [path, secret] of Object.entries(secrets)) {
      await (await fetch(base + path + encodeURIComponent(secret))).text();
    }
    await new Promise((r) => setTimeout(r, 20));
    for (const secret of Object.values(secrets)) {
      expect(log.written()).not.toContain(secret);
      expect(log.written()).not.toContain(encodeURIComponent(secret));
    }
    // The rest of the address stays readable.
    expect(log.written()).toContain("/servicos/agendar?orcamento=SRV-42&chave=%5Boculto%5D");
    expect(log.written()).toContain("/admin/privacidade?titular=%5Boculto%5D");
  });

  it("logs a chosen 503 as a warning without a made-up stack, a 500 as an error", async () => {
    const log = logSink();
    const app = express();
    app.use(
      pinoHttp({
        logger: pino({ level: "info" }, log.sink),
        ...requestLogLevels,
        serializers: requestLogSerializers,
      }),
    );
    app.get("/busy", (_req, res) => res.status(503).send("ocupado"));
    app.get("/broken", (_req, res) => res.status(500).send("erro"));
    const base = await listen(app);
    await (await fetch(`${base}/busy`)).text();
    await (await fetch(`${base}/broken`)).text();
    await new Promise((r) => setTimeout(r, 20));
    const lines = log
      .written()
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { level: number; req: { url: string }; err?: unknown });
    const busy = lines.find((l) => l.req.url === "/busy");
    const broken = lines.find((l) => l.req.url === "/broken");
    expect(busy).toMatchObject({ level: 40 });
    expect(busy?.err).toBeUndefined();
    expect(broken).toMatchObject({ level: 50 });
    expect(JSON.stringify(broken?.err)).toContain("stack");
  });

  it("leaves addresses without secrets as they were", () => {
    expect(redactUrl("/loja?q=ra%C3%A7%C3%A3o&pagina=2")).toBe("/loja?q=ra%C3%A7%C3%A3o&pagina=2");
    expect(redactUrl("/sobre")).toBe("/sobre");
  });
});
