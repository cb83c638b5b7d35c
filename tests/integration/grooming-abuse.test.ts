// One attacker against the grooming agenda (issue 39, points 5 and 10; decision 0056), on the
// real database (PGlite, and PostgreSQL with DATABASE_URL): open online bookings limited per
// phone and per e-mail, also when racing across two units; unconfirmed bookings holding at
// most half of a day, also when racing; the staff releasing a suspicious set in one action;
// and the staff's quote link booking once, for the quoted pet only, however often it is sent.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type BookingInput,
  type BookingPetInput,
  bookGrooming,
  bookingStatusView,
  groomingDay,
  quoteBookingPath,
  RELEASED_BY_STAFF,
  setBookingStatus,
  submitBooking,
} from "~/modules/grooming/index.server";
import { agendamentos, agendasBanho, pedidosServicos } from "~/modules/grooming/testing.server";
import { unidades } from "~/modules/shop/testing.server";
import { action as agendaAction, loader as agendaLoader } from "~/routes/admin/servicos-agenda";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { PROOF_AGENDA_LIMITS, shortCoatDog } from "../support/agenda";
import { DAY, NOW, withBookingAgenda } from "../support/booking-agenda";
import * as factories from "../support/factories";
import { call } from "../support/routes";

const ctx = withTestDatabase();

const agenda = withBookingAgenda(ctx, {
  suffix: "abuso",
  price: () => 6000,
  limits: { ...PROOF_AGENDA_LIMITS, capacidadeHorario: 20, capacidadeDia: 20, limitesPorte: {} },
  units: () => [agenda.unidadeId, outraId],
});
let outraId: string;

beforeAll(async () => {
  const [other] = await ctx.database.db
    .select({ id: unidades.id })
    .from(unidades)
    .where(sql`${unidades.id} <> ${agenda.unidadeId}`)
    .limit(1);
  outraId = other!.id;
});

beforeEach(async () => {
  await ctx.database.db.execute(sql`delete from pedidos_servicos`);
});

let seq = 0;
function pet(overrides: Partial<BookingPetInput> = {}): BookingPetInput {
  seq += 1;
  return shortCoatDog(`Pet ${seq}`, [agenda.banho], overrides);
}

/** A booking of a phone of its own unless `overrides` say whose. */
function booking(overrides: Partial<BookingInput> = {}): BookingInput {
  seq += 1;
  return {
    unidadeId: agenda.unidadeId,
    data: DAY,
    horario: "08:00",
    pets: [pet()],
    nomeTutor: "Maria Souza",
    whatsapp: `47 9${String(80_000_000 + seq)}`,
    email: null,
    levaTraz: false,
    endereco: null,
    bairro: null,
    observacoes: null,
    ...overrides,
  };
}

const book = (overrides: Partial<BookingInput> = {}, ip: string | null = null) =>
  bookGrooming(booking(overrides), { now: NOW, ip });

async function count(where = sql`true`): Promise<number> {
  const [row] = await ctx.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(agendamentos)
    .where(where);
  return row!.n;
}

const LIMIT_BY_PHONE =
  "Este WhatsApp já tem 2 agendamentos em aberto pelo site. Para marcar outro, cancele ou remarque um deles pelo link que enviamos, ou fale conosco no WhatsApp";

describe("open online bookings per phone and per e-mail", () => {
  it("a third open booking of one phone is refused, however the phone is written; a cancelled or past one does not count", async () => {
    expect((await book({ whatsapp: "(47) 99700-0001" })).ok).toBe(true);
    const second = await book({ whatsapp: "47997000001", data: "2026-12-04" });
    expect(second.ok).toBe(true);
    const third = await book({ whatsapp: "47 99700 0001", data: "2026-12-05" });
    expect(third).toEqual({ ok: false, code: "limite", message: LIMIT_BY_PHONE });
    // At the other unit too.
    expect(await book({ whatsapp: "47997000001", unidadeId: outraId })).toMatchObject({
      ok: false,
      code: "limite",
    });
    // One cancelled: room for another.
    await ctx.database.db
      .update(agendamentos)
      .set({ status: "cancelado" })
      .where(eq(agendamentos.id, second.ok ? second.agendamento.id : ""));
    expect((await book({ whatsapp: "47997000001", data: "2026-12-05" })).ok).toBe(true);
    // Once the first one's drop-off has passed it is no longer open.
    const later = new Date("2026-12-03T12:00:00Z");
    const after = await bookGrooming(
      booking({ whatsapp: "47997000001", data: "2026-12-06", horario: "09:00" }),
      { now: later },
    );
    expect(after.ok).toBe(true);
    expect(await count(sql`whatsapp_digitos = '47997000001'`)).toBe(4);
  });

  it("one e-mail, whatever its case, holds at most 2 across phones", async () => {
    expect((await book({ email: "Ataque@Example.com" })).ok).toBe(true);
    expect((await book({ email: "ataque@example.com", horario: "09:00" })).ok).toBe(true);
    const third = await book({ email: "ATAQUE@example.com", data: "2026-12-04" });
    expect(third).toMatchObject({ ok: false, code: "limite" });
    expect(third.ok === false && third.message).toContain("Este e-mail já tem 2 agendamentos");
    // Another e-mail books.
    expect((await book({ email: "outra@example.com", data: "2026-12-04" })).ok).toBe(true);
  });

  it("ten bookings of one phone racing at two units and different days: exactly 2 are made", async () => {
    const racers = Array.from({ length: 10 }, (_, i) =>
      book({
        whatsapp: "47996660000",
        email: `corrida${i}@example.com`,
        unidadeId: i % 2 === 0 ? agenda.unidadeId : outraId,
        data: `2026-12-${String(3 + i).padStart(2, "0")}`,
      }),
    );
    const results = await Promise.all(racers);
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    for (const r of results.filter((r) => !r.ok)) {
      expect(r).toMatchObject({ code: "limite", message: LIMIT_BY_PHONE });
    }
    expect(await count(sql`whatsapp_digitos = '47996660000'`)).toBe(2);
  });

  it("ten bookings of one e-mail racing from ten phones: exactly 2 are made", async () => {
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book({ email: "mesmo@example.com", unidadeId: i % 2 === 0 ? agenda.unidadeId : outraId }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(2);
    expect(await count(sql`lower(email) = 'mesmo@example.com'`)).toBe(2);
  });
});

describe("unconfirmed bookings hold at most half of a day", () => {
  beforeEach(async () => {
    await ctx.database.db
      .update(agendasBanho)
      .set({ statusInicial: "solicitado", capacidadeDia: 10 });
  });

  it("five points of Solicitado fill the share, the next free times skip that day, a confirmed one frees it", async () => {
    const made: Extract<Awaited<ReturnType<typeof book>>, { ok: true }>[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await book({ horario: i % 2 ? "09:00" : "08:00" });
      expect(r.ok).toBe(true);
      if (r.ok) made.push(r);
    }
    const sixth = await book();
    expect(sixth).toMatchObject({ ok: false, code: "capacidade" });
    expect(sixth.ok === false && sixth.message).toContain("antes da confirmação da equipe");
    // The next free times skip that day: the next day has room.
    expect(sixth.ok === false && sixth.code === "capacidade" && sixth.proximos[0]).toEqual({
      data: "2026-12-04",
      horario: "08:00",
    });
    const admin = await factories.makeAdmin();
    await setBookingStatus(made[0]!.agendamento.id, "confirmado", {
      request: makeRequest("/admin/servicos/agenda"),
      userId: admin.user.id,
    });
    expect((await book()).ok).toBe(true);
    // The day itself still has 4 points for the staff's walk-ins and confirmed bookings.
    expect(await count(sql`status = 'solicitado'`)).toBe(5);
  });

  it("ten tutors racing for the unconfirmed share: exactly 5 get it", async () => {
    const results = await Promise.all(Array.from({ length: 10 }, () => book()));
    expect(results.filter((r) => r.ok)).toHaveLength(5);
    expect(await count(sql`status = 'solicitado'`)).toBe(5);
  });
});

describe("the staff release a suspicious set in one action", () => {
  it("the agenda counts the unconfirmed bookings of one address and cancels them all at once", async () => {
    await ctx.database.db.update(agendasBanho).set({ statusInicial: "solicitado" });
    const attacker = "203.0.113.7";
    const theirs: Extract<Awaited<ReturnType<typeof book>>, { ok: true }>[] = [];
    for (const [i, data] of ["2026-12-03", "2026-12-03", "2026-12-04", "2026-12-05"].entries()) {
      const r = await book({ data, horario: i % 2 ? "09:00" : "08:00" }, attacker);
      expect(r.ok).toBe(true);
      if (r.ok) theirs.push(r);
    }
    const other = await book({ horario: "09:00" }, "198.51.100.2");
    // Confirmed by the staff: not part of a release.
    const kept = await book({ data: "2026-12-06" }, attacker);
    expect(other.ok && kept.ok).toBe(true);
    const { token, user } = await factories.makeAdmin();
    await setBookingStatus(kept.ok ? kept.agendamento.id : "", "confirmado", {
      request: makeRequest("/admin/servicos/agenda"),
      userId: user.id,
    });

    const day = (await groomingDay(agenda.unidadeId, DAY, { unidades: null }))!;
    const card = day.agendamentos.find((b) => b.id === theirs[0]!.agendamento.id)!;
    expect(card.mesmos).toEqual({ whatsapp: 1, email: 0, ip: 4 });
    const page = await call(
      agendaLoader,
      makeRequest(`/admin/servicos/agenda?unidade=${agenda.unidadeId}&dia=${DAY}`, { token }),
    );
    expect(page.status).toBe(200);

    const body = new URLSearchParams({ intent: "liberar", id: card.id, por: "ip" });
    const released = await call(
      agendaAction,
      makeRequest("/admin/servicos/agenda", { method: "POST", token, body }),
    );
    expect(released.data).toMatchObject({
      ok: true,
      message: "4 agendamentos não confirmados cancelados",
    });
    const statuses = await ctx.database.db
      .select({ id: agendamentos.id, status: agendamentos.status })
      .from(agendamentos);
    const statusOf = (id: string) => statuses.find((s) => s.id === id)?.status;
    for (const t of theirs) expect(statusOf(t.agendamento.id)).toBe("cancelado");
    expect(other.ok && statusOf(other.agendamento.id)).toBe("solicitado");
    expect(kept.ok && statusOf(kept.agendamento.id)).toBe("confirmado");
    // The tutor's page says why; the audit log lists them.
    const view = await bookingStatusView(theirs[0]!.agendamento.numero, theirs[0]!.token, {
      now: NOW,
    });
    expect(view?.historico.at(-1)).toMatchObject({ status: "cancelado", nota: RELEASED_BY_STAFF });
    const [entry] = await factories.auditEntries("grooming_release_contact");
    expect(entry?.details).toMatchObject({ por: "ip", quantidade: 4 });
    // The address is kept only as a keyed hash.
    const [row] = await ctx.database.db
      .select({ ipHash: agendamentos.ipHash })
      .from(agendamentos)
      .where(eq(agendamentos.id, card.id));
    expect(row!.ipHash).toMatch(/^[\w-]{16}$/);
    expect(row!.ipHash).not.toContain("203");
    // A bad choice is refused in Portuguese.
    const bad = await call(
      agendaAction,
      makeRequest("/admin/servicos/agenda", {
        method: "POST",
        token,
        body: new URLSearchParams({ intent: "liberar", id: card.id, por: "tudo" }),
      }),
    );
    expect(bad.data).toMatchObject({ ok: false });
  });
});

describe("the staff's quote link", () => {
  async function answeredQuote(numero: string) {
    return factories.insertGroomingQuote({
      numeroPedido: numero,
      precoOrcado: 15000,
      porteOrcado: "GG",
      servicosOrcados: [agenda.banho],
      status: "orcamento_enviado",
    });
  }

  function linkForm(numero: string, extra: Record<string, string> = {}) {
    const link = new URL(quoteBookingPath(numero), "http://localhost");
    const form = new FormData();
    const fields: Record<string, string> = {
      orcamento: numero,
      chave: link.searchParams.get("chave")!,
      pets: "1",
      unidade: agenda.unidadeId,
      pet0_nome: "Thor",
      pet0_especie: "cao",
      pet0_porte: "GG",
      pet0_pelagem: "curta",
      data: DAY,
      horario: "08:00",
      nomeTutor: "Ana Souza",
      whatsapp: "(47) 98888-1111",
      ...extra,
    };
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    form.append("pet0_servico", agenda.banho);
    return form;
  }

  it("sent 10 times at once (each its own form), it makes one booking", async () => {
    const quote = await answeredQuote("SRV777001");
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        submitBooking(linkForm("SRV777001", { whatsapp: `(47) 98888-11${10 + i}` }), {
          now: NOW,
        }),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(await count(eq(agendamentos.pedidoServicoId, quote.id))).toBe(1);
    const [after] = await ctx.database.db
      .select({ status: pedidosServicos.status })
      .from(pedidosServicos)
      .where(eq(pedidosServicos.id, quote.id));
    expect(after!.status).toBe("confirmado");
  });

  it("a used link books no more, even straight at the booking function", async () => {
    const quote = await answeredQuote("SRV777002");
    const input = booking({ pets: [pet({ porte: "GG" })], pedidoServicoId: quote.id });
    expect((await bookGrooming(input, { now: NOW })).ok).toBe(true);
    const again = await bookGrooming(
      booking({ pets: [pet({ porte: "GG" })], pedidoServicoId: quote.id, horario: "09:00" }),
      { now: NOW },
    );
    expect(again).toMatchObject({ ok: false, code: "limite" });
    expect(again.ok === false && again.message).toContain("já foi usado");
  });

  it("books the quoted pet; another GG or a first-visit tosa of the family goes to the quote", async () => {
    await answeredQuote("SRV777003");
    /** The quote's link form with a second dog of the family, short-coated. */
    const withPet = (nome: string, porte: string, servico: string) => {
      const form = linkForm("SRV777003", {
        pets: "2",
        pet1_nome: nome,
        pet1_especie: "cao",
        pet1_porte: porte,
        pet1_pelagem: "curta",
      });
      form.append("pet1_servico", servico);
      return form;
    };
    const refused = await submitBooking(withPet("Hulk", "GG", agenda.banho), { now: NOW });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.view.refusal).toMatchObject({ quote: true });
    expect((await submitBooking(withPet("Mel", "P", agenda.tosa), { now: NOW })).ok).toBe(false);
    // A family pet the rule lets through (a P with a bath) books with the quoted one.
    const withBath = withPet("Mel", "P", agenda.banho);
    const ok = await submitBooking(withBath, { now: NOW });
    expect(ok.ok).toBe(true);
    expect(await count()).toBe(1);
  });
});
