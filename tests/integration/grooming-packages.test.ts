// Packages of baths (issue 45 point 5, decision 0087) on the demo shop's Meia Praia agenda:
// the owner defines "Pacote 4 banhos", the counter sells it for a customer's pet (the payment
// recorded with it); three delivered bookings of that pet use three sessions, each at its
// "Entregue" without asking for a payment, and two "Entregue" at once of the same booking use
// one; a booking of services the package does not cover pays as before; seven days before its
// last day the package is reminded by e-mail once; once expired it no longer pays for a bath.
import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { customerCookie } from "~/modules/customers/testing.server";
import * as grooming from "~/modules/grooming/index.server";
import { agendamentoPets, agendamentos } from "~/modules/grooming/testing.server";
import { composeEmail } from "~/modules/mail/index.server";
import { emails } from "~/modules/mail/testing.server";
import { recebimentos } from "~/modules/payments/testing.server";
import type { AdminActor } from "~/platform/admin/actor.server";
import { queryRows } from "~/platform/db/client.server";
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

let tosa: string;
let staff: AdminActor;
let petId: string;

beforeAll(async () => {
  tosa = shop.servicos.find((s) => s.id !== shop.servico("banho") && !s.adicional)!.id;
  const dono = await staffSession({ papel: "dono", unidades: null, nome: "Olga" });
  staff = dono.actor("/admin/servicos/agenda");
  const { clienteId } = await customerCookie("marta@example.com");
  const pet = await customerDog(clienteId, "Paçoca");
  petId = pet.id;
});

/** A walk-in of Paçoca on `data` for these services, then taken to `status` step by step. */
async function visit(data: string, servicoIds: string[] = [shop.servico("banho")]) {
  const row = await grooming.addWalkIn(
    {
      ...smallDogWalkIn({
        unidadeId: shop.unidadeId,
        data,
        nomeTutor: "Marta",
        servicoId: servicoIds[0]!,
        nome: "Paçoca",
      }),
      pet: {
        ...smallDogWalkIn({
          unidadeId: shop.unidadeId,
          data,
          nomeTutor: "Marta",
          servicoId: shop.servico("banho"),
          nome: "Paçoca",
        }).pet,
        servicoIds,
      },
    },
    staff,
    { acima: true },
  );
  await ctx.database.db
    .update(agendamentoPets)
    .set({ petId })
    .where(eq(agendamentoPets.agendamentoId, row.id));
  await grooming.setBookingStatus(row.id, "em_atendimento", staff);
  await grooming.setBookingStatus(row.id, "pronto", staff);
  return row;
}

async function balance() {
  const [b] = await grooming.packageBalances([petId]);
  return b ? b.restantes : null;
}

describe("a package of four baths", () => {
  it("is sold at the counter, used by three delivered bookings, reminded a week before its end once, and expires", async () => {
    const pacote = await grooming.savePackage(
      {
        nome: "Pacote 4 banhos",
        servicoIds: [shop.servico("banho")],
        porte: "P",
        pelagem: null,
        preco: 16000,
        sessoes: 4,
        validadeDias: 30,
      },
      staff,
    );
    await expect(
      grooming.sellPackageAtCounter(
        {
          pacoteId: pacote.id,
          petId,
          unidadeId: shop.unidadeId,
          pagamento: { metodo: "pix", valor: 10000, recebido: null, motivo: null },
        },
        staff,
      ),
    ).rejects.toThrow(/motivo/);
    const sold = await grooming.sellPackageAtCounter(
      {
        pacoteId: pacote.id,
        petId,
        unidadeId: shop.unidadeId,
        pagamento: { metodo: "pix", valor: 16000, recebido: null, motivo: null },
      },
      staff,
    );
    expect(sold.validoAte).toBe("2026-12-31");
    const [payment] = await ctx.database.db
      .select()
      .from(recebimentos)
      .where(eq(recebimentos.pacotePetId, sold.id));
    expect(payment).toMatchObject({ metodo: "pix", valor: 16000 });
    expect(await balance()).toBe(4);

    // Three visits: delivered with no payment asked, a session each.
    for (const [i, data] of ["2026-12-02", "2026-12-09", "2026-12-16"].entries()) {
      clock.advance(DAY);
      const row = await visit(data);
      await grooming.setBookingStatus(row.id, "entregue", staff);
      expect(await balance()).toBe(3 - i);
      // The agenda's card shows the balance left.
      const card = (await grooming.groomingDay(shop.unidadeId, data, { unidades: null }))!
        .agendamentos[0]!;
      // Paid by the package: nothing left to receive for that day.
      const [totals] = await grooming.groomingDayTotals([shop.unidadeId], data, { unidades: null });
      expect(totals).toMatchObject({ pendentes: 0, aReceber: 0, recebido: 0 });
      expect(card.pets[0]!.pacote).toMatchObject({
        restantes: 3 - i,
        sessoes: 4,
        validoAte: "2026-12-31",
      });
    }
    // A bath with a service the package does not cover still asks how it was paid.
    const tosaVisit = await visit("2026-12-17", [shop.servico("banho"), tosa]);
    await expect(grooming.setBookingStatus(tosaVisit.id, "entregue", staff)).rejects.toThrow(
      /pagou/,
    );
    expect(await balance()).toBe(1);

    // A week before its last day: reminded once, even when the job runs again.
    clock.advance(21 * DAY); // 25 Dec: the package ends on the 31st.
    expect(await grooming.remindExpiringPackages()).toBe(1);
    expect(await grooming.remindExpiringPackages()).toBe(0);
    const queued = await ctx.database.db
      .select()
      .from(emails)
      .where(eq(emails.tipo, "pacote_vencendo"));
    expect(queued).toHaveLength(1);
    expect(queued[0]!.destinatario).toBe("marta@example.com");
    const composed = await composeEmail(queued[0]!);
    expect(composed?.texto).toContain("resta 1 sessão");

    // Past its last day it pays for nothing: the payment is asked again.
    clock.advance(7 * DAY); // 1 Jan 2027
    expect(await balance()).toBeNull();
    const late = await visit("2027-01-01");
    await expect(grooming.setBookingStatus(late.id, "entregue", staff)).rejects.toThrow(/pagou/);
    const [used] = await ctx.database.db
      .select({ usadas: sql<number>`usadas` })
      .from(sql`pacotes_pet`);
    expect(used!.usadas).toBe(3);
  });

  it("two 'Entregue' of one booking at once use one session", async () => {
    const pacote = await grooming.savePackage(
      {
        nome: "Pacote 2 banhos",
        servicoIds: [shop.servico("banho")],
        porte: null,
        pelagem: null,
        preco: 9000,
        sessoes: 2,
        validadeDias: 60,
      },
      staff,
    );
    const sold = await grooming.sellPackageAtCounter(
      {
        pacoteId: pacote.id,
        petId,
        unidadeId: shop.unidadeId,
        pagamento: { metodo: "dinheiro", valor: 9000, recebido: 10000, motivo: null },
      },
      staff,
    );
    const day = new Date(clock.now().getTime() + DAY).toISOString().slice(0, 10);
    const row = await visit(day);
    const results = await Promise.allSettled([
      grooming.setBookingStatus(row.id, "entregue", staff),
      grooming.setBookingStatus(row.id, "entregue", staff),
    ]);
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    // One session, of the package that ends first.
    const uses = await queryRows(
      ctx.database.db,
      sql`select pacote_pet_id from pacote_usos where agendamento_id = ${row.id}`,
    );
    expect(uses).toHaveLength(1);
    const [total] = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select sum(usadas)::int as n from pacotes_pet`,
    );
    expect(total!.n).toBe(4);
    expect(sold.usadas).toBe(0);
    const [delivered] = await ctx.database.db
      .select()
      .from(agendamentos)
      .where(and(eq(agendamentos.id, row.id)));
    expect(delivered!.status).toBe("entregue");
  });

  it("two pets, one with a package: its session pays its share, the other is charged, and 'A receber' counts only the other", async () => {
    const { row, pacoca, bolinha, precoFinal, day, before } = await twoPetsOneCovered("2027-01-20");

    // Before the hand-over: only Bolinha's bath is money to receive.
    const [open] = await grooming.groomingDayTotals([shop.unidadeId], day, { unidades: null });
    expect(open).toMatchObject({ aReceber: bolinha.preco, pendentes: 1 });

    // "Entregue" asks for Bolinha's share, not the whole price; more than that is refused.
    await expect(grooming.setBookingStatus(row.id, "entregue", staff)).rejects.toThrow(/pagou/);
    await expect(
      grooming.setBookingStatus(row.id, "entregue", staff, {
        pagamento: { metodo: "pix", valor: precoFinal, recebido: null, motivo: "gorjeta" },
      }),
    ).rejects.toThrow(/falta pagar/);
    await grooming.setBookingStatus(row.id, "entregue", staff, {
      pagamento: { metodo: "pix", valor: bolinha.preco, recebido: null, motivo: null },
    });
    await expectBalanceClosed(row.id, day, pacoca.id, bolinha.preco, before);
  });

  it("'Registrar pagamento' before the hand-over asks only what the package leaves, refuses more, and 'Entregue' finds it paid", async () => {
    const { row, pacoca, bolinha, precoFinal, day, before } = await twoPetsOneCovered("2027-01-21");
    const pix = (valor: number, motivo: string | null = null) => ({
      pagamento: { metodo: "pix" as const, valor, recebido: null, motivo },
    });
    // The whole price, even with a reason, is more than what is left: refused, nothing kept.
    await expect(
      grooming.recordBookingPayment(row.id, pix(precoFinal, "dois banhos"), staff),
    ).rejects.toThrow(
      /O pacote paga R\$ [\d.,]+ deste agendamento: falta pagar R\$ [\d.,]+, não receba mais que isso/,
    );
    await expect(
      grooming.recordBookingPayment(row.id, pix(bolinha.preco + 1, "troco"), staff),
    ).rejects.toThrow(/falta pagar/);
    const none = await ctx.database.db
      .select()
      .from(recebimentos)
      .where(eq(recebimentos.agendamentoId, row.id));
    expect(none).toEqual([]);
    expect((await grooming.packageBalances([petId])).reduce((n, b) => n + b.restantes, 0)).toBe(
      before,
    );

    // What is left, without a reason: recorded, and the package's session is used with it.
    const paid = await grooming.recordBookingPayment(row.id, pix(bolinha.preco), staff);
    expect(paid.pagamento).toMatchObject({ valor: bolinha.preco, metodo: "pix" });
    const [open] = await grooming.groomingDayTotals([shop.unidadeId], day, { unidades: null });
    expect(open).toMatchObject({ aReceber: 0, pendentes: 0, recebido: bolinha.preco });

    // "Entregue" asks nothing and uses no second session.
    await grooming.setBookingStatus(row.id, "entregue", staff);
    await expectBalanceClosed(row.id, day, pacoca.id, bolinha.preco, before);
  });

  it("'Registrar pagamento' of a booking the package pays whole is refused", async () => {
    const day = "2027-01-22";
    const row = await visit(day);
    await expect(
      grooming.recordBookingPayment(
        row.id,
        { pagamento: { metodo: "pix", valor: row.precoEstimado, recebido: null, motivo: null } },
        staff,
      ),
    ).rejects.toThrow("Os pacotes pagam este agendamento inteiro: não há o que receber");
  });
});

/**
 * A booking on `day` of Paçoca (the customer's pet, with a package of baths sold at the
 * counter) and Bolinha (a guest's, without one), ready to be fetched.
 */
async function twoPetsOneCovered(day: string) {
  const pacote = await grooming.savePackage(
    {
      nome: `Pacote 4 banhos ${day}`,
      servicoIds: [shop.servico("banho")],
      porte: null,
      pelagem: null,
      preco: 16000,
      sessoes: 4,
      validadeDias: 60,
    },
    staff,
  );
  await grooming.sellPackageAtCounter(
    {
      pacoteId: pacote.id,
      petId,
      unidadeId: shop.unidadeId,
      pagamento: { metodo: "pix", valor: 16000, recebido: null, motivo: null },
    },
    staff,
  );
  const before = (await grooming.packageBalances([petId])).reduce((n, b) => n + b.restantes, 0);
  const row = await visit(day);
  const [pacoca] = await ctx.database.db
    .select()
    .from(agendamentoPets)
    .where(eq(agendamentoPets.agendamentoId, row.id));
  const { id: _id, ...copy } = pacoca!;
  const [bolinha] = await ctx.database.db
    .insert(agendamentoPets)
    .values({ ...copy, nome: "Bolinha", nomeChave: "bolinha", petId: null })
    .returning();
  const precoFinal = pacoca!.preco + bolinha!.preco;
  await ctx.database.db
    .update(agendamentos)
    .set({ precoFinal, precoEstimado: precoFinal })
    .where(eq(agendamentos.id, row.id));
  return { row, pacoca: pacoca!, bolinha: bolinha!, precoFinal, day, before };
}

/** Bolinha's share received once, one session of Paçoca's package, nothing left to receive. */
async function expectBalanceClosed(
  agendamentoId: string,
  day: string,
  pacocaId: string,
  valor: number,
  before: number,
) {
  const paid = await ctx.database.db
    .select()
    .from(recebimentos)
    .where(eq(recebimentos.agendamentoId, agendamentoId));
  expect(paid).toMatchObject([{ valor, motivo: null }]);
  const uses = await queryRows(
    ctx.database.db,
    sql`select agendamento_pet_id from pacote_usos where agendamento_id = ${agendamentoId}`,
  );
  expect(uses).toEqual([{ agendamento_pet_id: pacocaId }]);
  const after = (await grooming.packageBalances([petId])).reduce((n, b) => n + b.restantes, 0);
  expect(after).toBe(before - 1);
  const [closed] = await grooming.groomingDayTotals([shop.unidadeId], day, { unidades: null });
  expect(closed).toMatchObject({ aReceber: 0, pendentes: 0, recebido: valor });
}
