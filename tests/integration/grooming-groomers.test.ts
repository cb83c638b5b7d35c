// Groomers own their day (issue 41 point 6, decision 0070), through the agenda's loader and
// action on the demo shop (its services and the Meia Praia agenda): a booking assigned to a
// groomer at check-in, on its card or at a walk-in, audited; only an active Tosador of the
// booking's unit, checked by the server; the agenda's filter by groomer, the pets per groomer
// and drop-off, a Tosador's own list by default; the day sheet names the groomer.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it, onTestFinished } from "vitest";
import { ACESSO_NEGADO } from "~/domain/permissions";
import { usuarios } from "~/modules/accounts/testing.server";
import { GROOMER_REFUSED } from "~/modules/grooming/index.server";
import { agendamentos, agendasBanho } from "~/modules/grooming/testing.server";
import { queryRows } from "~/platform/db/client.server";
import { action as agendaAction, loader as agendaLoader } from "~/routes/admin/servicos-agenda";
import { loader as printLoader } from "~/routes/admin/servicos-agenda-imprimir";
import { makeRequest } from "../setup/requests";
import { PROOF_AGENDA_LIMITS, shortCoatDog } from "../support/agenda";
import * as factories from "../support/factories";
import * as groomingDay from "../support/grooming-day";
import { call } from "../support/routes";

// Tuesday 1 Dec 2026, 09:00 in São Paulo: Meia Praia takes pets at 08:00, 09:00 and 13:30.
const day = groomingDay.withGroomingDay();
const { ctx } = day;

/** The team: who they are and where they work. */
const { people, tokenOf } = groomingDay.withTeam(day, ({ unidadeId, centroId }) => ({
  // Groomers: Bruna at Meia Praia, Caio at every unit, Davi at Centro only, Ester gone.
  bruna: ["tosador", "Bruna", [unidadeId]],
  caio: ["tosador", "Caio", "todas"],
  davi: ["tosador", "Davi", [centroId]],
  ester: ["tosador", "Ester", [unidadeId], false],
  // At the counter of Meia Praia, not a groomer.
  fabio: ["atendente", "Fabio", [unidadeId]],
}));

const agendaPath = (query = "") =>
  `/admin/servicos/agenda?unidade=${day.unidadeId}&dia=${groomingDay.TODAY}${query}`;

function post(token: string, fields: Record<string, string>) {
  const body = new URLSearchParams(fields);
  if (fields.intent === "walkin") body.append("servicoIds", day.banho);
  return call(agendaAction, makeRequest(agendaPath(), { method: "POST", token, body }));
}

/** The card's "Tosador" field sent: the booking given to that groomer ("" for nobody). */
const assign = (token: string, id: string, tosadorId: string) =>
  post(token, { intent: "tosador", id, tosadorId });

/** The card's check-in sent with the final price (or none) and the groomer who takes the pet. */
const checkInWith = (token: string, id: string, precoFinal: string, tosadorId: string) =>
  post(token, { intent: "checkin", id, precoFinal, tosadorId });

/** A walk-in at the counter, by the atendente unless told; answers the new booking's row. */
async function walkIn(horario: string, pet: string, fields: Record<string, string> = {}) {
  const r = await post(fields.token ?? (await tokenOf("atendente")), {
    ...groomingDay.walkInFields(day.unidadeId, horario, pet),
    ...fields,
  });
  expect(r.data).toMatchObject({ ok: true });
  return bookingByPet(pet);
}

async function bookingByPet(pet: string) {
  const page = await call(
    agendaLoader,
    makeRequest(agendaPath("&tosador=todos"), { token: await tokenOf("dono") }),
  );
  return page.data.agendaDay.agendamentos.find((a: { pets: { nome: string }[] }) =>
    a.pets.some((p) => p.nome === pet),
  );
}

async function groomerIdOf(id: string) {
  const [row] = await ctx.database.db
    .select({ tosadorId: agendamentos.tosadorId, historico: agendamentos.historico })
    .from(agendamentos)
    .where(eq(agendamentos.id, id));
  return row!;
}

describe("assigning a groomer", () => {
  it("at check-in, audited with the names; changed later on the card; the day sheet names them", async () => {
    const booking = await walkIn("09:00", "Thor");
    expect(booking.tosador).toBeNull();
    const token = await tokenOf("atendente");
    const checkIn = await checkInWith(token, booking.id, "", people.bruna.id);
    expect(checkIn.data).toMatchObject({ ok: true });
    expect((await bookingByPet("Thor")).tosador).toEqual({
      id: people.bruna.id,
      nome: "Bruna",
      ativo: true,
    });
    const [assigned] = await factories.auditEntries("grooming_booking_groomer");
    expect(assigned).toMatchObject({ adminUserId: people.atendente.id, resourceId: booking.id });
    expect(assigned!.details).toMatchObject({ de: null, para: "Bruna", por_meio: "check-in" });

    const changed = await assign(token, booking.id, people.caio.id);
    expect(changed.data).toMatchObject({ ok: true, message: `${booking.numero} com Caio` });
    const [passed] = await factories.auditEntries("grooming_booking_groomer");
    expect(passed!.details).toMatchObject({ de: "Bruna", para: "Caio", por_meio: "atribuicao" });

    const print = await call(
      printLoader,
      makeRequest(
        `/admin/servicos/agenda/imprimir?unidade=${day.unidadeId}&dia=${groomingDay.TODAY}`,
        {
          token,
        },
      ),
    );
    expect(print.data.fichas.find((f: { nome: string }) => f.nome === "Thor")).toMatchObject({
      tosador: "Caio",
    });
    const caios = await call(
      printLoader,
      makeRequest(
        `/admin/servicos/agenda/imprimir?unidade=${day.unidadeId}&dia=${groomingDay.TODAY}&tosador=${people.caio.id}`,
        { token },
      ),
    );
    expect(caios.data).toMatchObject({ de: "Caio", fichas: [{ nome: "Thor", tosador: "Caio" }] });
    // One groomer's sheet: only their pets.
    const hers = await call(
      printLoader,
      makeRequest(
        `/admin/servicos/agenda/imprimir?unidade=${day.unidadeId}&dia=${groomingDay.TODAY}&tosador=${people.bruna.id}`,
        { token },
      ),
    );
    expect(hers.data.fichas.map((f: { nome: string }) => f.nome)).not.toContain("Thor");
    expect(hers.data.de).toBeNull();

    // Unassigned again: "Sem tosador" on the card and "a definir" on the sheet.
    const again = await assign(token, booking.id, people.caio.id);
    expect(again.data.message).toBe(`${booking.numero}: o tosador já era esse`);
    const cleared = await assign(token, booking.id, "");
    expect(cleared.data.message).toBe(`${booking.numero} sem tosador`);
    expect((await groomerIdOf(booking.id)).tosadorId).toBeNull();
  });

  it("at a walk-in, by the counter", async () => {
    const booking = await walkIn("08:00", "Mel", { tosadorId: people.caio.id });
    expect(booking.tosador).toMatchObject({ id: people.caio.id, nome: "Caio" });
    const [entry] = await factories.auditEntries("grooming_booking_groomer");
    expect(entry!.details).toMatchObject({ para: "Caio", por_meio: "encaixe" });
  });

  it("refuses a groomer of another unit, an inactive one and someone who is not a groomer; nothing changes", async () => {
    const booking = await walkIn("09:00", "Pipoca");
    const token = await tokenOf("atendente");
    const audited = (await factories.auditEntries("grooming_booking_groomer")).length;
    for (const who of ["davi", "ester", "fabio"] as const) {
      const onCard = await assign(token, booking.id, people[who].id);
      expect(onCard.status).toBe(400);
      expect(onCard.data.message).toBe(GROOMER_REFUSED);
      // At check-in the whole check-in is refused: the pet is not marked as arrived.
      const atCheckIn = await checkInWith(token, booking.id, "90,00", people[who].id);
      expect(atCheckIn.status).toBe(400);
      expect(atCheckIn.data.message).toBe(GROOMER_REFUSED);
    }
    const unknown = await assign(token, booking.id, "00000000-0000-4000-8000-000000000000");
    expect(unknown.data.message).toBe(GROOMER_REFUSED);
    const row = await groomerIdOf(booking.id);
    expect(row.tosadorId).toBeNull();
    expect(row.historico.some((h) => h.nota === "check-in")).toBe(false);
    // A walk-in with a groomer from elsewhere is not added at all.
    const before = (await ctx.database.db.select().from(agendamentos)).length;
    const refused = await post(token, {
      ...groomingDay.walkInFields(day.unidadeId, "08:00", "Fumaça"),
      tosadorId: people.davi.id,
    });
    expect(refused.data.message).toBe(GROOMER_REFUSED);
    expect((await ctx.database.db.select().from(agendamentos)).length).toBe(before);
    expect(await factories.auditEntries("grooming_booking_groomer")).toHaveLength(audited);
  });

  it("a Tosador does not assign (agenda.agendar): the card's form and a check-in that carries a groomer answer 403", async () => {
    const booking = await walkIn("09:00", "Nina");
    const token = await tokenOf("bruna");
    const onCard = await assign(token, booking.id, people.bruna.id);
    expect(onCard.status).toBe(403);
    expect(onCard.data.message).toBe(ACESSO_NEGADO);
    const atCheckIn = await checkInWith(token, booking.id, "", people.bruna.id);
    expect(atCheckIn.status).toBe(403);
    expect((await groomerIdOf(booking.id)).tosadorId).toBeNull();
    // Their own check-in, without a groomer, goes through; the page gives them no picker.
    expect(
      (await post(token, { intent: "checkin", id: booking.id, precoFinal: "" })).data,
    ).toMatchObject({ ok: true });
    const page = await call(agendaLoader, makeRequest(agendaPath(), { token }));
    expect(page.data.mayAssign).toBe(false);
  });
});

describe("a groomer deactivated while being assigned", () => {
  // PGlite has one session: a second transaction waits for the first as a whole, so there is
  // no interleaving to race; on PostgreSQL the pool's connections race for real.
  it.skipIf(!process.env.DATABASE_URL)(
    "PostgreSQL: the assignment waits for the deactivation and is refused, never given to someone gone",
    async () => {
      const gil = await groomingDay.teamMember("tosador", "Gil", [day.unidadeId]);
      const booking = await walkIn("09:00", "Biscoito");
      const token = await tokenOf("atendente");
      const database = ctx.database.db;
      let pending: ReturnType<typeof post> | undefined;
      // Gil leaves the team whatever happens here: the next tests count Meia Praia's groomers.
      onTestFinished(async () => {
        await pending?.catch(() => undefined);
        await database.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, gil.id));
      });
      await database.transaction(async (tx) => {
        await tx.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, gil.id));
        pending = assign(token, booking.id, gil.id);
        // The assignment reached Gil's row and waits on the deactivation's lock.
        await expect
          .poll(
            async () =>
              (
                await queryRows<{ n: number }>(
                  tx,
                  sql`select count(*)::int as n from pg_stat_activity
                      where datname = current_database() and wait_event_type = 'Lock'`,
                )
              )[0]?.n,
            // A bound for a loaded machine, not a timing assertion.
            { timeout: 60_000 },
          )
          .toBe(1);
      });
      const answer = await pending!;
      expect(answer.status).toBe(400);
      expect(answer.data.message).toBe(GROOMER_REFUSED);
      expect((await groomerIdOf(booking.id)).tosadorId).toBeNull();
    },
  );
});

describe("the agenda by groomer", () => {
  it("filters by groomer, counts each one's pets per drop-off, and opens on a Tosador's own list", async () => {
    const mel = await walkIn("08:00", "Mel", { tosadorId: people.bruna.id });
    await walkIn("08:00", "Bob", { tosadorId: people.caio.id });
    const loose = await walkIn("09:00", "Luna");
    const gone = await walkIn("09:00", "Zeca", { tosadorId: people.caio.id });
    const dono = await tokenOf("dono");
    expect((await post(dono, { intent: "status", id: gone.id, status: "cancelado" })).data.ok).toBe(
      true,
    );
    // Two pets in one online booking at 13:30, then given to Bruna.
    const pet = (nome: string) => shortCoatDog(nome, [day.banho], { raca: "SRD" });
    const twins = await groomingDay.bookToday({
      unidadeId: day.unidadeId,
      pets: [pet("Tico"), pet("Teco")],
      email: null,
    });
    const given = await assign(dono, twins.agendamento.id, people.bruna.id);
    expect(given.data).toMatchObject({ ok: true });

    const all = await call(agendaLoader, makeRequest(agendaPath(), { token: dono }));
    expect(all.data.tosador).toBe("todos");
    expect(all.data.agendaDay.agendamentos).toHaveLength(5);
    // Meia Praia's groomers by name (Davi works at Centro, Ester left), then the unassigned;
    // the cancelled Zeca takes nobody's time.
    const load = all.data.load.map(
      (r: { nome: string; porHorario: { pets: number }[]; total: number }) => [
        r.nome,
        r.porHorario.map((h) => h.pets),
        r.total,
      ],
    );
    expect(all.data.load[0].porHorario.map((h: { horario: string }) => h.horario)).toEqual([
      "08:00",
      "09:00",
      "13:30",
    ]);
    expect(load).toEqual([
      ["Bruna", [1, 0, 2], 3],
      ["Caio", [1, 0, 0], 1],
      ["Sem tosador", [0, 1, 0], 1],
    ]);
    expect(all.data.groomers.map((g: { nome: string }) => g.nome)).toEqual(["Bruna", "Caio"]);

    const numeros = async (query: string, who: keyof typeof people = "dono") =>
      (
        await call(agendaLoader, makeRequest(agendaPath(query), { token: await tokenOf(who) }))
      ).data.agendaDay.agendamentos.map((a: { numero: string }) => a.numero);
    expect(await numeros(`&tosador=${people.bruna.id}`)).toEqual([
      mel.numero,
      twins.agendamento.numero,
    ]);
    expect(await numeros("&tosador=sem")).toEqual([loose.numero]);
    // A value that names nobody of the day is everyone's list.
    expect(await numeros("&tosador=qualquer")).toHaveLength(5);

    // Bruna opens the agenda: her own day; "Todos" shows everyone's.
    const hers = await call(
      agendaLoader,
      makeRequest(`/admin/servicos/agenda`, { token: await tokenOf("bruna") }),
    );
    expect(hers.data.day).toBe(groomingDay.TODAY);
    expect(hers.data.tosador).toBe(people.bruna.id);
    expect(hers.data.agendaDay.agendamentos.map((a: { numero: string }) => a.numero)).toEqual([
      mel.numero,
      twins.agendamento.numero,
    ]);
    expect(hers.data.load).toEqual(all.data.load);
    expect(await numeros("&tosador=todos", "bruna")).toHaveLength(5);
    // The counter opens on everyone's list.
    expect(await numeros("", "atendente")).toHaveLength(5);
  });

  it("a booking moved to a unit its groomer does not work at lets the groomer go", async () => {
    await ctx.database.db.insert(agendasBanho).values({
      unidadeId: day.centroId,
      horarios: Array.from({ length: 7 }, () => ["10:00"]),
      ...PROOF_AGENDA_LIMITS,
    });
    const token = await tokenOf("dono");
    const bruna = await walkIn("08:00", "Mel", { tosadorId: people.bruna.id });
    const caio = await walkIn("08:00", "Bob", { tosadorId: people.caio.id });
    for (const b of [bruna, caio]) {
      const moved = await post(token, {
        intent: "remarcar",
        id: b.id,
        unidadeId: day.centroId,
        data: "2026-12-02",
        horario: "10:00",
      });
      expect(moved.data).toMatchObject({ ok: true });
    }
    expect((await groomerIdOf(bruna.id)).tosadorId).toBeNull();
    expect((await groomerIdOf(caio.id)).tosadorId).toBe(people.caio.id);
    const [entry] = await factories.auditEntries("grooming_booking_groomer");
    expect(entry).toMatchObject({ resourceId: bruna.id });
    expect(entry!.details).toMatchObject({ de: "Bruna", para: null, por_meio: "remarcacao" });
  });
});
