// The grooming room's day as the agenda's integration tests set it: a database of the file's
// own with the demo shop (its services and the Meia Praia agenda) and a Centro unit, the
// clock on Tuesday 1 Dec 2026, 09:00 in São Paulo (Meia Praia takes pets at 08:00, 09:00 and
// 13:30), no bookings before each test, and the team members the tests sign in as.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach } from "vitest";
import type { Papel } from "~/domain/permissions";
import { createSession, createUser } from "~/modules/accounts/index.server";
import { usuarios } from "~/modules/accounts/testing.server";
import { bookGrooming, listGroomingServices } from "~/modules/grooming/index.server";
import { db } from "~/platform/db/client.server";
import { seedDatabase } from "~/startup/seed.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { shortCoatDog, walkInForm } from "./agenda";
import { withTestClock } from "./clock";
import * as factories from "./factories";

export const TODAY = "2026-12-01";

/** The file's database and day: Meia Praia's and Centro's ids and the bath's, once seeded. */
export function withGroomingDay() {
  const ctx = withTestDatabase();
  withTestClock("2026-12-01T12:00:00Z");
  const day = { ctx, unidadeId: "", centroId: "", banho: "" };
  beforeAll(async () => {
    await seedDatabase({ images: false });
    day.unidadeId = await factories.defaultUnitId();
    day.centroId = await factories.addCentroUnit(ctx.database.db, { atendeEntregas: false });
    day.banho = (await listGroomingServices({ online: true })).find((s) => s.slug === "banho")!.id;
  });
  beforeEach(async () => {
    await ctx.database.db.execute(sql`delete from agendamentos`);
  });
  return day;
}

/** A team member of `unidades` ("todas": every unit), switched off when not `ativo`. */
export async function teamMember(
  papel: Papel,
  nome: string,
  unidades: string[] | "todas",
  ativo = true,
) {
  const user = await createUser({
    email: `${nome.toLowerCase()}-${Date.now()}@agropet.test`,
    password: "Quati-Aveia-Moinho-35",
    papel,
    nome,
    todasUnidades: unidades === "todas",
    unidadeIds: unidades === "todas" ? [] : unidades,
  });
  if (!ativo) {
    await db().update(usuarios).set({ ativo: false }).where(eq(usuarios.id, user.id));
  }
  return { id: user.id, nome };
}

/** A team member as `teamMember` takes it: role, name, units and whether still active. */
type Member = [papel: Papel, nome: string, unidades: string[] | "todas", ativo?: boolean];

/**
 * The file's team, created in order once the day is seeded: Olga the owner and Alice at
 * Meia Praia's counter, then the members `roster` names from the day's unit ids. `people`
 * fills in then; `tokenOf` opens a session for one of them.
 */
export function withTeam<Extra extends string>(
  day: ReturnType<typeof withGroomingDay>,
  roster: (d: typeof day) => Record<Extra, Member>,
) {
  type Who = "dono" | "atendente" | Extra;
  const people = {} as Record<Who, { id: string; nome: string }>;
  beforeAll(async () => {
    const team: Record<Who, Member> = {
      dono: ["dono", "Olga", "todas"],
      atendente: ["atendente", "Alice", [day.unidadeId]],
      ...roster(day),
    };
    for (const [who, member] of Object.entries(team) as [Who, Member][]) {
      people[who] = await teamMember(...member);
    }
  });
  const tokenOf = (who: Who) => sessionTokenOf(people[who].id);
  return { people, tokenOf };
}

/** A session opened on the test clock's day (sessions idle out after 30 minutes). */
export async function sessionTokenOf(userId: string) {
  return (await createSession(userId, makeRequest("/admin/login"))).token;
}

type SitePet = Parameters<typeof bookGrooming>[0]["pets"][number];

/** A booking made on the site for today at 13:30 by Joana Lima: the booking and its link. */
export async function bookToday(given: {
  unidadeId: string;
  pets: SitePet[];
  email: string | null;
}) {
  const booked = await bookGrooming({
    unidadeId: given.unidadeId,
    data: TODAY,
    horario: "13:30",
    pets: given.pets,
    nomeTutor: "Joana Lima",
    whatsapp: "(47) 99111-2233",
    email: given.email,
    levaTraz: false,
    endereco: null,
    bairro: null,
    observacoes: null,
    pedidoServicoId: null,
  });
  if (!booked.ok) throw new Error(booked.message);
  return booked;
}

/** Pipoca's bath booked on the site for today: its id, number and link. */
export async function bookPipoca(given: {
  unidadeId: string;
  banho: string;
  email: string | null;
}) {
  const pet = shortCoatDog("Pipoca", [given.banho], { raca: "SRD" });
  const booked = await bookToday({ unidadeId: given.unidadeId, pets: [pet], email: given.email });
  return { id: booked.agendamento.id, numero: booked.agendamento.numero, token: booked.token };
}

let phone = 0;
/** The agenda form of a walk-in at the counter today: one small short-coated dog of Seu Pedro. */
export function walkInFields(unidadeId: string, horario: string, pet: string) {
  phone += 1;
  return {
    ...walkInForm({
      unidadeId,
      data: TODAY,
      horario,
      nome: pet,
      nomeTutor: "Seu Pedro",
      whatsapp: `4798877${String(6000 + phone)}`,
    }),
    acima: "on",
  };
}
