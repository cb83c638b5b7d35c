// Rebook reminders (issue 45 point 6, decision 0087) with the clock moved: a customer's pet
// delivered every 14 days is reminded once its usual interval has passed since the last bath
// (not before, and once however often the job runs), with a link that opens the booking form
// filled in; never when the pet has a booking ahead; never when the tutor turned grooming
// reminders off; a pet with one visit waits for its service's default interval.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { setConsent } from "~/modules/customers/index.server";
import { customerCookie } from "~/modules/customers/testing.server";
import { addWalkIn, sendRebookReminders, usualInterval } from "~/modules/grooming/index.server";
import { agendamentoPets, agendamentos, servicosBanho } from "~/modules/grooming/testing.server";
import { composeEmail } from "~/modules/mail/index.server";
import { emails } from "~/modules/mail/testing.server";
import type { AdminActor } from "~/platform/admin/actor.server";
import { withTestDatabase } from "../setup/db";
import { smallDogWalkIn } from "../support/agenda";
import { withTestClock } from "../support/clock";
import { customerDog, withDemoShop } from "../support/demo-shop";
import { staffSession } from "../support/staff";

const ctx = withTestDatabase();
// Tuesday 1 Dec 2026, 09:00 in São Paulo.
const clock = withTestClock("2026-12-01T12:00:00Z");
const shop = withDemoShop({ online: false });
const DAY = 86_400_000;

let staff: AdminActor;
let seq = 0;

beforeAll(async () => {
  const dono = await staffSession({ papel: "dono", unidades: null, nome: "Olga" });
  staff = dono.actor("/admin/servicos/agenda");
});

beforeEach(async () => {
  await ctx.database.db.execute(sql`delete from agendamentos`);
  await ctx.database.db.execute(sql`delete from emails`);
});

/** A customer's pet and its tutor's phone, each test its own. */
async function tutorPet(nome: string) {
  seq += 1;
  const email = `tutor${seq}@example.com`;
  const { clienteId } = await customerCookie(email);
  const pet = await customerDog(clienteId, nome);
  return { clienteId, email, petId: pet.id, whatsapp: `479888${String(10000 + seq)}`, nome };
}

/** A booking of the pet on `data`, with its status (set as the staff would have left it). */
async function booking(
  t: Awaited<ReturnType<typeof tutorPet>>,
  data: string,
  status: "entregue" | "confirmado",
) {
  const row = await addWalkIn(
    {
      ...smallDogWalkIn({
        unidadeId: shop.unidadeId,
        data,
        nomeTutor: "Marta",
        servicoId: shop.servico("banho"),
        nome: t.nome,
      }),
      whatsapp: t.whatsapp,
    },
    staff,
    { acima: true },
  );
  await ctx.database.db
    .update(agendamentoPets)
    .set({ petId: t.petId })
    .where(eq(agendamentoPets.agendamentoId, row.id));
  await ctx.database.db
    .update(agendamentos)
    .set({ status, email: t.email })
    .where(eq(agendamentos.id, row.id));
  return row;
}

/** Every 14 days: 1, 15 and 29 Dec. */
async function regular(nome: string) {
  const t = await tutorPet(nome);
  for (const d of ["2026-12-01", "2026-12-15", "2026-12-29"]) await booking(t, d, "entregue");
  return t;
}

const queued = () =>
  ctx.database.db.select().from(emails).where(eq(emails.tipo, "reagendar_lembrete"));

describe("rebook reminders", () => {
  it("the usual interval is the median of the pet's gaps", () => {
    expect(usualInterval(["2026-01-01", "2026-01-15", "2026-01-29", "2026-03-01"])).toBe(14);
    expect(usualInterval(["2026-01-01"])).toBeNull();
  });

  it("is sent once when the usual interval has passed, with the booking form filled in", async () => {
    const t = await regular("Paçoca");
    clock.advance(37 * DAY); // 7 Jan: 9 days after the last bath.
    expect(await sendRebookReminders()).toBe(0);
    clock.advance(6 * DAY); // 13 Jan: 15 days after.
    expect(await sendRebookReminders()).toBe(1);
    expect(await sendRebookReminders()).toBe(0);
    clock.advance(3 * DAY);
    expect(await sendRebookReminders()).toBe(0);
    const rows = await queued();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.destinatario).toBe(t.email);
    const mail = await composeEmail(rows[0]!);
    expect(mail?.assunto).toBe("Hora do próximo banho de Paçoca");
    const href = /href="([^"]*servicos\/agendar[^"]*)"/
      .exec(mail!.html)![1]!
      .replaceAll("&amp;", "&");
    const form = new URL(href).searchParams;
    expect(form.get("unidade")).toBe(shop.unidadeId);
    expect(form.get("pet0_nome")).toBe("Paçoca");
    expect(form.get("pet0_id")).toBe(t.petId);
    expect(form.getAll("pet0_servico")).toEqual([shop.servico("banho")]);
    expect(form.get("whatsapp")).toBe(t.whatsapp);
  });

  it("is not sent when the pet has a booking ahead", async () => {
    const t = await regular("Bolt");
    await booking(t, "2027-01-19", "confirmado");
    clock.advance(43 * DAY);
    expect(await sendRebookReminders()).toBe(0);
    expect(await queued()).toHaveLength(0);
  });

  it("is not sent to a tutor who turned grooming reminders off", async () => {
    const t = await regular("Mel");
    await setConsent(t.clienteId, "agendamentos", false, "conta");
    clock.advance(43 * DAY);
    expect(await sendRebookReminders()).toBe(0);
    expect(await queued()).toHaveLength(0);
  });

  it("a pet with one visit waits for its service's default interval", async () => {
    await ctx.database.db
      .update(servicosBanho)
      .set({ intervaloPadraoDias: 21 })
      .where(eq(servicosBanho.id, shop.servico("banho")));
    const t = await tutorPet("Nina");
    await booking(t, "2026-12-01", "entregue");
    clock.advance(20 * DAY);
    expect(await sendRebookReminders()).toBe(0);
    clock.advance(1 * DAY);
    expect(await sendRebookReminders()).toBe(1);
    await ctx.database.db
      .update(servicosBanho)
      .set({ intervaloPadraoDias: null })
      .where(eq(servicosBanho.id, shop.servico("banho")));
  });
});
