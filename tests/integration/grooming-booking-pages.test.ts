// The public booking pages through their loaders and actions, on the demo shop (its grooming
// services and the Meia Praia agenda come from app/startup/demo/banho-tosa.json): the form
// as plain GETs and a POST, the status page behind its secret link, the .ics, cancelling,
// and the refusals (bad fields, a GG sent to the photo quote).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  bookGrooming,
  CODE_ANSWER_FLOOR_MS,
  composeGroomingEmail,
} from "~/modules/grooming/index.server";
import { agendamentos, agendasBanho, pedidosServicos } from "~/modules/grooming/testing.server";
import { deliverEmailsDue } from "~/modules/mail/index.server";
import { action as quotesAction, loader as quotesLoader } from "~/routes/admin/servicos";
import { action as agendaAction, loader as agendaLoader } from "~/routes/admin/servicos-agenda";
import { loader as printLoader } from "~/routes/admin/servicos-agenda-imprimir";
import {
  action as configAction,
  loader as configLoader,
} from "~/routes/admin/servicos-configuracao";
import {
  action as statusAction,
  loader as statusLoader,
} from "~/routes/public/servicos-agendamento";
import { loader as icsLoader } from "~/routes/public/servicos-agendamento-ics";
import { action as bookAction, loader as bookLoader } from "~/routes/public/servicos-agendar";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { agendaConfigForm, shortCoatDog } from "../support/agenda";
import { withTestClock } from "../support/clock";
import { withDemoShop } from "../support/demo-shop";
import * as factories from "../support/factories";
import { call, expectRedirect, expectRefused } from "../support/routes";
import { rowsWhere } from "../support/rows";
import { withSmtpServer } from "../support/smtp";

const ctx = withTestDatabase();
// Tuesday 1 Dec 2026, 09:00 in São Paulo.
const clock = withTestClock("2026-12-01T12:00:00Z");
const smtp = withSmtpServer();
const shop = withDemoShop();

let adminToken: string;

function petFields(overrides: Record<string, string> = {}) {
  return {
    pets: "1",
    unidade: shop.unidadeId,
    pet0_nome: "Bolinha",
    pet0_especie: "cao",
    pet0_raca: "Poodle",
    pet0_porte: "P",
    pet0_pelagem: "curta",
    pet0_alertas: "morde",
    ...overrides,
  };
}

// Each form a phone of its own: one phone holds at most 2 open bookings (decision 0056).
let phoneSeq = 0;

function bookingForm(overrides: Record<string, string> = {}) {
  phoneSeq += 1;
  const form = new URLSearchParams({
    ...petFields(),
    data: "2026-12-03",
    horario: "09:00",
    nomeTutor: "Joana Lima",
    whatsapp: `(47) 991${String(1_000_000 + phoneSeq).slice(1, 3)}-${String(1_000_000 + phoneSeq).slice(3)}`,
    email: "",
    endereco: "",
    bairro: "",
    observacoes: "",
    ...overrides,
  });
  form.append("pet0_servico", shop.servico("banho"));
  form.append("pet0_servico", shop.servico("corte-unhas"));
  return form;
}

/** Posts a booking form as the page does and expects the booking's status page. */
async function expectBooked(form: URLSearchParams) {
  expectRedirect(
    await call(bookAction, makeRequest("/servicos/agendar", { method: "POST", body: form })),
    /^\/servicos\/agendamento\//,
  );
}

describe("the demo agenda", () => {
  it("Meia Praia books Monday to Saturday, GG at most 2 a day, starting as Solicitado", async () => {
    const [agenda] = await ctx.database.db.select().from(agendasBanho);
    expect(agenda).toMatchObject({
      unidadeId: shop.unidadeId,
      capacidadeHorario: 6,
      capacidadeDia: 16,
      pontos: { P: 1, M: 1, G: 2, GG: 3 },
      limitesPorte: { GG: 2 },
      cancelamentoHoras: 24,
      confirmarEmHoras: 12,
      statusInicial: "solicitado",
    });
    expect(agenda!.horarios[0]).toEqual([]);
    expect(agenda!.horarios[1]).toEqual(["08:00", "09:00", "13:30"]);
  });
});

describe("/servicos/agendar", () => {
  it("lists the unit, the services and the bookable days; then the price and the times", async () => {
    const first = await call(bookLoader, makeRequest("/servicos/agendar"));
    expect(first.status).toBe(200);
    expect(first.data.units.map((u: { nome: string }) => u.nome)).toEqual(["Unidade Meia Praia"]);
    expect(first.data.services.map((s: { nome: string }) => s.nome)).toContain("Banho");
    // Today (Tuesday) still has 13:30; Sunday the 6th is closed.
    expect(first.data.days[0]).toBe("2026-12-01");
    expect(first.data.days).not.toContain("2026-12-06");
    expect(first.data.days.at(-1)).toBe("2026-12-31");
    expect(first.data.slots).toBeNull();

    const query = new URLSearchParams({ ...petFields(), data: "2026-12-03", passo: "horarios" });
    query.append("pet0_servico", shop.servico("banho"));
    query.append("pet0_servico", shop.servico("corte-unhas"));
    const second = await call(bookLoader, makeRequest(`/servicos/agendar?${query}`));
    expect(second.data.errors).toEqual({});
    expect(second.data.quotes[0]).toEqual({
      servicos: [
        { nome: "Banho", preco: 5000 },
        { nome: "Corte de unhas", preco: 1500 },
      ],
      total: 6500,
    });
    expect(second.data.slots).toEqual([
      { horario: "08:00", cabe: true, livres: 6 },
      { horario: "09:00", cabe: true, livres: 6 },
      { horario: "13:30", cabe: true, livres: 6 },
    ]);
  });

  it("a pet without size or service is told so on 'Ver horários'", async () => {
    const query = new URLSearchParams({ ...petFields({ pet0_porte: "" }), passo: "horarios" });
    const page = await call(bookLoader, makeRequest(`/servicos/agendar?${query}`));
    expect(page.data.errors).toMatchObject({
      pet0_porte: "Escolha o porte",
      pet0_servico: "Escolha ao menos um serviço",
    });
  });

  it("books, follows the status link, downloads the .ics and cancels", async () => {
    const request = makeRequest("/servicos/agendar", { method: "POST", body: bookingForm() });
    const booked = await call(bookAction, request);
    const location = expectRedirect(
      booked,
      /^\/servicos\/agendamento\/AGD\d{6}\?token=/,
    ).headers.get("location")!;
    const url = new URL(location, "http://localhost");
    const numero = url.pathname.split("/").at(-1)!;
    const token = url.searchParams.get("token")!;

    const page = await call(statusLoader, makeRequest(location), { numero });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      numero,
      status: "solicitado",
      data: "2026-12-03",
      horario: "09:00",
      preco: 6500,
      precoFinal: false,
      podeMudar: true,
      unidade: { nome: "Unidade Meia Praia" },
    });
    expect(page.data.pets).toEqual([
      expect.objectContaining({
        nome: "Bolinha",
        porte: "P",
        servicos: ["Banho", "Corte de unhas"],
      }),
    ]);
    // A wrong secret or none: not found, like an unknown number.
    expect(
      (await call(statusLoader, makeRequest(`/servicos/agendamento/${numero}?token=x`), { numero }))
        .status,
    ).toBe(404);
    expect(
      (await call(statusLoader, makeRequest(`/servicos/agendamento/${numero}`), { numero })).status,
    ).toBe(404);

    const ics = await call(
      icsLoader,
      makeRequest(`/servicos/agendamento/${numero}/calendario.ics?token=${token}`),
      {
        numero,
      },
    );
    expect(ics.response!.headers.get("content-type")).toContain("text/calendar");
    const text = await ics.response!.text();
    // 09:00 in São Paulo is 12:00 UTC; Banho (45 min) + unhas (10 min).
    expect(text).toContain("DTSTART:20261203T120000Z");
    expect(text).toContain("DURATION:PT55M");
    expect(text).toContain("SUMMARY:Banho e tosa: Bolinha");
    expect(
      (
        await call(
          icsLoader,
          makeRequest(`/servicos/agendamento/${numero}/calendario.ics?token=y`),
          { numero },
        )
      ).status,
    ).toBe(404);

    // Reschedule view: the day's times without this booking counted.
    const picker = await call(
      statusLoader,
      makeRequest(`/servicos/agendamento/${numero}?token=${token}&reagendar=1&data=2026-12-04`),
      { numero },
    );
    expect(picker.data.reagendar.slots).toHaveLength(3);
    const moved = await call(
      statusAction,
      makeRequest(`/servicos/agendamento/${numero}?token=${token}&reagendar=1&data=2026-12-04`, {
        method: "POST",
        body: new URLSearchParams({ intent: "reagendar", data: "2026-12-04", horario: "08:00" }),
      }),
      { numero },
    );
    expectRedirect(
      moved,
      `/servicos/agendamento/${numero}?token=${encodeURIComponent(token)}&feito=reagendado`,
    );
    const after = await call(statusLoader, makeRequest(location), { numero });
    expect(after.data).toMatchObject({ data: "2026-12-04", horario: "08:00" });

    const cancelled = await call(
      statusAction,
      makeRequest(location, { method: "POST", body: new URLSearchParams({ intent: "cancelar" }) }),
      { numero },
    );
    expectRedirect(
      cancelled,
      `/servicos/agendamento/${numero}?token=${encodeURIComponent(token)}&feito=cancelado`,
    );
    const gone = await call(statusLoader, makeRequest(location), { numero });
    expect(gone.data).toMatchObject({ status: "cancelado", podeMudar: false });
    // Cancelling twice: refused in Portuguese, not a 500.
    const again = await call(
      statusAction,
      makeRequest(location, { method: "POST", body: new URLSearchParams({ intent: "cancelar" }) }),
      { numero },
    );
    expect(again.status).toBe(422);
    expect(again.data.message).toBe(
      "Este agendamento já não pode ser cancelado nem reagendado pelo site",
    );
  });

  it("the same form sent twice, one after the other or at once, books once and both answers open that booking", async () => {
    const page = await call(bookLoader, makeRequest("/servicos/agendar"));
    const envio = page.data.fields.envio as string;
    expect(envio).toMatch(/^[\w-]{16,64}$/);
    const send = () =>
      call(
        bookAction,
        makeRequest("/servicos/agendar", {
          method: "POST",
          body: bookingForm({
            envio,
            data: "2026-12-04",
            horario: "08:00",
            nomeTutor: "Rita Dupla",
          }),
          ip: "10.9.0.1",
        }),
      );
    const first = expectRedirect(await send(), /^\/servicos\/agendamento\/AGD\d{6}\?token=/);
    const location = first.headers.get("location");
    const [again, twinA, twinB] = await Promise.all([send(), send(), send()]);
    for (const reply of [again, twinA, twinB]) {
      expect(expectRedirect(reply, /^\/servicos\//).headers.get("location")).toBe(location);
    }
    const rows = await rowsWhere(agendamentos, eq(agendamentos.nomeTutor, "Rita Dupla"));
    expect(rows).toHaveLength(1);
    // The key carried back to the form for another time is a new booking, with its own link.
    const other = await call(
      bookAction,
      makeRequest("/servicos/agendar", {
        method: "POST",
        body: bookingForm({ envio, data: "2026-12-10", horario: "13:30", nomeTutor: "Rita Dupla" }),
        ip: "10.9.0.1",
      }),
    );
    expect(expectRedirect(other, /^\/servicos\//).headers.get("location")).not.toBe(location);
    expect(await rowsWhere(agendamentos, eq(agendamentos.nomeTutor, "Rita Dupla"))).toHaveLength(2);
  });

  it("more than 20 submits an hour from one address are refused (429) with the message, nothing booked", async () => {
    const send = (i: number) =>
      call(
        bookAction,
        makeRequest("/servicos/agendar", {
          method: "POST",
          // Invalid on purpose (no name): every submit counts, valid or not.
          body: bookingForm({ nomeTutor: "", observacoes: `tentativa ${i}` }),
          ip: "10.9.0.2",
        }),
      );
    for (let i = 0; i < 20; i++) expect((await send(i)).status).toBe(422);
    const refused = await send(20);
    expect(refused.status).toBe(429);
    expect(refused.data.refusal.message).toBe(
      "Muitos agendamentos em pouco tempo. Tente novamente mais tarde ou fale conosco pelo WhatsApp.",
    );
    // Another address still books.
    const other = await call(
      bookAction,
      makeRequest("/servicos/agendar", {
        method: "POST",
        body: bookingForm({ data: "2026-12-11", horario: "08:00", nomeTutor: "Outra Pessoa" }),
        ip: "10.9.0.3",
      }),
    );
    expectRedirect(other, /^\/servicos\/agendamento\//);
  });

  it("bad fields answer 422 with each field's message", async () => {
    const form = bookingForm({ whatsapp: "123", horario: "", levaTraz: "on" });
    const page = await call(
      bookAction,
      makeRequest("/servicos/agendar", { method: "POST", body: form }),
    );
    expectRefused(page, 422, {
      whatsapp: "Informe seu WhatsApp com DDD",
      horario: "Escolha o horário",
      endereco: "Informe o endereço para buscarmos o pet",
      bairro: "Informe o bairro",
    });
    // What was typed comes back.
    expect(page.data.fields.contact.nomeTutor).toBe("Joana Lima");
  });

  it("an add-on alone is no booking", async () => {
    const form = bookingForm();
    form.delete("pet0_servico");
    form.append("pet0_servico", shop.servico("corte-unhas"));
    const page = await call(
      bookAction,
      makeRequest("/servicos/agendar", { method: "POST", body: form }),
    );
    expect(page.status).toBe(422);
    expect(page.data.refusal.message).toBe(
      "Escolha ao menos um serviço disponível para o porte e a pelagem do pet",
    );
  });

  it("a GG is sent to the photo quote; a full time answers 409 with the next free ones", async () => {
    const gg = await call(
      bookAction,
      makeRequest("/servicos/agendar", { method: "POST", body: bookingForm({ pet0_porte: "GG" }) }),
    );
    expect(gg.status).toBe(422);
    expect(gg.data.refusal).toMatchObject({ quote: true });
    // Fill 13:30 of the 3rd (6 points: three G).
    for (const [i, nome] of ["A", "B", "C"].entries()) {
      const r = await bookGrooming({
        unidadeId: shop.unidadeId,
        data: "2026-12-03",
        horario: "13:30",
        pets: [shortCoatDog(nome, [shop.servico("banho")], { porte: "G" })],
        nomeTutor: "Outro tutor",
        whatsapp: `4799999888${i}`,
        email: null,
        levaTraz: false,
        endereco: null,
        bairro: null,
        observacoes: null,
      });
      expect(r.ok).toBe(true);
    }
    const full = await call(
      bookAction,
      makeRequest("/servicos/agendar", { method: "POST", body: bookingForm({ horario: "13:30" }) }),
    );
    expect(full.status).toBe(409);
    expect(full.data.refusal.message).toBe("Esse horário acabou de ser preenchido");
    // The same day still has 08:00 and 09:00.
    expect(full.data.refusal.proximos.slice(0, 2)).toEqual([
      { data: "2026-12-03", horario: "08:00" },
      { data: "2026-12-03", horario: "09:00" },
    ]);
  });
});

describe("/admin/servicos/agenda", () => {
  it("needs a signed-in admin", async () => {
    const anonymous = await call(agendaLoader, makeRequest("/admin/servicos/agenda"));
    expect(anonymous.response?.status).toBeGreaterThanOrEqual(300);
  });

  it("shows the day, moves a booking to Pronto (the status page follows) and adds a walk-in", async () => {
    // Signed in on the test clock's day.
    ({ token: adminToken } = await factories.makeAdmin());
    const request = makeRequest("/servicos/agendar", {
      method: "POST",
      body: bookingForm({ data: "2026-12-05", horario: "08:00" }),
    });
    const location = (await call(bookAction, request)).response!.headers.get("location")!;
    const numero = new URL(location, "http://localhost").pathname.split("/").at(-1)!;
    const path = `/admin/servicos/agenda?unidade=${shop.unidadeId}&dia=2026-12-05`;
    const page = await call(agendaLoader, makeRequest(path, { token: adminToken }));
    expect(page.status).toBe(200);
    expect(page.data.agendaDay.horarios).toEqual([
      { horario: "08:00", usados: 1, total: 6 },
      { horario: "09:00", usados: 0, total: 6 },
    ]);
    expect(page.data.agendaDay.portes.find((p: { porte: string }) => p.porte === "GG")).toEqual({
      porte: "GG",
      usados: 0,
      limite: 2,
    });
    const booking = page.data.agendaDay.agendamentos.find(
      (a: { numero: string }) => a.numero === numero,
    );
    expect(booking.pets[0]).toMatchObject({ nome: "Bolinha", alertas: "morde" });
    const step = (status: string) =>
      call(
        agendaAction,
        makeRequest(path, {
          method: "POST",
          token: adminToken,
          body: new URLSearchParams({ intent: "status", id: booking.id, status }),
        }),
      );
    for (const status of ["confirmado", "em_atendimento", "pronto"]) {
      const r = await step(status);
      expect(r.data.ok).toBe(true);
    }
    const refused = await step("confirmado");
    expect(refused.status).toBe(400);
    expect(refused.data.message).toContain("não se passa");
    const status = await call(statusLoader, makeRequest(location), { numero });
    expect(status.data.status).toBe("pronto");

    const walkIn = new URLSearchParams({
      intent: "walkin",
      unidadeId: shop.unidadeId,
      data: "2026-12-05",
      horario: "09:00",
      nomeTutor: "Seu Pedro",
      whatsapp: "47988776655",
      nome: "Rex",
      especie: "cao",
      porte: "G",
      pelagem: "curta",
    });
    walkIn.append("servicoIds", shop.servico("banho"));
    const added = await call(
      agendaAction,
      makeRequest(path, { method: "POST", token: adminToken, body: walkIn }),
    );
    expect(added.data).toMatchObject({ ok: true });
    const after = await call(agendaLoader, makeRequest(path, { token: adminToken }));
    expect(after.data.agendaDay.horarios[1]).toEqual({ horario: "09:00", usados: 2, total: 6 });
    // "Imprimir fichas do dia": one card per pet, alerts included.
    const print = await call(
      printLoader,
      makeRequest(`/admin/servicos/agenda/imprimir?unidade=${shop.unidadeId}&dia=2026-12-05`, {
        token: adminToken,
      }),
    );
    expect(print.data.fichas.map((f: { nome: string }) => f.nome)).toEqual(["Bolinha", "Rex"]);
    expect(print.data.fichas[0]).toMatchObject({ alertas: "morde", porte: "P" });
    const bad = await call(
      printLoader,
      makeRequest("/admin/servicos/agenda/imprimir?dia=x", { token: adminToken }),
    );
    expect(bad.status).toBe(400);
  });
});

describe("/admin/servicos/configuracao", () => {
  it("saves the agenda form, refuses a bad time, and closing a day lists its bookings", async () => {
    const { token } = await factories.makeAdmin();
    const path = `/admin/servicos/configuracao?unidade=${shop.unidadeId}`;
    const page = await call(configLoader, makeRequest(path, { token }));
    expect(page.data.unit.agenda.capacidadeHorario).toBe(6);
    expect(page.data.services.map((s: { slug: string }) => s.slug)).toEqual([
      "banho",
      "banho-tosa-higienica",
      "tosa-completa",
      "hidratacao",
      "corte-unhas",
    ]);
    const form = (overrides: Record<string, string>) =>
      makeRequest(path, {
        method: "POST",
        token,
        body: new URLSearchParams({
          intent: "agenda",
          unidadeId: shop.unidadeId,
          ...agendaConfigForm({
            horarios_0: "",
            horarios_1: "8:00, 09:00, 13:30",
            horarios_2: "08:00 09:00",
            horarios_3: "08:00, 09:00, 13:30",
            horarios_4: "08:00, 09:00, 13:30",
            horarios_5: "08:00, 09:00, 13:30",
            horarios_6: "08:00",
            limite_G: "4",
            limite_GG: "2",
            antecedenciaHoras: "2",
            diasAFrente: "30",
            statusInicial: "solicitado",
          }),
          ...overrides,
        }),
      });
    const bad = await call(configAction, form({ horarios_3: "8h" }));
    expect(bad.status).toBe(422);
    expect(bad.data.message).toBe("Use horários como 08:00, 09:00, 13:30");
    const saved = await call(configAction, form({}));
    expect(saved.data.ok).toBe(true);
    const after = await call(configLoader, makeRequest(path, { token }));
    expect(after.data.unit.agenda.horarios[2]).toEqual(["08:00", "09:00"]);
    expect(after.data.unit.agenda.limitesPorte).toEqual({ G: 4, GG: 2 });
    expect(after.data.unit.agenda.confirmarEmHoras).toBe(8);
    const outOfRange = await call(configAction, form({ confirmarEmHoras: "0" }));
    expect(outOfRange.status).toBe(422);

    const request = makeRequest("/servicos/agendar", {
      method: "POST",
      body: bookingForm({ data: "2026-12-08", horario: "08:00" }),
    });
    expectRedirect(await call(bookAction, request), /^\/servicos\/agendamento\//);
    const closed = await call(
      configAction,
      makeRequest(path, {
        method: "POST",
        token,
        body: new URLSearchParams({
          intent: "fechar",
          unidadeId: shop.unidadeId,
          data: "2026-12-08",
          motivo: "Feriado",
        }),
      }),
    );
    expect(closed.data.afetados).toEqual([
      expect.objectContaining({ horario: "08:00", nomeTutor: "Joana Lima" }),
    ]);
    // The closed day is no longer offered.
    const booking = await call(
      bookLoader,
      makeRequest(`/servicos/agendar?unidade=${shop.unidadeId}`),
    );
    expect(booking.data.days).not.toContain("2026-12-08");
  });
});

describe("the photo quote's link para agendar", () => {
  it("the staff answer with a price; the tutor books a GG from the link at that price", async () => {
    const { token } = await factories.makeAdmin();
    const [quote] = await ctx.database.db
      .insert(pedidosServicos)
      .values({
        numeroPedido: "SRV123456",
        tipoServico: "banho_tosa",
        nomeTutor: "Ana Souza",
        whatsapp: "47988881111",
        nomePet: "Thor",
        racaPorte: "São Bernardo, gigante",
        fotos: ["/uploads/pet-fotos/x.webp"],
      })
      .returning();
    const answer = (precoOrcado: string, porte: string, servicos: string[]) => {
      const body = new URLSearchParams({ intent: "link", id: quote!.id, precoOrcado, porte });
      for (const id of servicos) body.append("servico", id);
      return call(quotesAction, makeRequest("/admin/servicos", { method: "POST", token, body }));
    };
    expect((await answer("abc", "GG", [shop.servico("banho")])).status).toBe(422);
    expect((await answer("150,00", "", [shop.servico("banho")])).status).toBe(422);
    expect((await answer("150,00", "GG", [])).status).toBe(422);
    // An add-on alone is no quote.
    expect((await answer("150,00", "GG", [shop.servico("corte-unhas")])).data.ok).toBe(false);
    expect(
      (await answer("150,00", "GG", [shop.servico("banho"), shop.servico("corte-unhas")])).data.ok,
    ).toBe(true);
    const board = await call(quotesLoader, makeRequest("/admin/servicos", { token }));
    const card = board.data.orders.find((o: { id: string }) => o.id === quote!.id);
    expect(card).toMatchObject({
      status: "orcamento_enviado",
      precoOrcado: 15000,
      porteOrcado: "GG",
    });
    expect([...card.servicosOrcados].sort()).toEqual(
      [shop.servico("banho"), shop.servico("corte-unhas")].sort(),
    );
    const link = new URL(card.linkAgendar);
    expect(link.pathname + link.search).toMatch(/^\/servicos\/agendar\?orcamento=SRV123456&chave=/);

    const page = await call(bookLoader, makeRequest(link.pathname + link.search));
    expect(page.data.orcamento).toMatchObject({
      numero: "SRV123456",
      nomePet: "Thor",
      preco: 15000,
    });
    expect(page.data.orcamento.fixo.porte).toBe("GG");
    expect([...page.data.orcamento.fixo.servicos].sort()).toEqual(
      ["Banho", "Corte de unhas"].sort(),
    );
    expect(page.data.fields.pets[0]).toMatchObject({ nome: "Thor", porte: "GG" });

    // A tampered link is no quote: the GG goes back to the photo quote.
    const tampered = bookingForm({
      pet0_nome: "Thor",
      pet0_porte: "GG",
      orcamento: "SRV123456",
      chave: "x".repeat(22),
      horario: "08:00",
      data: "2026-12-10",
    });
    const refused = await call(
      bookAction,
      makeRequest("/servicos/agendar", { method: "POST", body: tampered }),
    );
    expect(refused.data.refusal).toMatchObject({ quote: true });

    // The form says a P with a bath only: the booking takes the quote's GG and services.
    const form = bookingForm({
      pet0_nome: "Thor",
      pet0_porte: "P",
      pet0_pelagem: "longa",
      orcamento: "SRV123456",
      chave: link.searchParams.get("chave")!,
      data: "2026-12-10",
      horario: "08:00",
    });
    const booked = await call(
      bookAction,
      makeRequest("/servicos/agendar", { method: "POST", body: form }),
    );
    const location = expectRedirect(booked, /^\/servicos\/agendamento\//).headers.get("location")!;
    const numero = new URL(location, "http://localhost").pathname.split("/").at(-1)!;
    const status = await call(statusLoader, makeRequest(location), { numero });
    expect(status.data).toMatchObject({ preco: 15000, precoFinal: true });
    expect(status.data.pets[0]).toMatchObject({ porte: "GG", preco: 15000 });
    expect([...status.data.pets[0].servicos].sort()).toEqual(["Banho", "Corte de unhas"].sort());
    const [after] = await rowsWhere(pedidosServicos, eq(pedidosServicos.id, quote!.id));
    expect(after!.status).toBe("confirmado");
    // The quote's card shows it "agendado", with the booking.
    const boardAfter = await call(quotesLoader, makeRequest("/admin/servicos", { token }));
    const cardAfter = boardAfter.data.orders.find((o: { id: string }) => o.id === quote!.id);
    expect(cardAfter.agendamento).toMatchObject({ numero, data: "2026-12-10", horario: "08:00" });
    // The link is spent: once booked, it no longer opens the quote.
    const again = await call(bookLoader, makeRequest(link.pathname + link.search));
    expect(again.data.orcamento).toBeNull();
  });
});

describe("a returning tutor's pets, after a one-time code", () => {
  const phone = "(47) 99777-0001";
  const post = (fields: Record<string, string>, ip = "10.9.0.1") =>
    call(
      bookAction,
      makeRequest("/servicos/agendar", {
        method: "POST",
        ip,
        body: new URLSearchParams(fields),
      }),
    );
  const askCode = (whatsapp: string, ip?: string) =>
    post({ intent: "codigo", retorno_whatsapp: whatsapp }, ip);
  const tryCode = (codigo: string, ip?: string) =>
    post({ intent: "verificar", retorno_whatsapp: phone, codigo }, ip);
  const codeFromInbox = async () => {
    while ((await deliverEmailsDue({ compose: composeGroomingEmail })) > 0) {}
    const last = smtp.messages.filter((m) => m.subject?.includes("Seu código")).at(-1);
    expect(last?.envelopeTo).toEqual(["familia@example.com"]);
    return /Seu código: (\d{6})/.exec(last!.text ?? "")![1]!;
  };

  it("sends a code to the e-mail of the last booking, shows the pets, and fills the form with one", async () => {
    // Two earlier bookings of this phone: Paçoca (M, long coat, bath + nails), then Bidu.
    const first = bookingForm({
      pet0_nome: "Paçoca",
      pet0_porte: "M",
      pet0_pelagem: "longa",
      pet0_alertas: "medo de secador",
      whatsapp: phone,
      nomeTutor: "Família Reis",
      email: "familia@example.com",
    });
    await expectBooked(first);
    const second = bookingForm({
      pet0_nome: "Bidu",
      horario: "08:00",
      whatsapp: phone,
      nomeTutor: "Família Reis",
      email: "familia@example.com",
    });
    await expectBooked(second);
    smtp.messages.length = 0;

    // A phone nobody booked with gets the same answer, and no e-mail. Both answers wait the
    // same floor, so their time does not tell a known phone either.
    const timed = async (whatsapp: string) => {
      const started = performance.now();
      const answer = await askCode(whatsapp);
      return { answer, ms: performance.now() - started };
    };
    const { answer: unknown, ms: unknownMs } = await timed("(47) 98888-0000");
    expect(unknown.status).toBe(200);
    expect(unknown.data.retorno).toMatchObject({ etapa: "codigo", error: false });
    const { answer: asked, ms: askedMs } = await timed(phone);
    expect(asked.data.retorno.message).toBe(unknown.data.retorno.message);
    // A timer may fire a millisecond early.
    expect(unknownMs).toBeGreaterThanOrEqual(CODE_ANSWER_FLOOR_MS - 2);
    expect(askedMs).toBeGreaterThanOrEqual(CODE_ANSWER_FLOOR_MS - 2);
    const code = await codeFromInbox();
    expect(smtp.messages.filter((m) => m.subject?.includes("Seu código"))).toHaveLength(1);

    // Wrong codes are refused; after 5, even the right one is dead.
    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await tryCode(wrong);
    expect(refused.status).toBe(422);
    expect(refused.data.retorno).toMatchObject({ etapa: "codigo", error: true, pets: [] });
    for (let i = 0; i < 4; i++) await tryCode(wrong);
    expect((await tryCode(code)).status).toBe(422);

    // A new code works once.
    await askCode(phone);
    const fresh = await codeFromInbox();
    const shown = await tryCode(fresh);
    expect(shown.status).toBe(200);
    expect(shown.data.retorno.etapa).toBe("pets");
    expect(shown.data.retorno.pets.map((p: { nome: string }) => p.nome)).toEqual([
      "Bidu",
      "Paçoca",
    ]);
    expect(shown.data.retorno.todos).toContain("pets=2");
    expect((await tryCode(fresh)).status).toBe(422);

    // The pet's link opens the form filled in: its size, coat, alerts, services and price.
    const pacoca = shown.data.retorno.pets.find((p: { nome: string }) => p.nome === "Paçoca");
    const filled = await call(bookLoader, makeRequest(pacoca.href));
    expect(filled.data.fields.pets[0]).toMatchObject({
      nome: "Paçoca",
      porte: "M",
      pelagem: "longa",
      alertas: "medo de secador",
    });
    expect([...filled.data.fields.pets[0].servicoIds].sort()).toEqual(
      [shop.servico("banho"), shop.servico("corte-unhas")].sort(),
    );
    expect(filled.data.fields.contact).toMatchObject({
      nomeTutor: "Família Reis",
      email: "familia@example.com",
      unidadeId: shop.unidadeId,
    });
    expect(filled.data.quotes[0]?.total).toBeGreaterThan(0);
  });

  it("a code lasts 10 minutes", async () => {
    await askCode(phone, "10.9.0.2");
    const code = await codeFromInbox();
    clock.advance(10 * 60_000 + 1);
    expect((await tryCode(code, "10.9.0.2")).status).toBe(422);
  });

  it("codes for one phone are limited, whoever asks", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await askCode("(47) 99777-0009", `10.9.1.${i}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
