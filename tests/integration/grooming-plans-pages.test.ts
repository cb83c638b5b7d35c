// The grooming plans' screens (issue 45 point 5, decision 0087) through their loaders and
// actions on the demo shop's Meia Praia agenda: the owner defines a package offer at
// /admin/servicos/pacotes (a price missing refused); the counter sells it on the pet's page
// with the counter's payment fields (an amount other than the price without a reason
// refused); "Repetir" from a booking card lists a full date with the nearest free times, then
// books the series with the one chosen, and a date is skipped and the series ended from the
// agenda's card; the signed-in tutor repeats a booking of theirs, skips a date and ends the
// series, and someone else's booking (or date) is not found.
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { customerCookie } from "~/modules/customers/testing.server";
import { addWalkIn, bookSeries, packageBalances } from "~/modules/grooming/index.server";
import * as groomingTables from "~/modules/grooming/testing.server";
import { recebimentos } from "~/modules/payments/testing.server";
import { action as agendaAction, loader as agendaLoader } from "~/routes/admin/servicos-agenda";
import * as packagesRoute from "~/routes/admin/servicos-pacotes";
import { action as petAction, loader as petLoader } from "~/routes/admin/servicos-pet";
import { action as repeatAction, loader as repeatLoader } from "~/routes/admin/servicos-repetir";
import * as accountRepeatRoute from "~/routes/conta/repetir";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { shortCoatDog, smallDogWalkIn } from "../support/agenda";
import { withTestClock } from "../support/clock";
import { customerDog, withDemoShop } from "../support/demo-shop";
import { call, expectRedirect } from "../support/routes";
import { type StaffSession, staffSession } from "../support/staff";

const ctx = withTestDatabase();
// Tuesday 1 Dec 2026, 09:00 in São Paulo: Meia Praia takes pets at 08:00, 09:00 and 13:30.
withTestClock("2026-12-01T12:00:00Z");
const shop = withDemoShop();

let dono: StaffSession;
let atendente: StaffSession;

beforeAll(async () => {
  // One small pet per drop-off: a walk-in fills a date of the series below.
  await ctx.database.db
    .update(groomingTables.agendasBanho)
    .set({ capacidadeHorario: 1, capacidadeDia: 10, limitesPorte: {} })
    .where(eq(groomingTables.agendasBanho.unidadeId, shop.unidadeId));
});

beforeEach(async () => {
  // Signed in at the test clock's instant (an older session would be idle by then).
  dono = await staffSession({ papel: "dono", unidades: null, nome: "Olga" });
  atendente = await staffSession({ papel: "atendente", unidades: null, nome: "Caio" });
  await ctx.database.db.execute(sql`delete from agendamentos`);
  await ctx.database.db.execute(sql`delete from series_agendamento`);
});

async function walkIn(data: string, horario = "09:00", nome = "Paçoca") {
  return addWalkIn(
    smallDogWalkIn({
      unidadeId: shop.unidadeId,
      data,
      nomeTutor: "Marta",
      servicoId: shop.servico("banho"),
      nome,
      horario,
    }),
    dono.actor("/admin/servicos/agenda"),
  );
}

describe("Pacotes de banho and Vender pacote", () => {
  it("the owner defines an offer, the counter sells it for a pet with its payment, the balance shows 4 of 4", async () => {
    const path = "/admin/servicos/pacotes";
    // A price missing: refused, nothing saved.
    // The owner's "Pacote 4 banhos" (4 baths in 30 days) with these fields.
    const offer = (fields: Record<string, string>) =>
      call(
        packagesRoute.action,
        formRequest(
          path,
          {
            intent: "pacote",
            nome: "Pacote 4 banhos",
            servicoIds: shop.servico("banho"),
            sessoes: "4",
            validadeDias: "30",
            ativo: "on",
            ...fields,
          },
          { token: dono.token },
        ),
      );
    const noPrice = await offer({ preco: "" });
    expect(noPrice.status).toBe(400);
    expect(noPrice.data.message).toBe("Informe o preço do pacote");
    expect(await ctx.database.db.select().from(groomingTables.pacotesBanho)).toHaveLength(0);

    const saved = await offer({ porte: "P", pelagem: "", preco: "160,00" });
    expect(saved.data).toMatchObject({
      ok: true,
      message: "Pacote 4 banhos salvo (R$ 160,00, 4 sessões, 30 dias)",
    });
    const page = await call(packagesRoute.loader, makeRequest(path, { token: dono.token }));
    expect(page.data.pacotes).toMatchObject([
      {
        nome: "Pacote 4 banhos",
        preco: 16000,
        sessoes: 4,
        validadeDias: 30,
        porte: "P",
        ativo: true,
      },
    ]);
    const pacoteId = page.data.pacotes[0].id as string;
    // The counter may not define offers (servicos.configurar is the owner's and manager's).
    const denied = await call(packagesRoute.loader, makeRequest(path, { token: atendente.token }));
    expect(denied.status).toBe(403);

    const { clienteId } = await customerCookie("marta@example.com");
    const pet = await customerDog(clienteId, "Paçoca");
    const petPath = `/admin/servicos/pets/${pet.id}`;
    const before = await call(petLoader, makeRequest(petPath, { token: atendente.token }), {
      id: pet.id,
    });
    expect(before.data.pacotes).toEqual([]);
    expect(before.data.offers.map((o: { id: string }) => o.id)).toEqual([pacoteId]);
    expect(before.data.units.map((u: { id: string }) => u.id)).toContain(shop.unidadeId);

    // An amount other than the price, without a reason: refused, nothing sold.
    const sale = {
      intent: "vender-pacote",
      pacoteId,
      unidadeId: shop.unidadeId,
      pagamentoMetodo: "pix",
    };
    const short = await call(
      petAction,
      formRequest(petPath, { ...sale, pagamentoValor: "150,00" }, { token: atendente.token }),
      { id: pet.id },
    );
    expect(short.status).toBe(400);
    expect(short.data.message).toMatch(/diferente do total/);
    expect(await packageBalances([pet.id])).toEqual([]);

    const sold = await call(
      petAction,
      formRequest(petPath, { ...sale, pagamentoValor: "160,00" }, { token: atendente.token }),
      { id: pet.id },
    );
    expect(sold.data).toMatchObject({
      ok: true,
      message: expect.stringMatching(/^Pacote 4 banhos vendido: 4 sessões/),
    });
    const after = await call(petLoader, makeRequest(petPath, { token: atendente.token }), {
      id: pet.id,
    });
    expect(after.data.pacotes).toMatchObject([
      { nome: "Pacote 4 banhos", sessoes: 4, restantes: 4 },
    ]);
    const [paid] = await ctx.database.db
      .select()
      .from(recebimentos)
      .where(eq(recebimentos.pacotePetId, after.data.pacotes[0].id));
    expect(paid).toMatchObject({ metodo: "pix", valor: 16000 });
  });
});

describe("Repetir on the staff's agenda", () => {
  it("lists the full date with the nearest free times, books the series with the one chosen, skips a date and ends the series", async () => {
    const first = await walkIn("2026-12-08");
    await walkIn("2026-12-22", "09:00", "Bolinha");
    const path = `/admin/servicos/agenda/${first.id}/repetir`;
    const page = await call(repeatLoader, makeRequest(path, { token: atendente.token }), {
      id: first.id,
    });
    expect(page.data.agendamento.numero).toBe(first.numero);
    expect(page.data.start).toEqual({ primeiraData: "2026-12-22", horario: "09:00" });

    const form = {
      intent: "repetir",
      petId: page.data.pets[0].id,
      intervaloDias: "7",
      primeiraData: "2026-12-15",
      horario: "09:00",
      ocorrencias: "3",
      ateData: "",
    };
    const refused = await call(repeatAction, formRequest(path, form, { token: atendente.token }), {
      id: first.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.data.conflitos).toHaveLength(1);
    const conflict = refused.data.conflitos[0];
    expect(conflict).toMatchObject({ indice: 1, data: "2026-12-22", horario: "09:00" });
    expect(conflict.proximos[0]).toEqual({ data: "2026-12-22", horario: "08:00" });
    expect(refused.data.sent).toMatchObject({ primeiraData: "2026-12-15", ocorrencias: "3" });
    const [{ n }] = (await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(groomingTables.seriesAgendamento)) as [{ n: number }];
    expect(n).toBe(0);

    const booked = await call(
      repeatAction,
      formRequest(path, { ...form, troca_1: "2026-12-22|08:00" }, { token: atendente.token }),
      { id: first.id },
    );
    expectRedirect(booked, `/admin/servicos/agenda?unidade=${shop.unidadeId}&dia=2026-12-15`);
    const series = await ctx.database.db
      .select()
      .from(groomingTables.agendamentos)
      .where(sql`${groomingTables.agendamentos.serieId} is not null`)
      .orderBy(groomingTables.agendamentos.inicio);
    expect(series.map((a) => `${a.data} ${a.horario} ${a.status}`)).toEqual([
      "2026-12-15 09:00 confirmado",
      "2026-12-22 08:00 confirmado",
      "2026-12-29 09:00 confirmado",
    ]);

    // The agenda's card of a series date offers skipping it and ending the series.
    const day = await call(
      agendaLoader,
      makeRequest(`/admin/servicos/agenda?unidade=${shop.unidadeId}&dia=2026-12-15`, {
        token: atendente.token,
      }),
    );
    expect(day.data.agendaDay.agendamentos[0].serieId).toBe(series[0]!.serieId);
    const agenda = "/admin/servicos/agenda";
    // A booking booked alone is not of a series.
    const alone = await call(
      agendaAction,
      formRequest(agenda, { intent: "serie-pular", id: first.id }, { token: atendente.token }),
    );
    expect(alone.data).toMatchObject({ ok: false, message: "Este agendamento não é de uma série" });
    const skipped = await call(
      agendaAction,
      formRequest(agenda, { intent: "serie-pular", id: series[0]!.id }, { token: atendente.token }),
    );
    expect(skipped.data).toMatchObject({ ok: true });
    const ended = await call(
      agendaAction,
      formRequest(
        agenda,
        { intent: "serie-encerrar", id: series[1]!.id },
        { token: atendente.token },
      ),
    );
    expect(ended.data).toMatchObject({ ok: true, message: "Série encerrada" });
    const rows = await ctx.database.db
      .select({ status: groomingTables.agendamentos.status })
      .from(groomingTables.agendamentos)
      .where(sql`${groomingTables.agendamentos.serieId} is not null`);
    expect(rows.every((r) => r.status === "cancelado")).toBe(true);
  });
});

describe("Repetir in /conta", () => {
  it("the tutor repeats a booking of theirs and ends the series; someone else's booking is not found", async () => {
    const email = "tutora@example.com";
    const { cookie } = await customerCookie(email);
    // A booking of theirs (made with the account's e-mail).
    const own = await bookSeries(
      {
        unidadeId: shop.unidadeId,
        horario: "09:00",
        primeiraData: "2026-12-08",
        intervaloDias: 7,
        ocorrencias: 1,
        ateData: null,
        pet: shortCoatDog("Tainha", [shop.servico("banho")]),
        nomeTutor: "Tutora",
        whatsapp: "47999995555",
        email,
      },
      { staff: dono.actor() },
    );
    if (!own.ok) throw new Error(JSON.stringify(own));
    const numero = own.agendamentos[0]!.numero;
    const path = `/conta/agendamentos/${numero}/repetir`;
    const headers = { cookie };
    const page = await call(accountRepeatRoute.loader, makeRequest(path, { headers }), { numero });
    expect(page.data.pets.map((p: { nome: string }) => p.nome)).toEqual(["Tainha"]);

    // Someone else's booking: the same 404 as none.
    const other = await walkIn("2026-12-09", "08:00", "Alheio");
    const { cookie: stranger } = await customerCookie("outra@example.com");
    const notMine = await call(
      accountRepeatRoute.loader,
      makeRequest(`/conta/agendamentos/${other.numero}/repetir`, { headers: { cookie: stranger } }),
      { numero: other.numero },
    );
    expect(notMine.status).toBe(404);
    const notMineEither = await call(
      accountRepeatRoute.action,
      makeRequest(path, {
        method: "POST",
        headers: { cookie: stranger },
        body: new URLSearchParams({ intent: "encerrar" }),
      }),
      { numero },
    );
    expect(notMineEither.status).toBe(404);

    const booked = await call(
      accountRepeatRoute.action,
      makeRequest(path, {
        method: "POST",
        headers,
        body: new URLSearchParams({
          intent: "repetir",
          petId: page.data.pets[0].id,
          intervaloDias: "14",
          primeiraData: "2026-12-22",
          horario: "13:30",
          ocorrencias: "3",
          ateData: "",
        }),
      }),
      { numero },
    );
    const location = expectRedirect(
      booked,
      /^\/conta\/agendamentos\/AGD\d+\/repetir\?feito=serie$/,
    ).headers.get("location")!;
    const firstOfSeries = location.split("/")[3]!;
    const view = await call(accountRepeatRoute.loader, makeRequest(location, { headers }), {
      numero: firstOfSeries,
    });
    expect(view.data.serie).toMatchObject({ intervaloDias: 14, encerrada: false });
    expect(view.data.serie.datas).toHaveLength(3);
    // The series is linked to the tutor's account pet.
    const [serie] = await ctx.database.db
      .select()
      .from(groomingTables.seriesAgendamento)
      .where(eq(groomingTables.seriesAgendamento.origem, "conta"));
    expect(serie!.petId).not.toBeNull();

    // "Pular esta data": the second date only.
    const skipped = await call(
      accountRepeatRoute.action,
      makeRequest(location, {
        method: "POST",
        headers,
        body: new URLSearchParams({ intent: "pular", agendamentoId: view.data.serie.datas[1].id }),
      }),
      { numero: firstOfSeries },
    );
    expectRedirect(skipped, `/conta/agendamentos/${firstOfSeries}/repetir?feito=pulada`);
    const afterSkip = await call(accountRepeatRoute.loader, makeRequest(location, { headers }), {
      numero: firstOfSeries,
    });
    expect(afterSkip.data.serie.datas.map((d: { status: string }) => d.status)).toEqual([
      view.data.serie.datas[0].status,
      "Cancelado",
      view.data.serie.datas[2].status,
    ]);
    expect(view.data.serie.datas[0].status).not.toBe("Cancelado");
    // A date of someone else's series cannot be skipped from this one.
    const foreign = await call(
      accountRepeatRoute.action,
      makeRequest(location, {
        method: "POST",
        headers,
        body: new URLSearchParams({ intent: "pular", agendamentoId: other.id }),
      }),
      { numero: firstOfSeries },
    );
    expect(foreign.data).toMatchObject({ message: "Agendamento não encontrado nesta série" });

    const ended = await call(
      accountRepeatRoute.action,
      makeRequest(location, {
        method: "POST",
        headers,
        body: new URLSearchParams({ intent: "encerrar" }),
      }),
      { numero: firstOfSeries },
    );
    expectRedirect(ended, `/conta/agendamentos/${firstOfSeries}/repetir?feito=encerrada`);
    const after = await call(accountRepeatRoute.loader, makeRequest(location, { headers }), {
      numero: firstOfSeries,
    });
    expect(after.data.serie.encerrada).toBe(true);
    expect(after.data.serie.datas.every((d: { status: string }) => d.status === "Cancelado")).toBe(
      true,
    );
  });
});
