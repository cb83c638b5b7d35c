// Online grooming booking on the real database (PGlite, and PostgreSQL with DATABASE_URL),
// with the proof agenda: drop-offs 08:00 and 09:00 of 4 points, 10 a day, GG at
// most 2. Capacity per drop-off, per day and per size; racing bookings; notice, window and
// closed dates; cancel and reschedule windows; several pets all or none. The clock is handed
// in, and every instant is São Paulo's wall clock whatever the process's TZ.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  addWalkIn,
  type BookingInput,
  type BookingPetInput,
  bookGrooming,
  bookingStatusView,
  cancelBooking,
  checkInBooking,
  composeGroomingEmail,
  findBookingByLink,
  groomingDay,
  RELEASED_UNCONFIRMED,
  releaseUnconfirmedBookings,
  rescheduleBooking,
  rescheduleByStaff,
  sendDueReminders,
  setBookingStatus,
} from "~/modules/grooming/index.server";
import {
  agendamentoPets,
  agendamentos,
  agendasBanho,
  agendasBanhoFechadas,
} from "~/modules/grooming/testing.server";
import { deliverEmailsDue } from "~/modules/mail/index.server";
import { emails } from "~/modules/mail/testing.server";
import { unidades } from "~/modules/shop/testing.server";
import type { AdminActor } from "~/platform/admin/actor.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { PROOF_AGENDA_LIMITS, shortCoatDog } from "../support/agenda";
import { DAY, NOW, withBookingAgenda } from "../support/booking-agenda";
import * as factories from "../support/factories";
import { withSmtpServer } from "../support/smtp";

const ctx = withTestDatabase();
const smtp = withSmtpServer();

// The server's zone is not the shop's: this file runs as a server in Tokyo would (the pages'
// file runs in the machine's zone, UTC in CI); every day and time must still be São Paulo's.
const machineZone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = "Asia/Tokyo";
});
afterAll(() => {
  if (machineZone === undefined) delete process.env.TZ;
  else process.env.TZ = machineZone;
});

const prices = { P: 5000, M: 6000, G: 8000, GG: 11000 } as const;
const agenda = withBookingAgenda(ctx, {
  suffix: "teste",
  price: (servico, porte, pelagem) =>
    prices[porte] + (pelagem === "longa" ? 1000 : 0) + (servico === "tosa" ? 3000 : 0),
  limits: PROOF_AGENDA_LIMITS,
});
let quoteId: string;
let actor: AdminActor;

beforeAll(async () => {
  quoteId = (await factories.insertGroomingQuote(QUOTE_FIELDS("SRV900001"), ctx.database.db)).id;
  const admin = await factories.makeAdmin();
  actor = { request: makeRequest("/admin/servicos/agenda"), userId: admin.user.id };
});

let petSeq = 0;
function pet(porte: BookingPetInput["porte"], overrides: Partial<BookingPetInput> = {}) {
  petSeq += 1;
  return shortCoatDog(`Pet ${petSeq}`, [agenda.banho], { raca: "SRD", porte, ...overrides });
}

function booking(
  horario: string,
  pets: BookingPetInput[],
  overrides: Partial<BookingInput> = {},
): BookingInput {
  return {
    unidadeId: agenda.unidadeId,
    data: DAY,
    horario,
    pets,
    nomeTutor: "Maria Souza",
    whatsapp: `(47) 9${String(10_000_000 + petSeq).slice(0, 8)}`,
    email: null,
    levaTraz: false,
    endereco: null,
    bairro: null,
    observacoes: null,
    // GG always comes from the photo quote's link.
    pedidoServicoId: pets.some((p) => p.porte === "GG") ? quoteId : null,
    ...overrides,
  };
}

async function book(
  horario: string,
  pets: BookingPetInput[],
  overrides: Partial<BookingInput> = {},
) {
  const input = booking(horario, pets, overrides);
  // One quote's link books once (decision 0056): each GG its own answered quote.
  if (input.pedidoServicoId === quoteId) input.pedidoServicoId = await answeredQuote();
  return bookGrooming(input, { now: NOW });
}

/** The tutor's quote every booking of these tests answers. */
const QUOTE_FIELDS = (numeroPedido: string) => ({
  numeroPedido,
  nomeTutor: "Ana",
  whatsapp: "47999990001",
  racaPorte: "São Bernardo, GG",
});

let quoteSeq = 0;
async function answeredQuote(): Promise<string> {
  quoteSeq += 1;
  const quote = await factories.insertGroomingQuote({
    ...QUOTE_FIELDS(`SRV8${String(quoteSeq).padStart(5, "0")}`),
    precoOrcado: 11000,
    status: "orcamento_enviado",
  });
  return quote.id;
}

async function booked(
  horario: string,
  pets: BookingPetInput[],
  overrides: Partial<BookingInput> = {},
) {
  const result = await book(horario, pets, overrides);
  if (!result.ok) throw new Error(`agendamento recusado: ${result.message}`);
  return result;
}

async function pointsAt(data: string, horario: string): Promise<number> {
  const [row] = await ctx.database.db
    .select({ pontos: sql<number>`coalesce(sum(${agendamentos.pontos}), 0)::int` })
    .from(agendamentos)
    .where(
      sql`${agendamentos.data} = ${data} and ${agendamentos.horario} = ${horario}
        and ${agendamentos.status} not in ('cancelado', 'nao_compareceu')`,
    );
  return row!.pontos;
}

describe("capacity per drop-off, per day and per size", () => {
  it("two G at 08:00 fill it: a P is refused there and offered the next free times", async () => {
    const first = await booked("08:00", [pet("G")]);
    expect(first.agendamento.status).toBe("confirmado");
    expect(first.agendamento.numero).toMatch(/^AGD\d{6}$/);
    expect(first.agendamento.precoEstimado).toBe(8000);
    await booked("08:00", [pet("G", { pelagem: "longa" })]);
    const refused = await book("08:00", [pet("P")]);
    expect(refused).toMatchObject({
      ok: false,
      code: "capacidade",
      message: "Esse horário acabou de ser preenchido",
    });
    expect(refused.ok === false && refused.code === "capacidade" && refused.proximos[0]).toEqual({
      data: DAY,
      horario: "09:00",
    });
    expect(await pointsAt(DAY, "08:00")).toBe(4);
    // The P still fits 09:00.
    await booked("09:00", [pet("P")]);
  });

  it("a third GG that day is refused by the size limit though 09:00 has room", async () => {
    await booked("08:00", [pet("GG")]);
    await booked("09:00", [pet("P")]);
    // 09:00 holds 1 of 4: room for the day's second GG (3 points).
    const second = await book("09:00", [pet("GG")]);
    expect(second.ok).toBe(true);
    // A bigger 09:00 has room for a third GG: the size limit alone refuses it.
    await ctx.database.db.update(agendasBanho).set({ capacidadeHorario: 9 });
    const third = await book("09:00", [pet("GG")]);
    expect(third).toMatchObject({ ok: false, code: "capacidade" });
    expect(third.ok === false && third.message).toContain("porte GG");
    // The 09:00 drop-off had room for it (4 of 9 used).
    expect(await pointsAt(DAY, "09:00")).toBe(4);
  });

  it("the day's points hold across drop-offs", async () => {
    await ctx.database.db.update(agendasBanho).set({ capacidadeDia: 5 });
    await booked("08:00", [pet("G"), pet("G")]);
    const refused = await book("09:00", [pet("G")]);
    expect(refused).toMatchObject({ ok: false, code: "capacidade" });
    expect(refused.ok === false && refused.message).toBe(
      "A agenda desse dia acabou de ser preenchida",
    );
    await booked("09:00", [pet("M")]);
  });

  it("ten tutors racing for the last point: exactly one gets it", async () => {
    await booked("08:00", [pet("G"), pet("M"), pet("P")]); // 08:00 full
    await booked("09:00", [pet("G"), pet("P")]); // 09:00 holds 3 of 4
    const racers = Array.from({ length: 10 }, () => book("09:00", [pet("P")]));
    const results = await Promise.all(racers);
    const won = results.filter((r) => r.ok);
    const lost = results.filter((r) => !r.ok);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(9);
    for (const r of lost) {
      expect(r).toMatchObject({
        code: "capacidade",
        message: "Esse horário acabou de ser preenchido",
      });
      // Both drop-offs of the day are full: the next free times are the next day's.
      expect(r.ok === false && r.code === "capacidade" && r.proximos.slice(0, 2)).toEqual([
        { data: "2026-12-04", horario: "08:00" },
        { data: "2026-12-04", horario: "09:00" },
      ]);
    }
    expect(await pointsAt(DAY, "09:00")).toBe(4);
    const [count] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(agendamentoPets);
    expect(count!.n).toBe(3 + 2 + 1);
  });

  it("several pets of one family: all or none", async () => {
    const refused = await book("08:00", [pet("G"), pet("G"), pet("P")]);
    expect(refused).toMatchObject({ ok: false, code: "capacidade" });
    const [none] = await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(agendamentos);
    expect(none!.n).toBe(0);
    const family = await booked("08:00", [pet("G"), pet("M"), pet("P", { pelagem: "longa" })]);
    expect(family.pets).toHaveLength(3);
    expect(family.agendamento.pontos).toBe(4);
    expect(family.agendamento.precoEstimado).toBe(8000 + 6000 + 6000);
  });
});

describe("when one may book", () => {
  it("notice: a drop-off less than 2 h ahead is refused, on São Paulo's clock", async () => {
    // 06:30 in São Paulo: 08:00 is 1 h 30 away, 09:00 is 2 h 30 away.
    const early = new Date("2026-12-03T09:30:00Z");
    const tooSoon = await bookGrooming(booking("08:00", [pet("P")]), { now: early });
    expect(tooSoon).toMatchObject({ ok: false, code: "quando" });
    expect(tooSoon.ok === false && tooSoon.message).toContain("já não pode ser agendado");
    const inTime = await bookGrooming(booking("09:00", [pet("P")]), { now: early });
    expect(inTime.ok).toBe(true);
    expect(inTime.ok && inTime.agendamento.inicio.toISOString()).toBe("2026-12-03T12:00:00.000Z");
  });

  it("window: up to today + 30 days", async () => {
    expect((await book("08:00", [pet("P")], { data: "2026-12-31" })).ok).toBe(true);
    const far = await book("08:00", [pet("P")], { data: "2027-01-01" });
    expect(far).toMatchObject({
      ok: false,
      code: "quando",
      message: "Ainda não abrimos a agenda para essa data",
    });
  });

  it("a closed date is refused; the next day is not", async () => {
    await ctx.database.db
      .insert(agendasBanhoFechadas)
      .values({ unidadeId: agenda.unidadeId, data: "2026-12-08", motivo: "Feriado municipal" });
    const closed = await book("08:00", [pet("P")], { data: "2026-12-08" });
    expect(closed).toMatchObject({
      ok: false,
      code: "quando",
      message: "A unidade não atende banho e tosa nesse dia",
    });
    expect((await book("08:00", [pet("P")], { data: "2026-12-09" })).ok).toBe(true);
  });

  it("a time that is not a drop-off, and a unit without an agenda", async () => {
    expect(await book("10:00", [pet("P")])).toMatchObject({ ok: false, code: "quando" });
    await ctx.database.db.update(agendasBanho).set({ ativo: false });
    expect(await book("08:00", [pet("P")])).toMatchObject({ ok: false, code: "unidade" });
  });
});

describe("the photo quote first", () => {
  it("a GG, or a first visit with a flagged service, is sent to the quote", async () => {
    const gg = await book("08:00", [pet("GG")], { pedidoServicoId: null });
    expect(gg).toMatchObject({ ok: false, code: "orcamento" });
    const firstTosa = await book(
      "08:00",
      [pet("M", { nome: "Pipoca", servicoIds: [agenda.tosa] })],
      {
        whatsapp: "47988887777",
      },
    );
    expect(firstTosa).toMatchObject({ ok: false, code: "orcamento", pets: ["Pipoca"] });
    // Once Pipoca was handed back after a visit, the same phone books the tosa directly.
    const visit = await booked("08:00", [pet("M", { nome: "Pipoca" })], {
      whatsapp: "(47) 98888-7777",
    });
    await ctx.database.db
      .update(agendamentos)
      .set({ status: "entregue" })
      .where(eq(agendamentos.id, visit.agendamento.id));
    const again = await book(
      "09:00",
      [pet("M", { nome: "PIPOCA", servicoIds: [agenda.tosa, agenda.banho] })],
      {
        whatsapp: "47988887777",
      },
    );
    expect(again.ok).toBe(true);
    expect(again.ok && again.agendamento.precoEstimado).toBe(9000 + 6000);
  });
});

describe("cancel and reschedule from the status link", () => {
  it("cancel 25 h before frees the capacity; 23 h before is refused", async () => {
    const a = await booked("08:00", [pet("G"), pet("G")]); // fills 08:00
    expect((await book("08:00", [pet("P")])).ok).toBe(false);
    // 08:00 of 3 Dec is 11:00 UTC: 25 h before is 10:00 UTC on the 2nd.
    const at25 = new Date("2026-12-02T10:00:00Z");
    const cancelled = await cancelBooking(a.agendamento.numero, a.token, { now: at25 });
    expect(cancelled.status).toBe("cancelado");
    expect(cancelled.historico.map((h) => h.status)).toEqual(["confirmado", "cancelado"]);
    expect(await pointsAt(DAY, "08:00")).toBe(0);
    const b = await booked("08:00", [pet("G"), pet("M")]);
    const at23 = new Date("2026-12-02T12:00:00Z");
    await expect(cancelBooking(b.agendamento.numero, b.token, { now: at23 })).rejects.toThrow(
      "O prazo para cancelar ou reagendar pelo site terminou",
    );
    const still = await findBookingByLink(b.agendamento.numero, b.token);
    expect(still?.agendamento.status).toBe("confirmado");
    // A wrong secret is no booking.
    await expect(cancelBooking(b.agendamento.numero, "x", { now: at25 })).rejects.toThrow(
      "Agendamento não encontrado",
    );
    expect(await findBookingByLink(b.agendamento.numero, `${b.token}x`)).toBeNull();
  });

  it("a reschedule that no longer fits is refused and keeps the old booking", async () => {
    const mine = await booked("08:00", [pet("G")]);
    await booked("09:00", [pet("G"), pet("P")]); // 09:00 holds 3 of 4
    const refused = await rescheduleBooking(
      mine.agendamento.numero,
      mine.token,
      {
        data: DAY,
        horario: "09:00",
      },
      { now: NOW },
    );
    expect(refused).toMatchObject({
      ok: false,
      code: "capacidade",
      message: "Esse horário acabou de ser preenchido",
    });
    const kept = await findBookingByLink(mine.agendamento.numero, mine.token);
    expect(kept?.agendamento).toMatchObject({ data: DAY, horario: "08:00", status: "confirmado" });
    expect(await pointsAt(DAY, "08:00")).toBe(2);
    // To a time that fits: it moves, and the old drop-off is free again.
    const moved = await rescheduleBooking(
      mine.agendamento.numero,
      mine.token,
      { data: "2026-12-04", horario: "09:00" },
      { now: NOW },
    );
    expect(moved.ok && moved.agendamento).toMatchObject({ data: "2026-12-04", horario: "09:00" });
    expect(moved.ok && moved.agendamento.inicio.toISOString()).toBe("2026-12-04T12:00:00.000Z");
    expect(await pointsAt(DAY, "08:00")).toBe(0);
    expect(await pointsAt("2026-12-04", "09:00")).toBe(2);
    // Within its own drop-off a booking does not count against itself.
    const same = await rescheduleBooking(
      mine.agendamento.numero,
      mine.token,
      { data: "2026-12-04", horario: "09:00" },
      { now: NOW },
    );
    expect(same.ok).toBe(true);
    // Inside the window, no more rescheduling.
    await expect(
      rescheduleBooking(
        mine.agendamento.numero,
        mine.token,
        { data: DAY, horario: "08:00" },
        {
          now: new Date("2026-12-03T13:00:00Z"),
        },
      ),
    ).rejects.toThrow("O prazo para cancelar ou reagendar pelo site terminou");
  });

  it("two reschedules racing for the last places: one moves, the other stays", async () => {
    const a = await booked("08:00", [pet("G")]);
    const b = await booked("08:00", [pet("G")]);
    await booked("09:00", [pet("G")]); // 09:00 has 2 free: one G
    const [ra, rb] = await Promise.all([
      rescheduleBooking(
        a.agendamento.numero,
        a.token,
        { data: DAY, horario: "09:00" },
        { now: NOW },
      ),
      rescheduleBooking(
        b.agendamento.numero,
        b.token,
        { data: DAY, horario: "09:00" },
        { now: NOW },
      ),
    ]);
    expect([ra.ok, rb.ok].filter(Boolean)).toHaveLength(1);
    expect(await pointsAt(DAY, "09:00")).toBe(4);
    expect(await pointsAt(DAY, "08:00")).toBe(2);
  });
});

describe("the staff's agenda", () => {
  const walkIn = (horario: string, porte: BookingPetInput["porte"]) => ({
    unidadeId: agenda.unidadeId,
    data: DAY,
    horario,
    pet: pet(porte),
    nomeTutor: "Cliente do balcão",
    whatsapp: "47999990000",
  });

  it("shows used/total per drop-off and per-size counters like 'GG 1/2'", async () => {
    await booked("08:00", [pet("GG")]);
    await booked("09:00", [pet("G"), pet("P")]);
    const day = (await groomingDay(agenda.unidadeId, DAY, { unidades: null }))!;
    expect(day.horarios).toEqual([
      { horario: "08:00", usados: 3, total: 4 },
      { horario: "09:00", usados: 3, total: 4 },
    ]);
    expect(day.dia).toEqual({ usados: 6, total: 10 });
    expect(day.portes.find((p) => p.porte === "GG")).toEqual({ porte: "GG", usados: 1, limite: 2 });
    expect(day.portes.find((p) => p.porte === "P")).toEqual({
      porte: "P",
      usados: 1,
      limite: null,
    });
    expect(day.agendamentos.map((a) => a.pets.length)).toEqual([1, 2]);
  });

  it("walk-ins take capacity; over it only when the staff say so, and marked", async () => {
    await addWalkIn(walkIn("08:00", "G"), actor, { now: NOW });
    await addWalkIn(walkIn("08:00", "G"), actor, { now: NOW });
    // The online P no longer fits 08:00.
    expect(await book("08:00", [pet("P")])).toMatchObject({ ok: false, code: "capacidade" });
    await expect(addWalkIn(walkIn("08:00", "P"), actor, { now: NOW })).rejects.toThrow(
      "Encaixar acima da capacidade",
    );
    const squeezed = await addWalkIn(walkIn("08:00", "P"), actor, { now: NOW, acima: true });
    expect(squeezed).toMatchObject({
      acimaCapacidade: true,
      origem: "balcao",
      status: "confirmado",
    });
    expect(await pointsAt(DAY, "08:00")).toBe(5);
  });

  it("status steps in order; Pronto after Iniciar; no jump back", async () => {
    const b = await booked("08:00", [pet("M")]);
    const id = b.agendamento.id;
    await expect(setBookingStatus(id, "pronto", actor)).rejects.toThrow(
      'De "Confirmado" não se passa a "Pronto para buscar"',
    );
    await setBookingStatus(id, "em_atendimento", actor);
    await setBookingStatus(id, "pronto", actor);
    // Handed back, paid at the counter (issue 43 point 3): never checked in, so its price too.
    const preco = b.agendamento.precoEstimado;
    const done = await setBookingStatus(id, "entregue", actor, {
      pagamento: { metodo: "pix", valor: preco, recebido: null, motivo: null },
      precoFinal: preco,
    });
    expect(done.historico.map((h) => h.status)).toEqual([
      "confirmado",
      "em_atendimento",
      "pronto",
      "entregue",
    ]);
    await expect(setBookingStatus(id, "confirmado", actor)).rejects.toThrow("não se passa");
    // A no-show frees its place.
    const gone = await booked("09:00", [pet("G"), pet("G")]);
    await setBookingStatus(gone.agendamento.id, "nao_compareceu", actor);
    expect(await pointsAt(DAY, "09:00")).toBe(0);
  });

  it("check-in may change size, coat and price, and exceed capacity with a warning", async () => {
    const b = await booked("08:00", [pet("M")]);
    await booked("08:00", [pet("G"), pet("P")]); // 08:00 holds 4 of 4
    const [only] = b.pets;
    const result = await checkInBooking(
      b.agendamento.id,
      { pets: [{ id: only!.id, porte: "G", pelagem: "longa" }], precoFinal: 9500 },
      actor,
    );
    expect(result.aviso).toContain("Acima da capacidade");
    expect(result.agendamento).toMatchObject({
      precoFinal: 9500,
      pontos: 2,
      acimaCapacidade: true,
    });
    expect(await pointsAt(DAY, "08:00")).toBe(5);
    const page = await findBookingByLink(b.agendamento.numero, b.token);
    expect(page?.pets[0]).toMatchObject({ porte: "G", pelagem: "longa" });
    expect(page?.agendamento.precoFinal).toBe(9500);
    // Within capacity, no warning.
    const c = await booked("09:00", [pet("P")]);
    const fine = await checkInBooking(c.agendamento.id, { pets: [], precoFinal: null }, actor);
    expect(fine.aviso).toBeNull();
  });
});

describe("a 'Solicitado' the staff do not confirm", () => {
  it("is released after the unit's hours to confirm: cancelled with a note the status page shows, its capacity free again; a confirmed one stays", async () => {
    await ctx.database.db
      .update(agendasBanho)
      .set({ statusInicial: "solicitado", confirmarEmHoras: 12 })
      .where(eq(agendasBanho.unidadeId, agenda.unidadeId));
    const waiting = await booked("08:00", [pet("G"), pet("G")]);
    const confirmed = await booked("09:00", [pet("P")]);
    expect(waiting.agendamento.status).toBe("solicitado");
    await setBookingStatus(confirmed.agendamento.id, "confirmado", actor, { now: NOW });
    // 08:00 is full while the request waits.
    expect((await book("08:00", [pet("P")])).ok).toBe(false);

    const hours = (h: number) => new Date(NOW.getTime() + h * 3_600_000);
    expect(await releaseUnconfirmedBookings(new Date(hours(12).getTime() - 60_000))).toBe(0);
    expect(await releaseUnconfirmedBookings(hours(12))).toBe(1);
    // Run again (another instance, the next pass): nothing more.
    expect(await releaseUnconfirmedBookings(hours(13))).toBe(0);

    const [released] = await ctx.database.db
      .select()
      .from(agendamentos)
      .where(eq(agendamentos.id, waiting.agendamento.id));
    expect(released!.status).toBe("cancelado");
    expect(released!.historico.at(-1)).toMatchObject({
      status: "cancelado",
      nota: RELEASED_UNCONFIRMED,
    });
    const [kept] = await ctx.database.db
      .select()
      .from(agendamentos)
      .where(eq(agendamentos.id, confirmed.agendamento.id));
    expect(kept!.status).toBe("confirmado");
    expect(await pointsAt(DAY, "08:00")).toBe(0);
    expect((await book("08:00", [pet("P")])).ok).toBe(true);

    const page = await bookingStatusView(waiting.agendamento.numero, waiting.token, {
      now: hours(12),
    });
    expect(page?.status).toBe("cancelado");
    expect(page?.historico.at(-1)?.nota).toBe(RELEASED_UNCONFIRMED);
  });
});

describe("racing at the counter", () => {
  it("walk-ins and online bookings racing for the last point: exactly one gets it", async () => {
    await booked("08:00", [pet("G"), pet("P")]); // 3 of 4 at 08:00
    const walkIns = Array.from({ length: 5 }, () =>
      addWalkIn(
        {
          unidadeId: agenda.unidadeId,
          data: DAY,
          horario: "08:00",
          pet: pet("P"),
          nomeTutor: "Cliente do balcão",
          whatsapp: "47999990000",
        },
        actor,
        { now: NOW },
      ).then(
        () => true,
        () => false,
      ),
    );
    const online = Array.from({ length: 5 }, () => book("08:00", [pet("M")]).then((r) => r.ok));
    const results = await Promise.all([...walkIns, ...online]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await pointsAt(DAY, "08:00")).toBe(4);
  });

  it("check-ins racing a booking for the last point: the booking fits or is refused, never both over", async () => {
    const a = await booked("08:00", [pet("P")]);
    await booked("08:00", [pet("G")]); // 3 of 4
    // The check-in grows the P to an M (same points) while four tutors race for the last one.
    const [only] = a.pets;
    const [checkIn, ...bookings] = await Promise.all([
      checkInBooking(
        a.agendamento.id,
        { pets: [{ id: only!.id, porte: "M", pelagem: "curta" }], precoFinal: null },
        actor,
      ),
      ...Array.from({ length: 4 }, () => book("08:00", [pet("P")])),
    ]);
    expect(bookings.filter((b) => b.ok)).toHaveLength(1);
    // Whichever came first, the check-in saw the other and did not count itself twice.
    expect(await pointsAt(DAY, "08:00")).toBe(4);
    expect(checkIn.aviso).toBeNull();
  });
});

describe("e-mails to the tutor", () => {
  const deliver = async () => {
    while ((await deliverEmailsDue({ compose: composeGroomingEmail })) > 0) {}
  };
  const inbox = (subject: string) => smtp.messages.filter((m) => m.subject?.includes(subject));
  const withEmail = { email: "tutor@example.com" };

  beforeEach(async () => {
    await ctx.database.db.delete(emails);
    smtp.messages.length = 0;
  });

  it("the booking's confirmation carries the status link; Pronto tells the tutor to come", async () => {
    const b = await booked("08:00", [pet("M", { nome: "Paçoca" })], withEmail);
    await booked("09:00", [pet("P")]); // no e-mail, nothing sent
    await deliver();
    const [received] = inbox(`Banho e tosa agendado: ${b.agendamento.numero}`);
    expect(received?.envelopeTo).toEqual(["tutor@example.com"]);
    expect(received?.text).toContain("Paçoca");
    expect(received?.text).toContain("qui, 03/12/2026 às 08:00");
    const link = /\/servicos\/agendamento\/(AGD\d+)\?token=([\w%-]+)/.exec(received!.text ?? "");
    expect(link?.[1]).toBe(b.agendamento.numero);
    expect(await findBookingByLink(link![1]!, decodeURIComponent(link![2]!))).not.toBeNull();
    expect(smtp.messages).toHaveLength(1);

    await setBookingStatus(b.agendamento.id, "em_atendimento", actor);
    await deliver();
    expect(smtp.messages).toHaveLength(1);
    await setBookingStatus(b.agendamento.id, "pronto", actor);
    await deliver();
    const [ready] = inbox(`Pronto para buscar: ${b.agendamento.numero}`);
    expect(ready?.text).toContain("Paçoca está pronto(a) para buscar");
  });

  it("a reschedule and a release are told; a booking cancelled before its e-mail left sends nothing", async () => {
    const b = await booked("08:00", [pet("P")], withEmail);
    const moved = await rescheduleBooking(
      b.agendamento.numero,
      b.token,
      { data: DAY, horario: "09:00" },
      { now: NOW },
    );
    expect(moved.ok).toBe(true);
    await deliver();
    expect(inbox("remarcado")[0]?.text).toContain("às 09:00");

    const gone = await booked("08:00", [pet("P")], withEmail);
    await cancelBooking(gone.agendamento.numero, gone.token, { now: NOW });
    const before = smtp.messages.length;
    await deliver();
    // Its confirmation was queued, but the booking no longer holds a place when it is rendered.
    expect(smtp.messages).toHaveLength(before);
    const [discarded] = await ctx.database.db
      .select()
      .from(emails)
      .where(eq(emails.resourceId, gone.agendamento.id));
    expect(discarded?.status).toBe("descartado");

    await ctx.database.db
      .update(agendasBanho)
      .set({ statusInicial: "solicitado" })
      .where(eq(agendasBanho.unidadeId, agenda.unidadeId));
    const waiting = await booked("08:00", [pet("P")], withEmail);
    await deliver();
    expect(await releaseUnconfirmedBookings(new Date(NOW.getTime() + 13 * 3_600_000))).toBe(1);
    await deliver();
    const [released] = inbox(`cancelado: ${waiting.agendamento.numero}`);
    expect(released?.text).toContain(RELEASED_UNCONFIRMED);
  });

  it("reminders the day before from 09:00 São Paulo, once each, not for cancelled or just-made bookings", async () => {
    const kept = await booked("08:00", [pet("P")], withEmail);
    const cancelled = await booked("09:00", [pet("P")], withEmail);
    await cancelBooking(cancelled.agendamento.numero, cancelled.token, { now: NOW });
    await booked("09:00", [pet("M")]); // no e-mail
    await deliver();
    smtp.messages.length = 0;
    // Wednesday 2 Dec: 08:59 São Paulo is too early, 09:00 sends.
    expect(await sendDueReminders(new Date("2026-12-02T11:59:00Z"))).toBe(0);
    expect(await sendDueReminders(new Date("2026-12-02T12:00:00Z"))).toBe(1);
    expect(await sendDueReminders(new Date("2026-12-02T15:00:00Z"))).toBe(0);
    await deliver();
    expect(smtp.messages.map((m) => m.subject)).toEqual([
      `Lembrete: banho e tosa amanhã (${kept.agendamento.numero})`,
    ]);
    // A booking made the evening before for the next morning needs none.
    const late = await bookGrooming(booking("09:00", [pet("P")], withEmail), {
      now: new Date("2026-12-02T22:00:00Z"),
    });
    expect(late.ok).toBe(true);
    expect(await sendDueReminders(new Date("2026-12-02T23:00:00Z"))).toBe(0);
  });
});

describe("the staff reschedule", () => {
  async function otherUnit(): Promise<string> {
    const [other] = await ctx.database.db
      .select({ id: unidades.id })
      .from(unidades)
      .where(sql`${unidades.id} <> ${agenda.unidadeId}`)
      .limit(1);
    await ctx.database.db
      .insert(agendasBanho)
      .values({
        unidadeId: other!.id,
        horarios: Array.from({ length: 7 }, () => ["10:00"]),
        capacidadeHorario: 2,
        capacidadeDia: 2,
        pontos: { P: 1, M: 1, G: 2, GG: 4 },
        limitesPorte: {},
      })
      .onConflictDoNothing();
    return other!.id;
  }

  it("moves a booking to the other unit: its points follow that unit, the first frees its place", async () => {
    const other = await otherUnit();
    const b = await booked("08:00", [pet("G")]);
    const { agendamento, aviso } = await rescheduleByStaff(
      b.agendamento.id,
      { unidadeId: other, data: DAY, horario: "10:00" },
      actor,
      { now: NOW },
    );
    expect(aviso).toBeNull();
    expect(agendamento).toMatchObject({ unidadeId: other, horario: "10:00", pontos: 2 });
    expect(agendamento.historico.at(-1)?.nota).toBe("remarcado pela equipe");
    expect(await pointsAt(DAY, "08:00")).toBe(0);
    // The other unit's 10:00 is now full: a second move is refused unless the staff say so.
    const c = await booked("09:00", [pet("P")]);
    const to = { unidadeId: other, data: DAY, horario: "10:00" };
    await expect(rescheduleByStaff(c.agendamento.id, to, actor, { now: NOW })).rejects.toThrow(
      "Acima da capacidade",
    );
    const [kept] = await ctx.database.db
      .select()
      .from(agendamentos)
      .where(eq(agendamentos.id, c.agendamento.id));
    expect(kept).toMatchObject({ unidadeId: agenda.unidadeId, horario: "09:00" });
    const forced = await rescheduleByStaff(c.agendamento.id, to, actor, { now: NOW, acima: true });
    expect(forced.agendamento.acimaCapacidade).toBe(true);
    expect(forced.aviso).toContain("Acima da capacidade");
  });

  it("refuses a time that is not a drop-off, a closed day, and a booking already in service", async () => {
    const b = await booked("08:00", [pet("P")]);
    const move = (horario: string, data = DAY) =>
      rescheduleByStaff(b.agendamento.id, { unidadeId: agenda.unidadeId, data, horario }, actor, {
        now: NOW,
      });
    await expect(move("08:30")).rejects.toThrow("não é horário de entrega");
    await ctx.database.db
      .insert(agendasBanhoFechadas)
      .values({ unidadeId: agenda.unidadeId, data: "2026-12-04" });
    await expect(move("08:00", "2026-12-04")).rejects.toThrow("não atende");
    await setBookingStatus(b.agendamento.id, "em_atendimento", actor);
    await expect(move("09:00")).rejects.toThrow("antes do atendimento");
  });

  it("a staff move and a tutor's booking racing for the last places: never over capacity", async () => {
    const a = await booked("09:00", [pet("G")]);
    await booked("08:00", [pet("G")]); // 08:00 holds 2 of 4
    const results = await Promise.all([
      rescheduleByStaff(
        a.agendamento.id,
        { unidadeId: agenda.unidadeId, data: DAY, horario: "08:00" },
        actor,
        {
          now: NOW,
        },
      ).then(
        () => true,
        () => false,
      ),
      ...Array.from({ length: 4 }, () => book("08:00", [pet("G")]).then((r) => r.ok)),
    ]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(await pointsAt(DAY, "08:00")).toBe(4);
  });
});
