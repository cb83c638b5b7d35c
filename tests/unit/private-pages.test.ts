// Pages of personal data are never cached (issue 39): every answer under /admin, print
// sheets and downloads included, and the customer's order pages, over real HTTP whatever
// the route itself set; public pages keep their own header.
import type http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { privatePages } from "../../http/private-pages";
import { errorAnswer } from "../../http/security-headers";

const servers: http.Server[] = [];
afterAll(() => Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r())))));

async function serve() {
  const app = express();
  app.use(privatePages);
  // As React Router's adapter answers: headers appended, then the body.
  app.get(/.*imprimir$/, (_req, res) => {
    res.append("Content-Type", "text/html").append("Cache-Control", "public, max-age=3600");
    res.send("<h1>Pedido PED1</h1>");
  });
  app.get("/admin/loja/pedidos/exportar", (_req, res) => {
    res.writeHead(200, { "Content-Type": "text/csv", "Cache-Control": "max-age=60" });
    res.end("numero;cliente\n");
  });
  app.get("/admin/erro", () => {
    throw new Error("falhou");
  });
  app.get(["/sobre", "/loja/pedidos-antigos", "/administracao", "/contas"], (_req, res) => {
    res.set("Cache-Control", "public, max-age=0, must-revalidate").send("ok");
  });
  app.get(["/loja/pedido/:numero", "/loja/pedido/:numero/status"], (_req, res) => {
    res.send("pedido");
  });
  app.use(errorAnswer);
  const server = app.listen(0, "127.0.0.1");
  servers.push(server);
  await new Promise((r) => server.once("listening", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return async (path: string) => (await fetch(base + path)).headers.get("cache-control");
}

describe("private pages", () => {
  it("every admin answer, print sheets, downloads and errors included, says private, no-store", async () => {
    const cacheControl = await serve();
    for (const path of [
      "/admin/loja/pedidos/PED1/imprimir",
      "/admin/loja/pedidos/imprimir?ids=1",
      "/admin/servicos/agenda/imprimir",
      "/admin/loja/pedidos/exportar",
      "/admin/erro",
      "/admin/nada",
      "/admin",
    ]) {
      expect(await cacheControl(path), path).toBe("private, no-store");
    }
  });

  it("the customer's order pages too; public pages keep their own header", async () => {
    const cacheControl = await serve();
    expect(await cacheControl("/loja/pedido/PED1?token=x")).toBe("private, no-store");
    expect(await cacheControl("/loja/pedido/PED1/status")).toBe("private, no-store");
    expect(await cacheControl("/loja/acompanhar")).toBe("private, no-store");
    // The customer's account (issue 42), whatever its page sets.
    for (const path of ["/conta", "/conta/pets/1", "/conta/eu", "/conta/privacidade/baixar"]) {
      expect(await cacheControl(path), path).toBe("private, no-store");
    }
    for (const path of ["/sobre", "/loja/pedidos-antigos", "/administracao", "/contas"]) {
      expect(await cacheControl(path), path).toBe("public, max-age=0, must-revalidate");
    }
  });
});
