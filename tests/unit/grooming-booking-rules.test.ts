// The pure rules of online grooming booking (issue 28): capacity per drop-off, per day and
// per size, notice, window and closed dates, the cancellation window, prices and the photo
// quote, all on the shop's wall clock. Every case runs under three process time zones
// (the server's zone must change nothing): UTC, Asia/Tokyo and America/Sao_Paulo.
import { afterAll, describe, expect, it } from "vitest";
import {
  type AgendaRules,
  checkFit,
  checkWhen,
  type DayUsage,
  dropOffTimes,
  EMPTY_USAGE,
  fitMessage,
  lastBookableDay,
  needsQuote,
  petKey,
  priceFor,
  shopDayOf,
  shopInstant,
  slotsOfDay,
  weekdayOf,
  withinCancelWindow,
} from "~/modules/grooming/booking-rules";
import { PROOF_AGENDA_LIMITS } from "../support/agenda";

/** The proof agenda: 08:00 and 09:00 of 4 points, 10 a day, GG at most 2. */
const AGENDA: AgendaRules = {
  horarios: [
    [],
    ["08:00", "09:00"],
    ["09:00", "08:00"],
    ["08:00", "09:00"],
    ["08:00"],
    ["08:00", "09:00"],
    ["08:00"],
  ],
  ...PROOF_AGENDA_LIMITS,
};

const NONE = new Set<string>();
/** What `checkWhen` answers for a time it refuses. */
const refusedFor = (reason: string) => ({ ok: false, reason });
const originalTz = process.env.TZ;
afterAll(() => {
  process.env.TZ = originalTz;
});

const usage = (porHorario: Record<string, number>, porPorte: DayUsage["porPorte"] = {}) => ({
  porHorario,
  dia: Object.values(porHorario).reduce((a, b) => a + b, 0),
  porPorte,
});

for (const zone of ["UTC", "Asia/Tokyo", "America/Sao_Paulo"]) {
  describe(`booking rules with the server in ${zone}`, () => {
    it("runs in that zone", () => {
      process.env.TZ = zone;
      // Proof that the switch took: the process's own offset differs by zone.
      const offset = new Date("2026-12-01T12:00:00Z").getTimezoneOffset();
      expect(offset).toBe({ UTC: 0, "Asia/Tokyo": -540, "America/Sao_Paulo": 180 }[zone]);
    });

    it("reads drop-off times on the shop's wall clock (UTC-3)", () => {
      process.env.TZ = zone;
      expect(shopInstant("2026-12-01", "08:00").toISOString()).toBe("2026-12-01T11:00:00.000Z");
      expect(shopInstant("2026-12-01", "23:30").toISOString()).toBe("2026-12-02T02:30:00.000Z");
      // 2018 had daylight saving time (UTC-2) in November.
      expect(shopInstant("2018-11-20", "08:00").toISOString()).toBe("2018-11-20T10:00:00.000Z");
      // 22:30 UTC on the 1st is still the 1st in São Paulo; 03:30 UTC on the 2nd is the 2nd.
      expect(shopDayOf(new Date("2026-12-01T22:30:00Z"))).toBe("2026-12-01");
      expect(shopDayOf(new Date("2026-12-02T02:59:00Z"))).toBe("2026-12-01");
      expect(shopDayOf(new Date("2026-12-02T03:00:00Z"))).toBe("2026-12-02");
      // 2026-12-01 is a Tuesday, whatever the zone.
      expect(weekdayOf("2026-12-01")).toBe(2);
      expect(dropOffTimes(AGENDA, "2026-12-01")).toEqual(["08:00", "09:00"]);
      expect(dropOffTimes(AGENDA, "2026-11-29")).toEqual([]);
    });

    it("two G at 08:00 fill it: a P is refused there, and fits 09:00", () => {
      process.env.TZ = zone;
      const first = checkFit(AGENDA, EMPTY_USAGE, "08:00", ["G"]);
      expect(first).toEqual({ ok: true, pontos: 2 });
      const second = checkFit(AGENDA, usage({ "08:00": 2 }, { G: 1 }), "08:00", ["G"]);
      expect(second.ok).toBe(true);
      const full = usage({ "08:00": 4 }, { G: 2 });
      const refused = checkFit(AGENDA, full, "08:00", ["P"]);
      expect(refused).toEqual({ ok: false, reason: "horario_cheio", livres: 0 });
      expect(fitMessage(refused as never)).toBe("Esse horário acabou de ser preenchido");
      expect(checkFit(AGENDA, full, "09:00", ["P"]).ok).toBe(true);
    });

    it("a third GG that day is refused by the size limit, before any drop-off count", () => {
      process.env.TZ = zone;
      // One GG at 08:00 and one at 09:00: the size limit (2) answers, not the drop-off.
      const day = usage({ "08:00": 3, "09:00": 3 }, { GG: 2 });
      const refused = checkFit(AGENDA, day, "09:00", ["GG"]);
      expect(refused).toEqual({ ok: false, reason: "limite_porte", porte: "GG", limite: 2 });
      expect(fitMessage(refused as never)).toContain("porte GG");
      // With room at the drop-off (a bigger one), the limit still refuses.
      const roomy = { ...AGENDA, capacidadeHorario: 9 };
      expect(checkFit(roomy, day, "09:00", ["GG"])).toMatchObject({ reason: "limite_porte" });
      // With only one GG that day it fits a roomy drop-off; a P still fits the day.
      expect(checkFit(roomy, { ...day, porPorte: { GG: 1 } }, "09:00", ["GG"]).ok).toBe(true);
      expect(checkFit(AGENDA, day, "09:00", ["P"]).ok).toBe(true);
    });

    it("the day's capacity holds though each drop-off has room", () => {
      process.env.TZ = zone;
      const day = { porHorario: { "08:00": 2, "09:00": 0 }, dia: 9, porPorte: {} };
      expect(checkFit(AGENDA, day, "09:00", ["P"]).ok).toBe(true);
      expect(checkFit(AGENDA, day, "09:00", ["M", "P"])).toEqual({
        ok: false,
        reason: "dia_cheio",
        livres: 1,
      });
    });

    it("several pets of one family fit all together or not at all", () => {
      process.env.TZ = zone;
      expect(checkFit(AGENDA, EMPTY_USAGE, "08:00", ["G", "M", "P"])).toEqual({
        ok: true,
        pontos: 4,
      });
      expect(checkFit(AGENDA, EMPTY_USAGE, "08:00", ["G", "G", "P"]).ok).toBe(false);
      // Two GG in one booking reach the limit; three pass it.
      expect(
        checkFit({ ...AGENDA, capacidadeHorario: 9 }, EMPTY_USAGE, "08:00", ["GG", "GG"]).ok,
      ).toBe(true);
      expect(
        checkFit({ ...AGENDA, capacidadeHorario: 9 }, EMPTY_USAGE, "08:00", ["GG", "GG", "GG"]),
      ).toMatchObject({ ok: false, reason: "limite_porte" });
    });

    it("notice: at least 2 h before the drop-off, on the shop's clock", () => {
      process.env.TZ = zone;
      // 05:59 in São Paulo (08:59 UTC): 08:00 is 2 h 01 min away.
      const at0559 = new Date("2026-12-01T08:59:00Z");
      expect(checkWhen(AGENDA, "2026-12-01", "08:00", at0559, NONE)).toEqual({
        ok: true,
        inicio: new Date("2026-12-01T11:00:00Z"),
      });
      const at0601 = new Date("2026-12-01T09:01:00Z");
      expect(checkWhen(AGENDA, "2026-12-01", "08:00", at0601, NONE)).toEqual(
        refusedFor("antecedencia"),
      );
      expect(checkWhen(AGENDA, "2026-12-01", "09:00", at0601, NONE).ok).toBe(true);
      // A day already past.
      expect(checkWhen(AGENDA, "2026-11-30", "09:00", at0601, NONE)).toMatchObject({
        reason: "antecedencia",
      });
    });

    it("window: today + 30 days in São Paulo, not in the server's zone", () => {
      process.env.TZ = zone;
      // 23:30 of 1 Dec in São Paulo is already 2 Dec in UTC and Tokyo.
      const late = new Date("2026-12-02T02:30:00Z");
      expect(lastBookableDay(late, 30)).toBe("2026-12-31");
      expect(checkWhen(AGENDA, "2026-12-31", "08:00", late, NONE).ok).toBe(true);
      expect(checkWhen(AGENDA, "2027-01-01", "08:00", late, NONE)).toEqual(
        refusedFor("longe_demais"),
      );
    });

    it("closed dates, closed weekdays, unknown times and bad dates", () => {
      process.env.TZ = zone;
      const now = new Date("2026-12-01T12:00:00Z");
      const closed = new Set(["2026-12-08"]);
      expect(checkWhen(AGENDA, "2026-12-08", "08:00", now, closed)).toEqual(refusedFor("fechado"));
      expect(checkWhen(AGENDA, "2026-12-09", "08:00", now, closed).ok).toBe(true);
      expect(checkWhen(AGENDA, "2026-12-06", "08:00", now, NONE)).toMatchObject({
        reason: "fechado",
      }); // a Sunday
      expect(checkWhen(AGENDA, "2026-12-03", "09:00", now, NONE)).toMatchObject({
        reason: "horario_inexistente",
      }); // Thursday has only 08:00
      expect(checkWhen(AGENDA, "2026-02-30", "08:00", now, NONE)).toMatchObject({
        reason: "data_invalida",
      });
    });

    it("the slot picker greys the full times and hides those past the notice", () => {
      process.env.TZ = zone;
      const now = new Date("2026-12-01T09:30:00Z"); // 06:30 in São Paulo
      const slots = slotsOfDay(AGENDA, "2026-12-01", usage({ "09:00": 3 }), ["G"], now, NONE);
      expect(slots).toEqual([{ horario: "09:00", cabe: false, livres: 1 }]);
      const tomorrow = slotsOfDay(AGENDA, "2026-12-02", usage({ "09:00": 3 }), ["P"], now, NONE);
      expect(tomorrow).toEqual([
        { horario: "08:00", cabe: true, livres: 4 },
        { horario: "09:00", cabe: true, livres: 1 },
      ]);
      expect(
        slotsOfDay(AGENDA, "2026-12-08", EMPTY_USAGE, ["P"], now, new Set(["2026-12-08"])),
      ).toEqual([]);
    });

    it("cancel: 25 h before is allowed, 23 h before is refused, 24 h exactly is allowed", () => {
      process.env.TZ = zone;
      const inicio = shopInstant("2026-12-10", "08:00");
      const hoursBefore = (h: number) => new Date(inicio.getTime() - h * 3_600_000);
      expect(withinCancelWindow(inicio, hoursBefore(25), 24)).toBe(true);
      expect(withinCancelWindow(inicio, hoursBefore(24), 24)).toBe(true);
      expect(withinCancelWindow(inicio, hoursBefore(23), 24)).toBe(false);
      expect(withinCancelWindow(inicio, hoursBefore(1), 0)).toBe(true);
    });
  });
}

describe("prices and the photo quote", () => {
  const cells = [
    { porte: "P", pelagem: "curta", preco: 5000, duracaoMinutos: 60 },
    { porte: "P", pelagem: "longa", preco: 6000, duracaoMinutos: 75 },
  ] as const;

  it("a service's price is the cell for the pet's size and coat", () => {
    expect(priceFor(cells, "P", "longa")?.preco).toBe(6000);
    expect(priceFor(cells, "G", "curta")).toBeNull();
  });

  it("GG always needs a quote; a flagged service only on a first visit", () => {
    const flagged = [{ exigeOrcamentoPrimeiraVez: true }];
    const plain = [{ exigeOrcamentoPrimeiraVez: false }];
    expect(needsQuote("GG", false, plain)).toBe(true);
    expect(needsQuote("M", true, flagged)).toBe(true);
    expect(needsQuote("M", false, flagged)).toBe(false);
    expect(needsQuote("M", true, plain)).toBe(false);
  });

  it("a returning pet is its name without accents or case", () => {
    expect(petKey("  Pérola  da Silva ")).toBe("perola da silva");
    expect(petKey("PÉROLA DA SILVA")).toBe(petKey("perola da silva"));
  });
});

describe("messages to the tutor", () => {
  it("names one pet or several", async () => {
    const { readyMessage, reminderMessage } = await import("~/modules/grooming/booking-rules");
    expect(readyMessage("Ana", ["Thor"], "Unidade Meia Praia")).toBe(
      "Olá, Ana! Thor está pronto(a) para buscar na Unidade Meia Praia. Obrigado pela preferência!",
    );
    expect(readyMessage("Ana", ["Thor", "Mel", "Bob"], "Unidade X")).toContain(
      "Thor, Mel e Bob estão prontos",
    );
    expect(reminderMessage("Ana", "2026-12-03", "08:00", "Unidade X")).toContain(
      "amanhã (qui, 03/12/2026) às 08:00",
    );
  });
});
