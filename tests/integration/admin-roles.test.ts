// Issue 41 point 2, the screens that combine areas (decision 0068): each role loads and sees
// only the parts it may use. The store hub opens on the first view the person may use and
// refuses the others; the dashboard shows money totals only with the reports; a groomer
// starts on the agenda and cannot cancel a booking; the live alerts reach only who may open
// their screen; the store's settings shortcut shows only to staff who may edit the store.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACESSO_NEGADO, type Papel, paginaInicial } from "~/domain/permissions";
import { startAlertFeed, stopAlertFeed } from "~/modules/alerts/index.server";
import * as avisos from "~/routes/admin/avisos";
import * as dashboard from "~/routes/admin/dashboard";
import * as layout from "~/routes/admin/layout";
import * as loja from "~/routes/admin/loja";
import * as agenda from "~/routes/admin/servicos-agenda";
import * as lojaLayout from "~/routes/loja/layout";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { withDemoShop } from "../support/demo-shop";
import { makeStaff } from "../support/factories";
import { call, expectRedirect } from "../support/routes";
import { openSse, type RouteServer, serveRoute } from "../support/sse";

const ctx = withTestDatabase();
withDemoShop();
const token: Partial<Record<Papel, string>> = {};
const as = (papel: Papel) => token[papel]!;

beforeAll(async () => {
  for (const papel of ["dono", "gerente", "atendente", "tosador"] as const) {
    token[papel] = (await makeStaff(papel)).token;
  }
});

describe("the store hub /admin/loja", () => {
  it("opens each person on the first view they may use, and refuses a view named and not allowed", async () => {
    const open = (papel: Papel, query = "") =>
      call(loja.loader, makeRequest(`/admin/loja${query}`, { token: as(papel) }));
    expectRedirect(await open("atendente"), "/admin/loja?view=pedidos");
    expect((await open("atendente", "?view=pedidos")).data.view).toBe("pedidos");
    for (const view of ["produtos", "dashboard", "configuracoes"]) {
      const refused = await open("atendente", `?view=${view}`);
      expect(refused.status, view).toBe(403);
      expect(refused.data.message).toBe(ACESSO_NEGADO);
    }
    // A groomer has no view of the store at all.
    expect((await open("tosador")).status).toBe(403);
    expect((await open("gerente")).data.view).toBe("dashboard");
  });

  it("shows a manager the neighbourhoods without the shop's settings and credentials", async () => {
    const manager = await call(
      loja.loader,
      makeRequest("/admin/loja?view=configuracoes", { token: as("gerente") }),
    );
    expect(manager.status).toBe(200);
    expect(manager.data.configuracoes.bairros.length).toBeGreaterThan(0);
    expect(manager.data.configuracoes.settings).toBeNull();
    expect(manager.data.configuracoes.pagamentos).toBeNull();
    expect(manager.data.configuracoes.mercadoPagoWebhookUrl).toBeNull();
    const owner = await call(
      loja.loader,
      makeRequest("/admin/loja?view=configuracoes", { token: as("dono") }),
    );
    expect(owner.data.configuracoes.settings).toHaveProperty("pixChave");
    expect(owner.data.configuracoes.pagamentos).not.toBeNull();
  });
});

describe("the dashboard and the panel's start", () => {
  it("money totals only with relatorios.ver; resumes only with curriculos.ver", async () => {
    const clerk = (
      await call(dashboard.loader, makeRequest("/admin/dashboard", { token: as("atendente") }))
    ).data;
    expect(clerk.vendas).toBeNull();
    expect(clerk.curriculos).toBeNull();
    expect(clerk.pedidos.porStatus).toHaveProperty("novo");
    expect(clerk.servicosPendentes).toBeTypeOf("number");
    const manager = (
      await call(dashboard.loader, makeRequest("/admin/dashboard", { token: as("gerente") }))
    ).data;
    expect(manager.vendas.hoje).toEqual({ total: expect.any(Number), pedidos: expect.any(Number) });
    expect(manager.curriculos).not.toBeNull();
  });

  it("a groomer starts on the grooming agenda; the layout tells the menus the role", async () => {
    expect(paginaInicial("tosador")).toBe("/admin/servicos/agenda");
    expectRedirect(
      await call(dashboard.loader, makeRequest("/admin/dashboard", { token: as("tosador") })),
      "/admin/servicos/agenda",
    );
    const frame = await call(
      layout.loader,
      makeRequest("/admin/servicos/agenda", { token: as("tosador") }),
    );
    expect(frame.data.papel).toBe("tosador");
  });
});

describe("the grooming agenda", () => {
  it("a groomer moves a booking along but cannot cancel it (scheduling)", async () => {
    const id = "00000000-0000-4000-8000-0000000000aa";
    const setStatus = (papel: Papel, status: string) =>
      call(
        agenda.action,
        formRequest(
          "/admin/servicos/agenda",
          { intent: "status", id, status },
          { token: as(papel) },
        ),
      );
    const cancel = await setStatus("tosador", "cancelado");
    expect(cancel.status).toBe(403);
    expect(cancel.data.message).toBe(ACESSO_NEGADO);
    // Another status goes on to the booking itself (here: one that does not exist).
    const ready = await setStatus("tosador", "pronto");
    expect(ready.status).not.toBe(403);
    const clerk = await setStatus("atendente", "cancelado");
    expect(clerk.status).not.toBe(403);
  });
});

describe("the store's settings shortcut", () => {
  it("shows only to staff who may edit the store", async () => {
    const shortcut = async (papel: Papel) =>
      (await call(lojaLayout.loader, makeRequest("/loja", { token: as(papel) }))).data.isAdmin;
    expect(await shortcut("dono")).toBe(true);
    expect(await shortcut("gerente")).toBe(true);
    expect(await shortcut("atendente")).toBe(false);
    expect(await shortcut("tosador")).toBe(false);
  });
});

describe("live alerts", () => {
  let server: RouteServer;
  beforeAll(async () => {
    await startAlertFeed(ctx.database, { heartbeatMs: 200, sweepMs: 60_000 });
    server = await serveRoute(async (request) => avisos.loader({ request } as never));
  });
  afterAll(async () => {
    await server?.close();
    await stopAlertFeed();
  });

  it("reach only who may open the alert's screen: a clerk hears the order, not the resume", async () => {
    const cookie = makeRequest("/admin/avisos", { token: as("atendente") }).headers.get("cookie")!;
    const clerk = await openSse(`${server.base}/admin/avisos`, { cookie });
    try {
      expect(clerk.status).toBe(200);
      await expect.poll(() => clerk.comments.length > 0).toBe(true);
      // The resume first, then the order: the stream writes in the feed's order, so once the
      // order is there, the resume was already passed over.
      await ctx.database.db.execute(
        sql`insert into avisos (tipo, referencia_id, dados) values ('curriculo', 'c1', '{"nome":"Ana"}'::jsonb)`,
      );
      await ctx.database.db.execute(
        sql`insert into avisos (tipo, referencia_id, dados) values ('pedido', 'p1', '{"numero":"AGP-1"}'::jsonb)`,
      );
      await expect.poll(() => clerk.events.length, { timeout: 5_000 }).toBeGreaterThan(0);
      expect(clerk.events.map((e) => JSON.parse(e.data).tipo)).toEqual(["pedido"]);
    } finally {
      clerk.close();
    }
  });
});
