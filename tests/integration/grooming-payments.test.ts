// A grooming booking paid at the counter (issue 43 point 3, decision 0078), through the
// agenda's action and loader on the demo shop (its services and the Meia Praia agenda):
// "Entregue" of a booking not yet paid asks how it was paid and records it in the same
// write; cash with change; a discount needs a reason; a booking without a final price says
// what to do; a double click and two tabs record once; another unit's people are refused;
// the day's totals per unit are the recorded payments; the tutor's page says "Pago".
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookingStatusView, NO_FINAL_PRICE } from "~/modules/grooming/index.server";
import { agendamentos } from "~/modules/grooming/testing.server";
import { recebimentos } from "~/modules/payments/testing.server";
import { action as agendaAction, loader as agendaLoader } from "~/routes/admin/servicos-agenda";
import { makeRequest } from "../setup/requests";
import * as factories from "../support/factories";
import * as groomingDay from "../support/grooming-day";
import { call } from "../support/routes";
import { rowsWhere } from "../support/rows";

// Tuesday 1 Dec 2026, 09:00 in São Paulo: Meia Praia takes pets at 08:00, 09:00 and 13:30.
const day = groomingDay.withGroomingDay();
const { ctx } = day;

const { people, tokenOf } = groomingDay.withTeam(day, ({ unidadeId, centroId }) => ({
  tosadora: ["tosador", "Bruna", [unidadeId]],
  atendenteCentro: ["atendente", "Carla", [centroId]],
  tosadorCentro: ["tosador", "Davi", [centroId]],
}));
type Who = keyof typeof people;

const agendaPath = (query = "") =>
  `/admin/servicos/agenda?unidade=${day.unidadeId}&dia=${groomingDay.TODAY}&tosador=todos${query}`;

async function post(who: Who, fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  if (fields.intent === "walkin") body.append("servicoIds", day.banho);
  return call(
    agendaAction,
    makeRequest(agendaPath(), { method: "POST", token: await tokenOf(who), body }),
  );
}

async function agendaOf(who: Who, unidade = day.unidadeId) {
  const page = await call(
    agendaLoader,
    makeRequest(
      `/admin/servicos/agenda?unidade=${unidade}&dia=${groomingDay.TODAY}&tosador=todos`,
      {
        token: await tokenOf(who),
      },
    ),
  );
  expect(page.status).toBe(200);
  return page.data;
}

/** A walk-in at Meia Praia's counter, today: its card on the agenda. */
async function walkIn(pet: string, horario = "09:00") {
  const r = await post("atendente", groomingDay.walkInFields(day.unidadeId, horario, pet));
  expect(r.data).toMatchObject({ ok: true });
  return cardOf(pet);
}

async function cardOf(pet: string) {
  const data = await agendaOf("dono");
  return data.agendaDay.agendamentos.find((a: { pets: { nome: string }[] }) =>
    a.pets.some((p) => p.nome === pet),
  );
}

async function move(id: string, ...statuses: string[]) {
  for (const status of statuses) {
    expect((await post("atendente", { intent: "status", id, status })).data).toMatchObject({
      ok: true,
    });
  }
}

/** A walk-in checked in at `preco` and moved to "Pronto para buscar". */
async function ready(pet: string, preco = "80,00") {
  const booking = await walkIn(pet);
  const checkIn = await post("atendente", { intent: "checkin", id: booking.id, precoFinal: preco });
  expect(checkIn.data).toMatchObject({ ok: true });
  await move(booking.id, "em_atendimento", "pronto");
  return booking as { id: string; numero: string };
}

const paymentsOf = (id: string) => rowsWhere(recebimentos, eq(recebimentos.agendamentoId, id));
const statusOf = async (id: string) => (await rowsWhere(agendamentos, eq(agendamentos.id, id)))[0]!;

describe("Entregue of a booking not yet paid", () => {
  it("is refused without the payment; cash with change is recorded with who, where and when", async () => {
    const thor = await ready("Thor");
    const asked = await post("atendente", { intent: "status", id: thor.id, status: "entregue" });
    expect(asked.status).toBe(400);
    expect(asked.data).toMatchObject({
      ok: false,
      id: thor.id,
      errors: { pagamento: "Registre como o tutor pagou antes de entregar o pet" },
    });
    expect((await statusOf(thor.id)).status).toBe("pronto");
    expect(await paymentsOf(thor.id)).toHaveLength(0);

    const delivery = {
      intent: "status",
      id: thor.id,
      status: "entregue",
      pagamentoMetodo: "dinheiro",
      pagamentoValor: "80,00",
    };
    const short = await post("atendente", { ...delivery, pagamentoRecebido: "50,00" });
    expect(short.data.errors).toEqual({
      recebido: "O valor entregue é menor que o valor a pagar",
    });
    // What was typed comes back for the card's form (a page without JavaScript).
    expect(short.data.pagamentoForm).toMatchObject({
      pagamentoMetodo: "dinheiro",
      pagamentoRecebido: "50,00",
    });
    expect((await statusOf(thor.id)).status).toBe("pronto");

    const paid = await post("atendente", { ...delivery, pagamentoRecebido: "100,00" });
    expect(paid.data).toMatchObject({ ok: true });
    expect((await statusOf(thor.id)).status).toBe("entregue");
    const [payment] = await paymentsOf(thor.id);
    expect(payment).toMatchObject({
      metodo: "dinheiro",
      valor: 8000,
      recebido: 10000,
      motivo: null,
      usuarioId: people.atendente.id,
      unidadeId: day.unidadeId,
      pedidoId: null,
    });
    expect(payment!.recebidoEm.toISOString()).toBe("2026-12-01T12:00:00.000Z");
    const [audit] = (await factories.auditEntries("grooming_booking_status")).filter(
      (a) => a.resourceId === thor.id && a.details?.para === "entregue",
    );
    expect(audit?.details).toMatchObject({ pagamento: "dinheiro", valor: 8000, troco: 2000 });

    // The card says "Pago" with how much and how, and its history who took it.
    const card = await cardOf("Thor");
    expect(card.pagamento).toMatchObject({ metodo: "dinheiro", valor: 8000 });
    expect(card.registro.at(-1)).toMatchObject({
      acao: "Status: Pronto para buscar → Entregue · pago: Dinheiro R$ 80,00",
      por: expect.stringContaining("Alice"),
    });
  });

  it("a discount needs a reason; recorded before Entregue, the hand-over asks nothing more", async () => {
    const mel = await ready("Mel");
    const base = {
      intent: "pagamento",
      id: mel.id,
      pagamentoMetodo: "debito",
      pagamentoValor: "70,00",
    };
    const without = await post("atendente", base);
    expect(without.status).toBe(400);
    expect(without.data.errors).toEqual({
      motivo: "O valor é diferente do total (R$ 80,00): diga o motivo",
    });
    expect(await paymentsOf(mel.id)).toHaveLength(0);
    const withReason = await post("atendente", {
      ...base,
      pagamentoMotivo: "cliente frequente, 10 reais de desconto",
    });
    expect(withReason.data).toMatchObject({ ok: true });
    expect((await paymentsOf(mel.id))[0]).toMatchObject({
      metodo: "debito",
      valor: 7000,
      recebido: null,
      motivo: "cliente frequente, 10 reais de desconto",
    });
    expect((await cardOf("Mel")).registro.at(-1)).toMatchObject({
      acao: "Pagamento registrado: Cartão de débito R$ 70,00",
    });
    // Still "Pronto": paying is not handing over; then "Entregue" alone goes through.
    expect((await statusOf(mel.id)).status).toBe("pronto");
    expect(
      (await post("atendente", { intent: "status", id: mel.id, status: "entregue" })).data,
    ).toMatchObject({ ok: true });
    expect(await paymentsOf(mel.id)).toHaveLength(1);
  });

  it("a booking that never went through check-in says to give its final price, then takes it", async () => {
    const luna = await walkIn("Luna");
    // Before the work starts there is nothing to receive yet.
    const early = await post("atendente", {
      intent: "pagamento",
      id: luna.id,
      pagamentoMetodo: "pix",
      pagamentoValor: "50,00",
    });
    expect(early.data.message).toMatch(/a partir do início do atendimento/);
    await move(luna.id, "em_atendimento", "pronto");
    const delivery = {
      intent: "status",
      id: luna.id,
      status: "entregue",
      pagamentoMetodo: "pix",
      pagamentoValor: "65,00",
    };
    const noPrice = await post("atendente", delivery);
    expect(noPrice.data).toMatchObject({ ok: false, errors: { precoFinal: NO_FINAL_PRICE } });
    expect((await statusOf(luna.id)).status).toBe("pronto");
    const paid = await post("atendente", { ...delivery, precoFinal: "65,00" });
    expect(paid.data).toMatchObject({ ok: true });
    expect(await statusOf(luna.id)).toMatchObject({ status: "entregue", precoFinal: 6500 });
    expect((await paymentsOf(luna.id))[0]).toMatchObject({ metodo: "pix", valor: 6500 });
  });
});

describe("recorded once", () => {
  it("a double click and a second tab, Entregue and Registrar pagamento racing, record one payment", async () => {
    const bob = await ready("Bob");
    const payment = { id: bob.id, pagamentoMetodo: "credito", pagamentoValor: "80,00" };
    const answers = await Promise.all([
      ...Array.from({ length: 3 }, () =>
        post("atendente", { ...payment, intent: "status", status: "entregue" }),
      ),
      ...Array.from({ length: 3 }, () => post("tosadora", { ...payment, intent: "pagamento" })),
    ]);
    expect(answers.map((a) => a.data.ok)).toEqual([true, true, true, true, true, true]);
    expect(await paymentsOf(bob.id)).toHaveLength(1);
    expect((await statusOf(bob.id)).status).toBe("entregue");
    // Another amount from a third tab is refused with what was recorded.
    const other = await post("atendente", {
      intent: "pagamento",
      id: bob.id,
      pagamentoMetodo: "dinheiro",
      pagamentoValor: "80,00",
    });
    expect(other.data.message).toBe(
      `O pagamento de ${bob.numero} já foi registrado: Cartão de crédito R$ 80,00`,
    );
    expect(await paymentsOf(bob.id)).toHaveLength(1);
  });
});

describe("who may take the payment", () => {
  it("a groomer of the booking's unit may; an attendant or a groomer of another unit may not", async () => {
    const rex = await ready("Rex");
    const payment = { id: rex.id, pagamentoMetodo: "pix", pagamentoValor: "80,00" };
    for (const who of ["atendenteCentro", "tosadorCentro"] as const) {
      const intents: Record<string, string>[] = [
        { intent: "pagamento" },
        { intent: "status", status: "entregue" },
      ];
      for (const intent of intents) {
        const refused = await post(who, { ...payment, ...intent });
        expect(refused.status).toBe(400);
        expect(refused.data.message).toBe("Agendamento não encontrado");
      }
    }
    expect(await paymentsOf(rex.id)).toHaveLength(0);
    expect((await statusOf(rex.id)).status).toBe("pronto");
    // The groomer hands the pet back at a small shop, and takes its payment (decision 0078).
    const taken = await post("tosadora", { ...payment, intent: "status", status: "entregue" });
    expect(taken.data).toMatchObject({ ok: true });
    expect((await paymentsOf(rex.id))[0]).toMatchObject({ usuarioId: people.tosadora.id });
  });
});

describe("the day's money on the agenda", () => {
  it("per unit, what was received (by method) and what is still to receive equal the records", async () => {
    const a = await ready("Aika");
    const b = await ready("Bento", "90,00");
    await ready("Cacau", "75,00");
    const d = await walkIn("Duque", "08:00");
    const e = await walkIn("Eros", "08:00");
    await post("atendente", {
      intent: "status",
      id: a.id,
      status: "entregue",
      pagamentoMetodo: "dinheiro",
      pagamentoValor: "80,00",
      pagamentoRecebido: "100,00",
    });
    await post("atendente", {
      intent: "pagamento",
      id: b.id,
      pagamentoMetodo: "pix",
      pagamentoValor: "85,00",
      pagamentoMotivo: "desconto de aniversário",
    });
    await move(e.id, "nao_compareceu");

    // What the database holds: the day's bookings at Meia Praia and their payments.
    const received = await ctx.database.db
      .select({ metodo: recebimentos.metodo, valor: recebimentos.valor })
      .from(recebimentos)
      .innerJoin(agendamentos, eq(agendamentos.id, recebimentos.agendamentoId))
      .where(
        and(eq(agendamentos.unidadeId, day.unidadeId), eq(agendamentos.data, groomingDay.TODAY)),
      );
    const open = await rowsWhere(
      agendamentos,
      and(
        eq(agendamentos.unidadeId, day.unidadeId),
        eq(agendamentos.data, groomingDay.TODAY),
        sql`${agendamentos.status} not in ('cancelado', 'nao_compareceu')`,
        sql`not exists (select 1 from recebimentos r where r.agendamento_id = ${agendamentos.id})`,
      ),
    );
    expect(received).toHaveLength(2);
    expect(open).toHaveLength(2);

    const page = await agendaOf("atendente");
    const meiaPraia = page.caixa.find((c: { unidadeId: string }) => c.unidadeId === day.unidadeId);
    expect(meiaPraia).toMatchObject({
      recebido: received.reduce((sum, r) => sum + r.valor, 0),
      aReceber: open.reduce((sum, r) => sum + (r.precoFinal ?? r.precoEstimado), 0),
      pendentes: open.length,
      estimados: open.filter((r) => r.precoFinal === null).length,
    });
    expect(meiaPraia.recebido).toBe(8000 + 8500);
    expect(meiaPraia.aReceber).toBe(7500 + d.precoEstimado);
    expect(
      Object.fromEntries(
        meiaPraia.porMetodo.map((m: { metodo: string; valor: number }) => [m.metodo, m.valor]),
      ),
    ).toEqual({ dinheiro: 8000, pix: 8500 });
    // Each card says "Pago" or not, as the records do.
    const cards = page.agendaDay.agendamentos as { id: string; pagamento: unknown }[];
    expect(cards.filter((c) => c.pagamento !== null).map((c) => c.id)).toEqual(
      expect.arrayContaining([a.id, b.id]),
    );
    expect(cards.filter((c) => c.pagamento !== null)).toHaveLength(2);

    // Another unit's attendant sees their own unit's money only (decision 0069).
    const centro = await agendaOf("atendenteCentro", day.unidadeId);
    expect(centro.caixa.map((c: { unidadeId: string }) => c.unidadeId)).not.toContain(
      day.unidadeId,
    );
  });
});

describe("the tutor's status page", () => {
  it("says Pago with the amount, how and when, and never who received it", async () => {
    const booked = await groomingDay.bookPipoca({
      unidadeId: day.unidadeId,
      banho: day.banho,
      email: null,
    });
    const { id, numero } = booked;
    expect((await bookingStatusView(numero, booked.token))?.pagamento).toBeNull();
    await post("atendente", { intent: "checkin", id, precoFinal: "55,00" });
    await move(id, "em_atendimento", "pronto");
    const paid = await post("tosadora", {
      intent: "status",
      id,
      status: "entregue",
      pagamentoMetodo: "pix",
      pagamentoValor: "55,00",
    });
    expect(paid.data).toMatchObject({ ok: true });
    const view = await bookingStatusView(numero, booked.token);
    expect(view?.pagamento).toEqual({
      valor: 5500,
      metodo: "pix",
      em: "2026-12-01T12:00:00.000Z",
    });
    expect(JSON.stringify(view)).not.toContain(people.tosadora.nome);
    expect(JSON.stringify(view)).not.toContain(people.tosadora.id);
  });
});
