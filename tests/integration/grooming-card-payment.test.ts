// A grooming booking's final price paid by card online (issue 43 point 3, decision 0091),
// against the local Mercado Pago fake and its hosted page: "Pagar com cartão" on the status
// page redirects to a Checkout Pro preference of the booking (its number as reference, the
// server's final price); the provider's answer is read, never the address the tutor comes back
// with; approved, in analysis then approved, refused then Pix; a notification replayed and
// two at once record one payment; the day close counts it under the booking's unit.
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { shopDay } from "~/domain/dates";
import { EVERY_UNIT } from "~/domain/unit-scope";
import { reconcilePendingCobrancas } from "~/modules/orders/index.server";
import { cobrancas, recebimentos } from "~/modules/payments/testing.server";
import { dayClose } from "~/modules/reports/index.server";
import { adminAuditLog } from "~/platform/tables.server";
import { loader as agendaLoader } from "~/routes/admin/servicos-agenda";
import { action as notificationAction } from "~/routes/webhooks/mercadopago";
import { makeRequest } from "../setup/requests";
import { statusPage, statusPageAct, withOnlineBookingDay } from "../support/grooming-online";
import { runDeclaredJob } from "../support/jobs";
import { signedNotification, withPixShop } from "../support/mercadopago";
import { call, responseOf } from "../support/routes";

const { ctx, mp } = withPixShop({ cartaoAtivo: true, cartaoParcelasMax: 6 });
const { day, agendaPath, readyBooking, checkInAndReady } = withOnlineBookingDay();

type Link = { id: string; numero: string; token: string };

const chargesOf = (id: string) =>
  ctx.database.db.select().from(cobrancas).where(eq(cobrancas.agendamentoId, id));

const paidAudits = async (id: string) =>
  (
    await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.resourceId, id), eq(adminAuditLog.action, "booking_paid_online")))
  ).length;

/** A booking ready to fetch at R$ 55,00. */
async function readyToPay(): Promise<Link> {
  const b = await readyBooking();
  await checkInAndReady(b.id);
  return b;
}

/** "Pagar com cartão": the redirect to the provider's page, and the preference it names. */
async function toProvider(b: Link, intent = "pagar_cartao") {
  const r = await statusPageAct(b, intent);
  expect(r.response?.status).toBe(303);
  const location = r.response!.headers.get("location")!;
  expect(location).toMatch(new RegExp(`^${mp.url}/checkout/pref-`));
  return new URL(location).pathname.split("/").pop()!;
}

/** The signed notifications the hosted page would send, delivered by the test. */
const notify = (id: number | string) =>
  responseOf(notificationAction, signedNotification(String(id)));

describe("a grooming booking paid by card online", () => {
  it("offers the card beside Pix after check-in; approved on the provider's page, the return page says so and the webhook replayed and twice at once records one payment", async () => {
    const b = await readyBooking();
    const before = await statusPage(b);
    expect(before.cartao).toBeNull();
    expect((await statusPageAct(b, "pagar_cartao")).status).toBe(422);

    await checkInAndReady(b.id);
    const offered = await statusPage(b);
    expect(offered.cartao).toEqual({ estado: "oferecido" });
    expect(offered.pix).toEqual({ estado: "oferecido" });

    // A double click lands on the same checkout, for the server's price and the booking's number.
    const pref = await toProvider(b);
    expect(await toProvider(b)).toBe(pref);
    const sent = mp.preferences.get(pref)!;
    expect(sent).toMatchObject({ external_reference: b.numero });
    expect(JSON.stringify(sent)).toContain('"unit_price":55');
    expect(JSON.stringify(sent)).toContain(`/servicos/agendamento/${b.numero}?token=`);

    const { location, payment } = await mp.payPreference(pref, {
      resultado: "approved",
      parcelas: 3,
    });
    // The return page reads the provider (the query string is not trusted).
    const back = new URL(location);
    expect(back.pathname).toBe(`/servicos/agendamento/${b.numero}`);
    const returned = await statusPage(b);
    expect(returned.cartao).toEqual({ estado: "aprovado", parcelas: 3 });
    expect(returned.pagamento).toMatchObject({ valor: 5500, metodo: "credito", online: true });
    expect(returned.pix).toBeNull();

    // The notification after the return, again, and at the same moment on two instances.
    const answers = await Promise.all([notify(payment.id), notify(payment.id), notify(payment.id)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const charges = await chargesOf(b.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      meio: "cartao",
      status: "paga",
      valor: 5500,
      parcelas: 3,
      pedidoId: null,
    });
    expect(await paidAudits(b.id)).toBe(1);
    expect(
      await ctx.database.db.select().from(recebimentos).where(eq(recebimentos.agendamentoId, b.id)),
    ).toHaveLength(0);

    // The agenda counts it received; the day close of the booking's unit: "Cartão online".
    const agenda = await call(agendaLoader, makeRequest(agendaPath(), { token: day.token }));
    const caixa = agenda.data.caixa.find(
      (c: { unidadeId: string }) => c.unidadeId === day.unidadeId,
    );
    expect(caixa).toMatchObject({ recebido: 5500, pendentes: 0 });
    const close = await dayClose(day.unidadeId, shopDay(charges[0]!.pagoEm!), EVERY_UNIT);
    const entradas = close!.entradas.filter((e) => e.referencia.startsWith(b.numero));
    expect(entradas).toHaveLength(1);
    expect(entradas[0]).toMatchObject({
      referencia: `${b.numero} (3x)`,
      forma: "cartao_online",
      origem: "banho_tosa",
      valor: 5500,
    });
  });

  it("in analysis, then approved by the reconciliation when the notification was lost", async () => {
    const b = await readyToPay();
    const pref = await toProvider(b);
    const { payment } = await mp.payPreference(pref, { resultado: "in_process" });
    const waiting = await statusPage(b);
    expect(waiting.cartao).toEqual({ estado: "analise" });
    expect(waiting.pagamento).toBeNull();
    // No second checkout while one is in analysis.
    expect((await statusPageAct(b, "cartao_de_novo")).status).toBe(409);

    mp.setStatus(payment.id, "approved");
    // No notification arrives: the reconciliation reads the pending charge.
    expect(await reconcilePendingCobrancas()).toBe(1);
    const [charge] = await chargesOf(b.id);
    expect(charge).toMatchObject({ status: "paga", meio: "cartao" });
    expect(await paidAudits(b.id)).toBe(1);
    expect((await statusPage(b)).cartao).toMatchObject({ estado: "aprovado" });
  });

  it("a payment nobody announced is found by the booking's number (the reconciliation job)", async () => {
    const b = await readyToPay();
    const pref = await toProvider(b);
    await mp.payPreference(pref, { resultado: "approved" });
    expect(await chargesOf(b.id)).toHaveLength(0);
    await runDeclaredJob("grooming.card-sync");
    expect(await chargesOf(b.id)).toMatchObject([{ status: "paga" }]);
    expect(await paidAudits(b.id)).toBe(1);
  });

  it("refused: 'Tentar de novo' opens a new checkout, and Pix pays instead", async () => {
    const b = await readyToPay();
    const pref = await toProvider(b);
    const { payment } = await mp.payPreference(pref, { resultado: "rejected" });
    await notify(payment.id);
    const refused = await statusPage(b);
    expect(refused.cartao).toMatchObject({ estado: "recusado", pix: true });
    expect(refused.pagamento).toBeNull();
    expect(refused.pix).toEqual({ estado: "oferecido" });

    // "Tentar de novo": another checkout, not the refused one.
    expect(await toProvider(b, "cartao_de_novo")).not.toBe(pref);

    // Pix instead: paid, and the card is no longer offered.
    expect((await statusPageAct(b, "pagar_pix")).response?.status).toBe(303);
    const pix = (await chargesOf(b.id)).find((c) => c.meio === "pix")!;
    mp.setStatus(pix.externoId, "approved");
    expect((await notify(pix.externoId)).status).toBe(200);
    const paid = await statusPage(b);
    expect(paid.pagamento).toMatchObject({ metodo: "pix", online: true, valor: 5500 });
    expect(paid.cartao).toBeNull();
    expect((await statusPageAct(b, "pagar_cartao")).status).toBe(409);
  });

  it("ignores a card payment of another amount on the booking's number", async () => {
    const b = await readyToPay();
    const pref = await toProvider(b);
    mp.preferences.get(pref)!.items = [{ title: "x", quantity: 1, unit_price: 10 }];
    const { payment } = await mp.payPreference(pref, { resultado: "approved" });
    await notify(payment.id);
    expect(await chargesOf(b.id)).toHaveLength(0);
    expect((await statusPage(b)).pagamento).toBeNull();
  });
});
