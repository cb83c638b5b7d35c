// The online booking's day as the agenda's rule tests set it up: a unit of the test shop with
// a bath and a tosa of the file's own, an agenda taking pets at 08:00 and 09:00 every day
// (opened afresh before each test), and the clock on Tuesday 1 Dec 2026, handed in.
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach } from "vitest";
import { agendasBanho, agendasBanhoFechadas } from "~/modules/grooming/testing.server";
import type { TestContext } from "../setup/db";
import * as factories from "./factories";

/** Tuesday 1 Dec 2026, 09:00 in São Paulo. */
export const NOW = new Date("2026-12-01T12:00:00Z");
/** Thursday, two days later. */
export const DAY = "2026-12-03";
/** Drop-offs at 08:00 and 09:00 every day of the week. */
const EVERY_DAY = Array.from({ length: 7 }, () => ["08:00", "09:00"]);

type AgendaLimits = Omit<
  typeof agendasBanho.$inferInsert,
  "unidadeId" | "horarios" | "statusInicial"
>;

/**
 * The file's unit and services (named after `suffix`, priced by `price`), and before each
 * test no bookings, no closed dates, and an agenda with `limits` at each unit `units` names
 * (the default unit unless said).
 */
export function withBookingAgenda(
  ctx: TestContext,
  given: {
    suffix: string;
    price: Parameters<typeof factories.insertBathAndGroom>[1];
    limits: AgendaLimits;
    units?: () => string[];
  },
) {
  const agenda = { unidadeId: "", banho: "", tosa: "" };
  beforeAll(async () => {
    agenda.unidadeId = await factories.defaultUnitId();
    const services = await factories.insertBathAndGroom(given.suffix, given.price, ctx.database.db);
    agenda.banho = services.banho;
    agenda.tosa = services.tosa;
  });
  beforeEach(async () => {
    const database = ctx.database.db;
    await database.execute(sql`delete from agendamentos`);
    await database.delete(agendasBanhoFechadas);
    await database.delete(agendasBanho);
    for (const unidadeId of given.units?.() ?? [agenda.unidadeId]) {
      await database.insert(agendasBanho).values({
        unidadeId,
        horarios: EVERY_DAY,
        ...given.limits,
        statusInicial: "confirmado",
      });
    }
  });
  return agenda;
}
