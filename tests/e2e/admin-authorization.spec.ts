// Over real HTTP, every admin route of app/routes.ts refuses a visitor without a session:
// the page, its `.data` request (what client navigation fetches) and a POST to its action
// (plain and `.data`) all send the visitor to /admin/login (and a signed-in non-admin home), and no admin data
// travels in the answer. (The integration suite also runs each loader and action.)
import os from "node:os";
import path from "node:path";
import { ACESSO_NEGADO } from "~/domain/permissions";
import { createSession, createUser, SESSION_COOKIE } from "~/modules/accounts/index.server";
import { migrateDatabase, openDatabase } from "~/platform/db/client.server";
import { E2E_ADMIN } from "../../playwright.config";
import { adminRoutes } from "../support/admin-routes";
import { startOwnServer } from "../support/own-server";
import { expect, test } from "./fixtures";

const pages = [...new Set(adminRoutes.map((route) => route.url))];

test("every admin page, .data request and action refuses an anonymous visitor", async ({
  request,
}) => {
  expect(pages.length).toBeGreaterThanOrEqual(10);
  for (const url of pages) {
    const page = await request.get(url, { maxRedirects: 0 });
    expect(page.status(), `GET ${url}`).toBe(302);
    expect(page.headers().location, `GET ${url}`).toMatch(/^\/admin\/login\?redirectTo=/);

    // A plain POST, as a form sends it before the page's scripts run (the store hub's
    // resource routes, /admin/loja/*, are reached this way too).
    const post = await request.post(url, { maxRedirects: 0, form: { intent: "excluir" } });
    const postBody = await post.text();
    const postToLogin =
      post.status() === 302 && /^\/admin\/login\?redirectTo=/.test(post.headers().location ?? "");
    expect(postToLogin || post.status() === 405, `POST ${url}: ${post.status()}`).toBe(true);
    expect(postBody, `POST ${url}`).not.toContain(E2E_ADMIN.email);

    for (const [method, dataUrl] of [
      ["GET", `${url}.data`],
      ["POST", `${url}.data`],
    ] as const) {
      const response = await request.fetch(dataUrl, {
        method,
        maxRedirects: 0,
        form: method === "POST" ? { intent: "excluir" } : undefined,
      });
      const label = `${method} ${dataUrl}`;
      const body = await response.text();
      // Single fetch answers with 202 and the redirect inside its turbo-stream body; a route
      // without an action answers 405.
      const toLogin = /"redirect","\/admin\/login\?redirectTo=/.test(body);
      const noAction = method === "POST" && response.status() === 405;
      expect(toLogin || noAction, `${label}: ${response.status()} ${body.slice(0, 120)}`).toBe(
        true,
      );
      expect(body, label).not.toContain(E2E_ADMIN.email);
      expect(body.length, label).toBeLessThan(500);
    }
  }
});

// A signed-in user who is not an admin (a customer account, or staff whose admin rights were
// taken away while signed in) is refused the same way over HTTP: sent home, with nothing of
// the admin area in the answer. The session is made in the server's own database before it
// starts, as sign-in itself never hands a session to a non-admin.
test("every admin page, .data request and action refuses a signed-in non-admin", async () => {
  test.setTimeout(150_000);
  const port = Number(process.env.E2E_PORT || 3100) + 9;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(os.tmpdir(), `agropet-nao-admin-${Date.now()}`);
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  await migrateDatabase(database);
  const user = await createUser(
    { email: "cliente@agropet.test", password: "senha-do-cliente", papel: null },
    database.db,
  );
  const { token } = await createSession(
    user.id,
    new Request(`${base}/admin/login`),
    {},
    database.db,
  );
  await database.close();

  // Its own PGlite in dataDir, whatever database the suite runs against.
  const server = startOwnServer(port, { DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    await server.ready();
    const headers = { cookie: `${SESSION_COOKIE}=${token}` };
    // Home, not /admin/login: the server knows the session and refuses the user.
    for (const url of pages) {
      const page = await fetch(base + url, { headers, redirect: "manual" });
      expect(page.status, `GET ${url}`).toBe(302);
      expect(page.headers.get("location"), `GET ${url}`).toBe("/");
      expect(await page.text(), `GET ${url}`).not.toContain(E2E_ADMIN.email);

      const post = await fetch(base + url, {
        method: "POST",
        headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
        body: "intent=excluir",
        redirect: "manual",
      });
      const postHome = post.status === 302 && post.headers.get("location") === "/";
      expect(postHome || post.status === 405, `POST ${url}: ${post.status}`).toBe(true);
      expect(await post.text(), `POST ${url}`).not.toContain(E2E_ADMIN.email);

      for (const method of ["GET", "POST"] as const) {
        const response = await fetch(`${base}${url}.data`, {
          method,
          headers:
            method === "POST"
              ? { ...headers, "content-type": "application/x-www-form-urlencoded" }
              : headers,
          body: method === "POST" ? "intent=excluir" : undefined,
          redirect: "manual",
        });
        const label = `${method} ${url}.data`;
        const body = await response.text();
        const toHome = /"redirect","\/"/.test(body);
        const noAction = method === "POST" && response.status === 405;
        expect(toHome || noAction, `${label}: ${response.status} ${body.slice(0, 120)}`).toBe(true);
        expect(body.length, label).toBeLessThan(500);
      }
    }
  } finally {
    await server.stop();
  }
});

// Issue 41 (decision 0068): over HTTP, a person of the team is refused what their role lacks
// with 403 and the SPEC's words (the page, its .data request, a download, a write), the
// refusal offers the panel's start rather than the login, the menu lists only their areas,
// and a groomer's panel opens on the agenda.
test("each role is refused, over HTTP, what its matrix lacks, and sees only its menu", async () => {
  test.setTimeout(150_000);
  const port = Number(process.env.E2E_PORT || 3100) + 13;
  const base = `http://127.0.0.1:${port}`;
  const dataDir = path.join(os.tmpdir(), `agropet-papeis-${Date.now()}`);
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  await migrateDatabase(database);
  const cookies: Record<string, string> = {};
  for (const papel of ["atendente", "tosador"] as const) {
    const user = await createUser(
      { email: `${papel}@agropet.test`, password: "Quati-Aveia-Moinho-35", papel, nome: papel },
      database.db,
    );
    const { token } = await createSession(
      user.id,
      new Request(`${base}/admin/login`),
      {},
      database.db,
    );
    cookies[papel] = `${SESSION_COOKIE}=${token}`;
  }
  await database.close();

  const server = startOwnServer(port, { DATA_DIR: dataDir, DATABASE_URL: undefined });
  try {
    await server.ready();
    const get = (url: string, papel: string) =>
      fetch(base + url, { headers: { cookie: cookies[papel]! }, redirect: "manual" });
    const post = (url: string, papel: string, body: string) =>
      fetch(base + url, {
        method: "POST",
        headers: { cookie: cookies[papel]!, "content-type": "application/x-www-form-urlencoded" },
        body,
        redirect: "manual",
      });

    // The counter clerk: the security page, its .data, the catalogue export, a product write
    // and a refund are not hers.
    const page = await get("/admin/security", "atendente");
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain(ACESSO_NEGADO);
    expect(html).toContain("Ir para o início do painel");
    expect(html).not.toContain("Ir para o login");
    const data = await get("/admin/security.data", "atendente");
    expect(data.status).toBe(403);
    expect(await data.text()).not.toContain("auditoria");
    expect((await get("/admin/importar/exportar", "atendente")).status).toBe(403);
    const write = await post("/admin/loja/produtos", "atendente", "intent=product-delete&id=x");
    expect(write.status).toBe(403);
    expect(await write.text()).toContain(ACESSO_NEGADO);
    const refund = await post("/admin/loja/pedidos", "atendente", "intent=pix-refund&id=x");
    expect(refund.status).toBe(403);

    // Her orders page opens, with only her areas in the menu.
    const orders = await get("/admin/loja?view=pedidos", "atendente");
    expect(orders.status).toBe(200);
    const menu = await orders.text();
    for (const allowed of ["/admin/estoque", "/admin/servicos/agenda", "/admin/conta"]) {
      expect(menu).toContain(`href="${allowed}"`);
    }
    for (const denied of [
      "/admin/security",
      "/admin/importar",
      "/admin/configuracoes",
      "/admin/privacidade",
    ]) {
      expect(menu).not.toContain(`href="${denied}"`);
    }
    expect(menu).not.toContain("exportar-pedidos");

    // The groomer starts on the agenda and has no store.
    const start = await get("/admin/dashboard", "tosador");
    expect(start.status).toBe(302);
    expect(start.headers.get("location")).toBe("/admin/servicos/agenda");
    expect((await get("/admin/servicos/agenda", "tosador")).status).toBe(200);
    expect((await get("/admin/loja", "tosador")).status).toBe(403);
    expect((await get("/admin/loja.data", "tosador")).status).toBe(403);
  } finally {
    await server.stop();
  }
});
