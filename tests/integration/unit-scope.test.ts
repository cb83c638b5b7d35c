// Issue 41 point 3 (decision 0069): a person bound to one unit sees and acts on that unit's
// orders, stock, grooming agenda and live alerts only; another unit's record answers as an
// unknown one; a person of every unit sees both, with the unit filter. Through the real
// routes (loaders, actions, the SSE stream over HTTP) on the real database (PGlite, and
// PostgreSQL with DATABASE_URL).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { addWalkIn } from "~/modules/grooming/index.server";
import { agendamentos, agendasBanho } from "~/modules/grooming/testing.server";
import { setStockInHand } from "~/modules/inventory/index.server";
import { placeOrder } from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import * as estoque from "~/routes/admin/estoque";
import * as estoqueHistorico from "~/routes/admin/estoque-historico";
import { loader as lojaLoader } from "~/routes/admin/loja";
import { loader as exportLoader } from "~/routes/admin/loja/pedidos-exportar";
import { loader as printLoader } from "~/routes/admin/pedido-imprimir";
import { loader as dayPrintLoader } from "~/routes/admin/pedidos-imprimir";
import * as agenda from "~/routes/admin/servicos-agenda";
import { loader as sheetLoader } from "~/routes/admin/servicos-agenda-imprimir";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { PROOF_AGENDA_LIMITS, smallDogWalkIn, walkInForm } from "../support/agenda";
import { withAlertStream } from "../support/alert-stream";
import { withDemoShop } from "../support/demo-shop";
import * as factories from "../support/factories";
import { postLoja } from "../support/loja-actions";
import { call } from "../support/routes";
import type { SseClient } from "../support/sse";
import { type StaffSession, staffSession } from "../support/staff";

const ctx = withTestDatabase();
const shop = withDemoShop({ centro: true });
const product = factories.productsIn(ctx);

/** Bound to unit A only. */
let ana: StaffSession;
/** A manager of every unit. */
let gerente: StaffSession;
let gerenteA: StaffSession;
let dono: StaffSession;
let orderA: { id: string; numeroPedido: string };
let orderB: { id: string; numeroPedido: string };
let variantId: string;
let bookingA: string;
let bookingB: string;
const NOW = new Date("2026-12-01T12:00:00Z");
const DAY = "2026-12-03";

async function stock(varianteId: string, unidadeId: string, emMaos: number) {
  await ctx.database.db.transaction(async (tx) => {
    const result = await setStockInHand(tx as never, {
      varianteId,
      unidadeId,
      emMaos,
      tipo: "ajuste",
      motivo: "contagem de teste",
    });
    expect(result.ok).toBe(true);
  });
}

async function pickUpAt(unidadeId: string) {
  const result = await placeOrder(
    factories.orderInput([{ varianteId: variantId, quantidade: 1 }], {
      modo: "retirada",
      unidadeId,
      formaPagamento: "balcao",
    }),
  );
  if (!result.ok) throw new Error(`pedido recusado: ${JSON.stringify(result)}`);
  return result.pedido;
}

beforeAll(async () => {
  const db = ctx.database.db;
  const racao = await product({ nome: "Ração Escopo 15 kg", preco: 15990, estoque: 0 });
  variantId = racao.id;
  await stock(variantId, shop.unidadeId, 20);
  await stock(variantId, shop.centroId, 20);
  orderA = await pickUpAt(shop.unidadeId);
  orderB = await pickUpAt(shop.centroId);
  ana = await staffSession({ papel: "atendente", unidades: [shop.unidadeId], nome: "Ana" });
  gerente = await staffSession({ papel: "gerente", unidades: null, nome: "Gil" });
  gerenteA = await staffSession({ papel: "gerente", unidades: [shop.unidadeId], nome: "Beto" });
  dono = await staffSession({ papel: "dono", unidades: null, nome: "Dora" });

  // A grooming agenda at each unit, and a walk-in at each.
  const banho = await factories.insertSmallBath("banho-escopo", db);
  const horarios = Array.from({ length: 7 }, () => ["08:00", "09:00"]);
  await db.delete(agendasBanho);
  for (const unidadeId of [shop.unidadeId, shop.centroId]) {
    await db.insert(agendasBanho).values({
      unidadeId,
      horarios,
      ...PROOF_AGENDA_LIMITS,
      statusInicial: "confirmado",
    });
  }
  const walkIn = (unidadeId: string, nome: string) =>
    addWalkIn(
      smallDogWalkIn({
        unidadeId,
        data: DAY,
        nomeTutor: `Tutor de ${nome}`,
        servicoId: banho!.id,
        nome,
      }),
      dono.actor("/admin/servicos/agenda"),
      { now: NOW },
    );
  bookingA = (await walkIn(shop.unidadeId, "Rex")).id;
  bookingB = (await walkIn(shop.centroId, "Bidu")).id;
});

const get = (path: string, who: StaffSession) => makeRequest(path, { token: who.token });
/** Ana (an atendente of Meia Praia) sends the agenda's form with `fields`. */
const anaPostsToAgenda = (fields: Record<string, string>) =>
  call(agenda.action, formRequest("/admin/servicos/agenda", fields, { token: ana.token }));
const numbers = (data: { pedidos: { orders: { numeroPedido: string }[] } }) =>
  data.pedidos.orders.map((o) => o.numeroPedido);

describe("orders", () => {
  it("the list, its unit filter and its counters show a person only their units' orders", async () => {
    const mine = await call(lojaLoader, get("/admin/loja?view=pedidos", ana));
    expect(numbers(mine.data)).toContain(orderA.numeroPedido);
    expect(numbers(mine.data)).not.toContain(orderB.numeroPedido);
    // Their unit filter offers only their unit; asking for the other shows nothing of it.
    expect(mine.data.pedidos.unidades.map((u: { id: string }) => u.id)).toEqual([shop.unidadeId]);
    const other = await call(
      lojaLoader,
      get(`/admin/loja?view=pedidos&unidade=${shop.centroId}`, ana),
    );
    expect(other.data.pedidos.orders).toEqual([]);
    expect(other.data.pedidos.total).toBe(0);
    // A search for the other unit's order by its number finds nothing either.
    const search = await call(
      lojaLoader,
      get(`/admin/loja?view=pedidos&q=${orderB.numeroPedido}`, ana),
    );
    expect(search.data.pedidos.orders).toEqual([]);

    // The hub's counters are a manager's view (an Atendente opens on the orders).
    const hub = await call(lojaLoader, get("/admin/loja", gerenteA));
    const hubAll = await call(lojaLoader, get("/admin/loja", dono));
    expect(hubAll.data.dashboard.pedidosTotal - hub.data.dashboard.pedidosTotal).toBe(1);
  });

  it("every-unit staff see both, and filter by unit", async () => {
    for (const who of [dono, gerente]) {
      const all = await call(lojaLoader, get("/admin/loja?view=pedidos", who));
      expect(numbers(all.data)).toEqual(
        expect.arrayContaining([orderA.numeroPedido, orderB.numeroPedido]),
      );
      const onlyB = await call(
        lojaLoader,
        get(`/admin/loja?view=pedidos&unidade=${shop.centroId}`, who),
      );
      expect(numbers(onlyB.data)).toEqual([orderB.numeroPedido]);
    }
  });

  it("another unit's order page answers 404, its print sheet too; the day's sheets leave it out", async () => {
    const refused = await call(
      printLoader,
      get(`/admin/loja/pedidos/${orderB.numeroPedido}/imprimir`, ana),
      { numero: orderB.numeroPedido },
    );
    expect(refused.status).toBe(404);
    const own = await call(printLoader, get(`/admin/loja/pedidos/${orderA.numeroPedido}`, ana), {
      numero: orderA.numeroPedido,
    });
    expect(own.status).toBe(200);
    const ownerSees = await call(printLoader, get("/admin/loja/pedidos/x/imprimir", dono), {
      numero: orderB.numeroPedido,
    });
    expect(ownerSees.status).toBe(200);
  });

  it("an action on another unit's order by its id is refused as not found, and changes nothing", async () => {
    for (const fields of <Record<string, string>[]>[
      { intent: "order-status", id: orderB.id, status: "preparo" },
      { intent: "order-status", id: orderB.id, status: "retirado", codigoRetirada: "0000" },
      { intent: "payment-status", id: orderB.id, status: "pago" },
      { intent: "order-reopen", id: orderB.id },
    ]) {
      const result = await postLoja("pedidos", fields, ana.token);
      expect(result.status, fields.intent).toBe(400);
      expect(result.data).toMatchObject({ ok: false, message: "Pedido não encontrado" });
    }
    const [still] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, orderB.id));
    expect(still).toMatchObject({ statusPedido: "novo", statusPagamento: "aguardando" });
    // Their own unit's order moves.
    const own = await postLoja(
      "pedidos",
      { intent: "order-status", id: orderA.id, status: "preparo" },
      ana.token,
    );
    expect(own.data).toMatchObject({ ok: true });
  });

  it("the export and the dashboard count only their units", async () => {
    // Exports are a manager's (pedidos.exportar): one bound to unit A.
    const csv = await call(exportLoader, get("/admin/loja/pedidos/exportar?formato=csv", gerenteA));
    const text = await csv.response!.text();
    expect(text).toContain(orderA.numeroPedido);
    expect(text).not.toContain(orderB.numeroPedido);
    const all = await call(exportLoader, get("/admin/loja/pedidos/exportar?formato=csv", dono));
    expect(await all.response!.text()).toContain(orderB.numeroPedido);

    const dash = await call(dashboardLoader, get("/admin/dashboard", ana));
    const recent = dash.data.pedidos.recentes.map((o: { numeroPedido: string }) => o.numeroPedido);
    expect(recent).toContain(orderA.numeroPedido);
    expect(recent).not.toContain(orderB.numeroPedido);
    const ownerDash = await call(dashboardLoader, get("/admin/dashboard", dono));
    expect(
      ownerDash.data.pedidos.recentes.map((o: { numeroPedido: string }) => o.numeroPedido),
    ).toContain(orderB.numeroPedido);

    const sheets = await call(dayPrintLoader, get("/admin/loja/pedidos/imprimir", ana));
    expect(sheets.data.orders.map((o: { numero: string }) => o.numero)).not.toContain(
      orderB.numeroPedido,
    );
  });
});

describe("stock", () => {
  it("the stock screen shows only their unit; every-unit staff see both", async () => {
    const mine = await call(estoque.loader, get(`/admin/estoque?q=Escopo`, ana));
    expect(mine.data.listing.unidades.map((u: { id: string }) => u.id)).toEqual([shop.unidadeId]);
    const row = mine.data.listing.rows.find(
      (r: { varianteId: string }) => r.varianteId === variantId,
    );
    expect(row.porUnidade.map((f: { unidadeId: string }) => f.unidadeId)).toEqual([shop.unidadeId]);
    // A transfer may still go to the other unit.
    expect(mine.data.listing.destinos.map((u: { id: string }) => u.id)).toContain(shop.centroId);
    const asked = await call(
      estoque.loader,
      get(`/admin/estoque?q=Escopo&unidade=${shop.centroId}`, ana),
    );
    expect(asked.data.listing.rows.flatMap((r: { porUnidade: unknown[] }) => r.porUnidade)).toEqual(
      [],
    );
    const all = await call(estoque.loader, get(`/admin/estoque?q=Escopo`, gerente));
    const both = all.data.listing.rows.find(
      (r: { varianteId: string }) => r.varianteId === variantId,
    );
    expect(both.porUnidade.map((f: { unidadeId: string }) => f.unidadeId)).toEqual(
      expect.arrayContaining([shop.unidadeId, shop.centroId]),
    );
  });

  it("an adjustment, a minimum or a transfer out of another unit is refused as unknown", async () => {
    const bruno = await staffSession({
      papel: "gerente",
      unidades: [shop.unidadeId],
      nome: "Bruno",
    });
    for (const fields of <Record<string, string>[]>[
      {
        intent: "stock-adjust",
        varianteId: variantId,
        unidadeId: shop.centroId,
        emMaos: "3",
        motivo: "Contagem",
      },
      { intent: "stock-minimum", varianteId: variantId, unidadeId: shop.centroId, minimo: "5" },
      {
        intent: "stock-transfer",
        varianteId: variantId,
        de: shop.centroId,
        para: shop.unidadeId,
        quantidade: "2",
      },
    ]) {
      const result = await call(
        estoque.action,
        formRequest("/admin/estoque", fields, { token: bruno.token }),
      );
      expect(result.data, fields.intent).toMatchObject({
        ok: false,
        message: "Unidade não encontrada",
      });
    }
    expect(await factories.stockAt(ctx.database, variantId, shop.centroId)).toMatchObject({
      emMaos: 20,
    });
    // From their own unit to the other: sent.
    const sent = await call(
      estoque.action,
      formRequest(
        "/admin/estoque",
        {
          intent: "stock-transfer",
          varianteId: variantId,
          de: shop.unidadeId,
          para: shop.centroId,
          quantidade: "1",
        },
        { token: bruno.token },
      ),
    );
    expect(sent.data).toMatchObject({ ok: true });
  });

  it("a variant's history shows only their unit's movements", async () => {
    const mine = await call(estoqueHistorico.loader, get(`/admin/estoque/${variantId}`, ana), {
      varianteId: variantId,
    });
    const units = new Set(
      mine.data.history.movimentos.map((m: { unidadeNome: string }) => m.unidadeNome),
    );
    expect([...units]).toEqual(["Unidade Meia Praia"]);
    expect(mine.data.history.variante.porUnidade).toHaveLength(1);
    const all = await call(estoqueHistorico.loader, get(`/admin/estoque/${variantId}`, dono), {
      varianteId: variantId,
    });
    const allUnits = new Set(
      all.data.history.movimentos.map((m: { unidadeNome: string }) => m.unidadeNome),
    );
    expect(allUnits).toEqual(new Set(["Unidade Meia Praia", "Unidade Centro"]));
  });
});

describe("grooming agenda", () => {
  it("opens only their unit's agenda; the other unit's day sheet answers 404", async () => {
    const mine = await call(
      agenda.loader,
      get(`/admin/servicos/agenda?unidade=${shop.centroId}&dia=${DAY}`, ana),
    );
    expect(mine.data.unidadeId).toBe(shop.unidadeId);
    expect(mine.data.units.map((u: { id: string }) => u.id)).toEqual([shop.unidadeId]);
    expect(mine.data.agendaDay.agendamentos.map((b: { id: string }) => b.id)).toEqual([bookingA]);
    const sheet = await call(
      sheetLoader,
      get(`/admin/servicos/agenda/imprimir?unidade=${shop.centroId}&dia=${DAY}`, ana),
    );
    expect(sheet.status).toBe(404);
    const owner = await call(
      agenda.loader,
      get(`/admin/servicos/agenda?unidade=${shop.centroId}&dia=${DAY}`, dono),
    );
    expect(owner.data.agendaDay.agendamentos.map((b: { id: string }) => b.id)).toEqual([bookingB]);
  });

  it("a booking action at another unit is refused as not found, and changes nothing", async () => {
    const refused = await anaPostsToAgenda({
      intent: "status",
      id: bookingB,
      status: "em_atendimento",
    });
    expect(refused.data).toMatchObject({ ok: false, message: "Agendamento não encontrado" });
    const [still] = await ctx.database.db
      .select()
      .from(agendamentos)
      .where(eq(agendamentos.id, bookingB));
    expect(still!.status).toBe("confirmado");
    const walkIn = await anaPostsToAgenda(
      walkInForm({ unidadeId: shop.centroId, data: DAY, horario: "09:00", nome: "Toby" }),
    );
    expect(walkIn.data).toMatchObject({ ok: false });
    const own = await anaPostsToAgenda({
      intent: "status",
      id: bookingA,
      status: "em_atendimento",
    });
    expect(own.data).toMatchObject({ ok: true });
  });
});

describe("live alerts", () => {
  const openAlerts = withAlertStream(ctx);

  it("a person of unit A hears only unit A's new orders; every-unit staff hear both", async () => {
    const open = async (who: StaffSession) => {
      const client = await openAlerts({ cookie: who.cookie });
      expect(client.status).toBe(200);
      return client;
    };
    const anaStream = await open(ana);
    const ownerStream = await open(dono);
    const atB = await pickUpAt(shop.centroId);
    const atA = await pickUpAt(shop.unidadeId);
    const heard = (c: SseClient) => c.events.map((e) => JSON.parse(e.data).dados.numero);
    await expect.poll(() => heard(ownerStream).length, { timeout: 5_000 }).toBe(2);
    await expect.poll(() => heard(anaStream).length, { timeout: 5_000 }).toBe(1);
    expect(heard(ownerStream)).toEqual([atB.numeroPedido, atA.numeroPedido]);
    expect(heard(anaStream)).toEqual([atA.numeroPedido]);
    // A reconnection from before both replays only hers too.
    const first = Number(ownerStream.events[0]!.id) - 1;
    const replay = await openAlerts({ cookie: ana.cookie, "last-event-id": String(first) });
    await expect.poll(() => heard(replay).length, { timeout: 5_000 }).toBe(1);
    expect(heard(replay)).toEqual([atA.numeroPedido]);
  });
});
