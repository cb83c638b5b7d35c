// Repeat grooming series (issue 45 point 5, decision 0087) on the demo shop's Meia Praia
// agenda: a weekly series whose third date is full is refused whole, with that date and the
// nearest drop-offs where the pet fits (nothing booked, nothing silently dropped); chosen
// again with one of those times it books every date, each an ordinary booking counted
// against capacity; two series racing for the last place of a drop-off book it once; one date
// skipped, then the series ended (the dates ahead cancelled, the past kept); a signed-in
// tutor's series links their pet and may be ended only by them.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { customerCookie } from "~/modules/customers/testing.server";
import {
  addWalkIn,
  bookSeries,
  endSeries,
  type SeriesInput,
  seriesView,
  skipOccurrence,
} from "~/modules/grooming/index.server";
import { agendamentoPets, agendamentos, agendasBanho } from "~/modules/grooming/testing.server";
import type { AdminActor } from "~/platform/admin/actor.server";
import { withTestDatabase } from "../setup/db";
import { shortCoatDog, smallDogWalkIn } from "../support/agenda";
import { withTestClock } from "../support/clock";
import { withDemoShop } from "../support/demo-shop";
import { staffSession } from "../support/staff";

const ctx = withTestDatabase();
// Tuesday 1 Dec 2026, 09:00 in São Paulo: Meia Praia takes pets at 08:00, 09:00 and 13:30.
const clock = withTestClock("2026-12-01T12:00:00Z");
const shop = withDemoShop();

let staff: AdminActor;

beforeAll(async () => {
  const dono = await staffSession({ papel: "dono", unidades: null, nome: "Olga" });
  staff = dono.actor("/admin/servicos/agenda");
  // One small pet per drop-off: the third Tuesday's 09:00 is filled by a walk-in below.
  await ctx.database.db
    .update(agendasBanho)
    .set({ capacidadeHorario: 1, capacidadeDia: 10, limitesPorte: {} })
    .where(eq(agendasBanho.unidadeId, shop.unidadeId));
});

beforeEach(async () => {
  await ctx.database.db.execute(sql`delete from agendamentos`);
  await ctx.database.db.execute(sql`delete from series_agendamento`);
});

function weekly(nome: string, over: Partial<SeriesInput> = {}): SeriesInput {
  return {
    unidadeId: shop.unidadeId,
    horario: "09:00",
    primeiraData: "2026-12-08",
    intervaloDias: 7,
    ocorrencias: 4,
    ateData: null,
    pet: shortCoatDog(nome, [shop.servico("banho")]),
    nomeTutor: "Marta",
    whatsapp: "47999991234",
    email: "marta@example.com",
    ...over,
  };
}

async function bookingCount() {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(agendamentos);
  return row!.n;
}

/** A walk-in of another tutor's small dog at 09:00 on `data`, the only place of that drop-off. */
const walkInAtNine = (data: string, nomeTutor: string) =>
  addWalkIn(
    smallDogWalkIn({
      unidadeId: shop.unidadeId,
      data,
      nomeTutor,
      servicoId: shop.servico("banho"),
      horario: "09:00",
    }),
    staff,
  );

describe("a weekly series", () => {
  it("refuses the series whole when its third date is full, offering the nearest free times, then books it with the one chosen", async () => {
    await walkInAtNine("2026-12-22", "Seu Pedro");
    const refused = await bookSeries(weekly("Paçoca"), { staff });
    expect(refused.ok).toBe(false);
    if (refused.ok || refused.code !== "conflitos") throw new Error("expected conflicts");
    expect(refused.ocorrencias).toHaveLength(1);
    const third = refused.ocorrencias[0]!;
    expect(third).toMatchObject({ indice: 2, data: "2026-12-22", horario: "09:00" });
    expect(third.motivo).toMatch(/horário/);
    // The nearest: the same day's other drop-offs first.
    expect(third.proximos[0]).toEqual({ data: "2026-12-22", horario: "08:00" });
    expect(third.proximos.every((p) => !(p.data === "2026-12-22" && p.horario === "09:00"))).toBe(
      true,
    );
    // Nothing of the series was written: the walk-in only.
    expect(await bookingCount()).toBe(1);

    const booked = await bookSeries(weekly("Paçoca", { trocas: { 2: third.proximos[0]! } }), {
      staff,
    });
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    expect(booked.agendamentos.map((a) => `${a.data} ${a.horario}`)).toEqual([
      "2026-12-08 09:00",
      "2026-12-15 09:00",
      "2026-12-22 08:00",
      "2026-12-29 09:00",
    ]);
    expect(
      booked.agendamentos.every((a) => a.status === "confirmado" && a.serieId === booked.serie.id),
    ).toBe(true);
    const pets = await ctx.database.db.select().from(agendamentoPets);
    expect(pets.filter((p) => p.nome === "Paçoca")).toHaveLength(4);
    // Each date holds its place: a single walk-in at 12-08 09:00 is now refused.
    await expect(walkInAtNine("2026-12-08", "Ana")).rejects.toThrow(/capacidade/);
  });

  it("a skipped date may be left out on purpose, and is said back", async () => {
    await walkInAtNine("2026-12-22", "Seu Pedro");
    const booked = await bookSeries(weekly("Paçoca", { trocas: { 2: "pular" } }), { staff });
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    expect(booked.agendamentos.map((a) => a.data)).toEqual([
      "2026-12-08",
      "2026-12-15",
      "2026-12-29",
    ]);
    expect(booked.pulados).toEqual([2]);
  });

  it("two series racing for the last place of a drop-off book it once", async () => {
    const results = await Promise.all([
      bookSeries(weekly("Bolt", { ocorrencias: 2 }), { staff }),
      bookSeries(weekly("Mel", { ocorrencias: 2, whatsapp: "47988887777" }), { staff }),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const loser = results.find((r) => !r.ok);
    expect(loser).toMatchObject({ ok: false, code: "conflitos" });
    expect(await bookingCount()).toBe(2);
  });

  it("skips one date and ends the series: the dates ahead are cancelled, the past stay", async () => {
    const booked = await bookSeries(weekly("Paçoca"), { staff });
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    const [first, second, third] = booked.agendamentos;
    await skipOccurrence(booked.serie.id, second!.id, { staff });
    // The first date comes and goes (delivered); the series is ended after it.
    clock.advance(8 * 86_400_000);
    await ctx.database.db
      .update(agendamentos)
      .set({ status: "entregue" })
      .where(eq(agendamentos.id, first!.id));
    const ended = await endSeries(booked.serie.id, { staff });
    expect(ended.cancelados).toHaveLength(2);
    const view = await seriesView(booked.serie.id);
    expect(view!.serie.encerradaEm).not.toBeNull();
    expect(view!.agendamentos.map((a) => a.status)).toEqual([
      "entregue",
      "cancelado",
      "cancelado",
      "cancelado",
    ]);
    expect(view!.agendamentos.find((a) => a.id === third!.id)!.historico.at(-1)?.nota).toBe(
      "série encerrada",
    );
    // A skipped past date cannot be skipped again.
    await expect(skipOccurrence(booked.serie.id, first!.id, { staff })).rejects.toThrow(
      /ainda não chegou/,
    );
  });

  it("a signed-in tutor's series links their pet, and only they may end it", async () => {
    const marta = { id: (await customerCookie("marta@example.com")).clienteId };
    const booked = await bookSeries(
      weekly("Paçoca", { primeiraData: "2026-12-03", intervaloDias: 14, ocorrencias: 3 }),
      {
        clienteId: marta.id,
      },
    );
    if (!booked.ok) throw new Error(JSON.stringify(booked));
    expect(booked.serie.petId).not.toBeNull();
    expect(booked.agendamentos.every((a) => a.origem === "online")).toBe(true);
    const stranger = { id: (await customerCookie("outra@example.com")).clienteId };
    await expect(endSeries(booked.serie.id, { clienteId: stranger.id })).rejects.toThrow(
      /não encontrada/,
    );
    const ended = await endSeries(booked.serie.id, { clienteId: marta.id });
    expect(ended.cancelados).toHaveLength(3);
  });

  it("refuses a series out of bounds", async () => {
    expect(await bookSeries(weekly("X", { intervaloDias: 10 }), { staff })).toMatchObject({
      ok: false,
      code: "invalido",
    });
    expect(await bookSeries(weekly("X", { ocorrencias: 0 }), { staff })).toMatchObject({
      ok: false,
      code: "invalido",
    });
    const capped = await bookSeries(weekly("X", { ocorrencias: 500, intervaloDias: 28 }), {
      staff,
    });
    if (!capped.ok) throw new Error(JSON.stringify(capped));
    expect(capped.agendamentos.length).toBeLessThanOrEqual(26);
  });
});
