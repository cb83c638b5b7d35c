// "Compra programada" (issue 45 points 1-3, decision 0086), with the clock moved: a
// subscription through three cycles (paid, skipped, unpaid → expired), the renewal order made
// through the normal placing (discount on items only, stock reserved at the unit, marked for the
// staff), each cycle created once with two runs racing and after a "restart" between reminder
// and order, a price rise and a sold-out variant waiting for the customer, three unpaid in a row
// pausing, cancel with a protocol by e-mail, pause until a date and resume.
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { variantes } from "~/modules/catalog/testing.server";
import { customerCookie } from "~/modules/customers/testing.server";
import { composeEmail, deliverEmailsDue } from "~/modules/mail/index.server";
import { emails } from "~/modules/mail/testing.server";
import { pedidos } from "~/modules/orders/testing.server";
import {
  cancelSubscription,
  pauseSubscription,
  runSubscriptionCycles,
  skipNext,
  subscribe,
} from "~/modules/subscriptions/index.server";
import {
  assinaturas,
  ciclosAssinatura,
  descontosAssinatura,
} from "~/modules/subscriptions/testing.server";
import { DAY_MS } from "~/platform/module.server";
import * as factories from "../support/factories";
import { rowsWhere } from "../support/rows";
import { withSmtpServer } from "../support/smtp";
import { newSubscription, subscriptionForm, withSubscriptionShop } from "../support/subscriptions";

const shop = withSubscriptionShop({
  nome: "Ração Golden 15 kg",
  preco: 20000,
  emMaos: 10,
  pesoG: 15000,
});
const { ctx, clock } = shop;
const smtp = withSmtpServer();

let titular: { id: string; email: string; nome: string };

beforeEach(async () => {
  smtp.messages.length = 0;
  await ctx.database.db
    .insert(descontosAssinatura)
    .values({ produtoId: shop.racao.id, percentual: 10 });
  const { clienteId } = await customerCookie("ana@example.com");
  titular = { id: clienteId, email: "ana@example.com", nome: "Ana Souza" };
});

const subscribed = (overrides: Record<string, string> = {}) =>
  newSubscription(titular, subscriptionForm(shop.racao.id, shop.unidade, overrides));

/** Moves the clock to noon (Brasília) of a day. */
function day(iso: string) {
  clock.advance(new Date(`${iso}T15:00:00Z`).getTime() - clock.now().getTime());
}

const cycles = (id: string) =>
  rowsWhere(ciclosAssinatura, eq(ciclosAssinatura.assinaturaId, id), ciclosAssinatura.data);

const subscription = async (id: string) =>
  (await rowsWhere(assinaturas, eq(assinaturas.id, id)))[0]!;

const renewalOrders = () => rowsWhere(pedidos, eq(pedidos.compraProgramada, true));

async function drain() {
  for (;;) if ((await deliverEmailsDue({ compose: composeEmail })) === 0) return;
}

describe("subscribing", () => {
  it("needs the terms' checkbox and an interval of 15 to 90 days, stores the version, confirms by e-mail", async () => {
    const refused = await subscribe(
      titular,
      subscriptionForm(shop.racao.id, shop.unidade, { intervaloDias: "7" }),
      async () => null,
    );
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.errors.termos).toMatch(/aceite os termos/);
      expect(refused.errors.intervaloDias).toMatch(/15 a 90/);
    }
    expect(await ctx.database.db.select().from(assinaturas)).toHaveLength(0);
    const sub = await subscribed();
    expect(sub).toMatchObject({ estado: "ativa", intervaloDias: 30, proximaData: "2026-12-10" });
    expect(sub.termosVersao).toBeTruthy();
    await drain();
    const mail = smtp.messages.find((m) => m.subject?.includes("confirmada"));
    expect(mail?.text).toMatch(/10% de desconto/);
    expect(mail?.text).toMatch(/não vale para a taxa de entrega/);
  });
});

describe("the cycle", () => {
  it("goes through paid, skipped and unpaid → expired, each cycle created once", async () => {
    const sub = await subscribed();
    day("2026-12-06");
    expect(await runSubscriptionCycles()).toMatchObject({ lembretes: 0, pedidos: 0 });

    day("2026-12-07");
    expect(await runSubscriptionCycles()).toMatchObject({ lembretes: 1, pedidos: 0 });
    await drain();
    const reminder = smtp.messages.find((m) => m.subject?.includes("chega em 10/12/2026"));
    expect(reminder?.text).toMatch(/Pagar agora/);
    expect(reminder?.text).toMatch(/Pular esta/);
    expect(reminder?.text).toMatch(new RegExp(`/conta/assinaturas/${sub.id}\\?t=`));

    // Two instances racing on the order day: one order, one cycle, the date moved once.
    day("2026-12-08");
    await Promise.all([runSubscriptionCycles(), runSubscriptionCycles()]);
    // A restart: a third run finds nothing left to do.
    expect(await runSubscriptionCycles()).toMatchObject({ lembretes: 0, pedidos: 0 });
    const [order] = await renewalOrders();
    expect(await renewalOrders()).toHaveLength(1);
    // Today's price less 10% on the item; stock reserved at the unit.
    expect(order).toMatchObject({
      subtotal: 18000,
      unidadeId: shop.unidade,
      modo: "retirada",
      formaPagamento: "balcao",
    });
    expect(await factories.stockAt(ctx.database, shop.racao.id, shop.unidade)).toMatchObject({
      reservado: 1,
    });
    expect(await cycles(sub.id)).toMatchObject([
      { data: "2026-12-10", estado: "pedido_criado", pedidoId: order!.id },
    ]);
    expect((await subscription(sub.id)).proximaData).toBe("2027-01-09");

    await ctx.database.db
      .update(pedidos)
      .set({ statusPagamento: "pago" })
      .where(eq(pedidos.id, order!.id));
    expect(await runSubscriptionCycles()).toMatchObject({ pagos: 1 });

    day("2027-01-06");
    expect(await runSubscriptionCycles()).toMatchObject({ lembretes: 1 });
    expect(await skipNext(sub.id)).toMatchObject({ ok: true });
    day("2027-01-07");
    expect(await runSubscriptionCycles()).toMatchObject({ pedidos: 0 });
    expect((await subscription(sub.id)).proximaData).toBe("2027-02-08");

    day("2027-02-06");
    expect(await runSubscriptionCycles()).toMatchObject({ lembretes: 1, pedidos: 1 });
    const third = (await renewalOrders()).find((o) => o.id !== order!.id)!;
    await ctx.database.db
      .update(pedidos)
      .set({ statusPedido: "cancelado" })
      .where(eq(pedidos.id, third.id));
    expect(await runSubscriptionCycles()).toMatchObject({ expirados: 1 });

    expect((await cycles(sub.id)).map((c) => [c.data, c.estado])).toEqual([
      ["2026-12-10", "pago"],
      ["2027-01-09", "pulado"],
      ["2027-02-08", "expirado"],
    ]);
    expect((await subscription(sub.id)).falhasSeguidas).toBe(1);
  });

  it("waits for the customer when the price rose more than 10% or the variant sold out", async () => {
    const sub = await subscribed();
    day("2026-12-07");
    await runSubscriptionCycles();
    await ctx.database.db
      .update(variantes)
      .set({ preco: 22500 })
      .where(eq(variantes.id, shop.racao.id));
    day("2026-12-08");
    expect(await runSubscriptionCycles()).toMatchObject({ pedidos: 0 });
    expect(await renewalOrders()).toHaveLength(0);
    const [waiting] = await cycles(sub.id);
    expect(waiting).toMatchObject({ estado: "aguardando_cliente" });
    expect(waiting!.motivo).toMatch(/subiu de R\$\s200,00 para R\$\s225,00/);
    await drain();
    expect(
      smtp.messages.some(
        (m) => m.subject?.includes("espera sua escolha") && /subiu/.test(m.text ?? ""),
      ),
    ).toBe(true);

    // A rise within 10% goes through; a sold-out variant waits too.
    const other = await subscribed({ primeiraData: "2026-12-20" });
    await ctx.database.db
      .update(variantes)
      .set({ preco: 21000 })
      .where(eq(variantes.id, shop.racao.id));
    await factories.setStock(shop.racao.id, shop.unidade, 0);
    day("2026-12-17");
    await runSubscriptionCycles();
    const [soldOut] = await cycles(other.id);
    expect(soldOut).toMatchObject({ estado: "aguardando_cliente" });
    expect(soldOut!.motivo).toMatch(/esgotado/);
    expect(await renewalOrders()).toHaveLength(0);
  });

  it("pauses after three unpaid renewals in a row, with an e-mail", async () => {
    const sub = await subscribed({ intervaloDias: "15" });
    let date = "2026-12-10";
    for (let i = 0; i < 3; i++) {
      const [y, m, d] = date.split("-").map(Number);
      const orderDay = new Date(Date.UTC(y!, m! - 1, d! - 2)).toISOString().slice(0, 10);
      day(orderDay);
      await runSubscriptionCycles();
      const open = (await renewalOrders()).filter((o) => o.statusPedido !== "cancelado");
      expect(open).toHaveLength(1);
      await ctx.database.db
        .update(pedidos)
        .set({ statusPedido: "cancelado" })
        .where(eq(pedidos.id, open[0]!.id));
      await factories.setStock(shop.racao.id, shop.unidade, 10);
      await runSubscriptionCycles();
      date = (await subscription(sub.id)).proximaData;
    }
    expect(await subscription(sub.id)).toMatchObject({ estado: "pausada", falhasSeguidas: 3 });
    await drain();
    expect(smtp.messages.some((m) => m.subject?.includes("pausada"))).toBe(true);
    clock.advance(60 * DAY_MS);
    expect(await runSubscriptionCycles()).toMatchObject({ lembretes: 0, pedidos: 0 });
  });
});

describe("a day with more due than one batch", () => {
  it("one run goes batch after batch until nothing is left; the next finds nothing; a run out of time leaves the rest to the next", async () => {
    const subs = [];
    for (let i = 0; i < 5; i++) subs.push(await subscribed());
    day("2026-12-08");
    // Out of time before the first batch: nothing done, nothing lost.
    expect(await runSubscriptionCycles(undefined, { batch: 2, budgetMs: 0 })).toMatchObject({
      lembretes: 0,
      pedidos: 0,
    });
    // Batches of 2: three of reminders and three of orders in this one run.
    expect(await runSubscriptionCycles(undefined, { batch: 2 })).toMatchObject({
      lembretes: 5,
      pedidos: 5,
    });
    expect(await runSubscriptionCycles(undefined, { batch: 2 })).toMatchObject({
      lembretes: 0,
      pedidos: 0,
    });
    expect(await renewalOrders()).toHaveLength(5);
    for (const sub of subs) {
      expect(await cycles(sub.id)).toMatchObject([{ data: "2026-12-10", estado: "pedido_criado" }]);
    }
    const reminders = await rowsWhere(emails, eq(emails.tipo, "assinatura_lembrete"));
    expect(reminders).toHaveLength(5);
  });
});

describe("cancel and pause", () => {
  it("cancels in one click with a protocol by e-mail; nothing more is made", async () => {
    const sub = await subscribed();
    day("2026-12-07");
    await runSubscriptionCycles();
    const cancelled = await cancelSubscription(sub.id);
    expect(cancelled.protocolo).toMatch(/^AS\d{14}$/);
    expect(await cancelSubscription(sub.id)).toMatchObject({ protocolo: cancelled.protocolo });
    day("2026-12-08");
    expect(await runSubscriptionCycles()).toMatchObject({ pedidos: 0 });
    expect(await renewalOrders()).toHaveLength(0);
    await drain();
    const mail = smtp.messages.find((m) => m.subject?.includes("cancelada"));
    expect(mail?.text).toContain(cancelled.protocolo!);
    const rows = await rowsWhere(emails, and(eq(emails.tipo, "assinatura_cancelada")));
    expect(rows).toHaveLength(1);
  });

  it("pauses until a date (no reminder or order meanwhile) and resumes on its own", async () => {
    const sub = await subscribed();
    expect(await pauseSubscription(sub.id, "2026-12-20")).toMatchObject({ ok: true });
    day("2026-12-08");
    expect(await runSubscriptionCycles()).toMatchObject({ lembretes: 0, pedidos: 0 });
    day("2026-12-20");
    expect(await runSubscriptionCycles()).toMatchObject({ retomadas: 1 });
    const row = await subscription(sub.id);
    expect(row).toMatchObject({ estado: "ativa", proximaData: "2026-12-24" });
  });
});
