// What the booking pages say and ask (issue 39, point 12; decision 0056), on the demo shop:
// the photos note as soon as a GG or a first-visit service is chosen, the quote form filled
// from the booking page, the quote link filling the tutor, the cancel question, "guarde este
// link", the .ics of a request and of a cancelled booking, and the check-in's final price.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { quoteBookingPath } from "~/modules/grooming/index.server";
import { agendamentos } from "~/modules/grooming/testing.server";
import { action as agendaAction } from "~/routes/admin/servicos-agenda";
import { loader as servicosLoader } from "~/routes/public/servicos";
import * as statusRoute from "~/routes/public/servicos-agendamento";
import { loader as icsLoader } from "~/routes/public/servicos-agendamento-ics";
import { action as bookAction, loader as bookLoader } from "~/routes/public/servicos-agendar";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { withTestClock } from "../support/clock";
import { withDemoShop } from "../support/demo-shop";
import * as factories from "../support/factories";
import { call, expectRedirect } from "../support/routes";

const ctx = withTestDatabase();
// Tuesday 1 Dec 2026, 09:00 in São Paulo.
withTestClock("2026-12-01T12:00:00Z");
const shop = withDemoShop();

function step(fields: Record<string, string>, servicos: string[] = [shop.servico("banho")]) {
  const q = new URLSearchParams({
    pets: "1",
    unidade: shop.unidadeId,
    pet0_nome: "Thor",
    pet0_especie: "cao",
    pet0_raca: "São Bernardo",
    pet0_pelagem: "curta",
    ...fields,
  });
  for (const id of servicos) q.append("pet0_servico", id);
  return q;
}

let seq = 0;
async function bookP(data = "2026-12-03", horario = "09:00") {
  seq += 1;
  const form = step({
    pet0_porte: "P",
    data,
    horario,
    nomeTutor: "Carla Mendes",
    whatsapp: `(47) 98800-${String(1000 + seq)}`,
  });
  const reply = await call(
    bookAction,
    makeRequest("/servicos/agendar", { method: "POST", body: form }),
  );
  const location = expectRedirect(reply, /^\/servicos\/agendamento\/AGD\d{6}\?token=/).headers.get(
    "location",
  )!;
  const url = new URL(location, "http://localhost");
  return {
    location,
    numero: url.pathname.split("/").at(-1)!,
    token: url.searchParams.get("token")!,
  };
}

describe("photos before booking, said when the size is chosen", () => {
  it("a GG gets the note with the filled quote link on the step's answer, before any 'Confirmar'", async () => {
    const page = await call(
      bookLoader,
      makeRequest(
        `/servicos/agendar?${step({ pet0_porte: "GG", nomeTutor: "Ana Souza", whatsapp: "(47) 98888-1111" })}`,
      ),
    );
    expect(page.data.fotos).toEqual(["gg"]);
    const href = new URL(page.data.orcamentoHref, "http://localhost");
    expect(href.pathname).toBe("/servicos");
    expect(Object.fromEntries(href.searchParams)).toEqual({
      servico: "banho_tosa",
      nome_tutor: "Ana Souza",
      whatsapp: "(47) 98888-1111",
      nome_pet: "Thor",
      raca_porte: "São Bernardo, gigante (gg)",
    });
    // A P with a bath needs none; a P with the tosa on a first visit does.
    const p = await call(bookLoader, makeRequest(`/servicos/agendar?${step({ pet0_porte: "P" })}`));
    expect(p.data.fotos).toEqual([null]);
    const first = await call(
      bookLoader,
      makeRequest(
        `/servicos/agendar?${step({ pet0_porte: "P" }, [shop.servico("tosa-completa")])}`,
      ),
    );
    expect(first.data.fotos).toEqual(["primeira"]);
    expect(first.data.fotosRegra.servicosPrimeira).toContain(shop.servico("tosa-completa"));
  });

  it("the quote form on /servicos filled from the address is the visitor's own (no-store)", () => {
    const headersOf = (path: string) => {
      const reply = servicosLoader({
        request: makeRequest(path),
        params: {},
        context: {},
      } as never) as unknown as { init: ResponseInit | null };
      return new Headers(reply.init?.headers);
    };
    expect(headersOf("/servicos?servico=banho_tosa&nome_pet=Thor").get("cache-control")).toBe(
      "private, no-store",
    );
    expect(headersOf("/servicos").get("cache-control")).toBeNull();
  });

  it("the staff's quote link fills the pet and the tutor", async () => {
    await factories.insertGroomingQuote({
      numeroPedido: "SRV555001",
      whatsapp: "(47) 98888-1111",
      precoOrcado: 15000,
      porteOrcado: "GG",
      servicosOrcados: [shop.servico("banho")],
      status: "orcamento_enviado",
    });
    const page = await call(bookLoader, makeRequest(quoteBookingPath("SRV555001")));
    expect(page.data.orcamento).toMatchObject({ numero: "SRV555001" });
    expect(page.data.fields.pets[0]).toMatchObject({ nome: "Thor", porte: "GG" });
    expect(page.data.fields.contact).toMatchObject({
      nomeTutor: "Ana Souza",
      whatsapp: "(47) 98888-1111",
    });
    // The quoted pet needs no photos note: its photos are what the link answers.
    expect(page.data.fotos).toEqual([null]);
  });
});

describe("the status page", () => {
  it("says it is booked and to keep the link; asks before cancelling; says so after rescheduling", async () => {
    const { location, numero, token } = await bookP();
    expect(location).toContain("&feito=agendado");
    const page = await call(statusRoute.loader, makeRequest(location), { numero });
    expect(page.data.feito).toBe("agendado");
    expect(page.data.perguntaCancelar).toBe(false);
    const asking = await call(
      statusRoute.loader,
      makeRequest(`/servicos/agendamento/${numero}?token=${token}&cancelar=1`),
      { numero },
    );
    expect(asking.data.perguntaCancelar).toBe(true);
    const moved = await call(
      statusRoute.action,
      makeRequest(`/servicos/agendamento/${numero}?token=${token}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "reagendar", data: "2026-12-04", horario: "08:00" }),
      }),
      { numero },
    );
    expect(moved.response!.headers.get("location")).toContain("&feito=reagendado");
  });

  it("the .ics of a Solicitado is TENTATIVE; a cancelled booking has none", async () => {
    const { numero, token } = await bookP("2026-12-04", "09:00");
    const ics = () =>
      call(
        icsLoader,
        makeRequest(`/servicos/agendamento/${numero}/calendario.ics?token=${token}`),
        { numero },
      );
    const text = await (await ics()).response!.text();
    expect(text).toContain("STATUS:TENTATIVE");
    expect(text).not.toContain("STATUS:CONFIRMED");
    await ctx.database.db
      .update(agendamentos)
      .set({ status: "confirmado" })
      .where(eq(agendamentos.numero, numero));
    expect(await (await ics()).response!.text()).toContain("STATUS:CONFIRMED");
    await ctx.database.db
      .update(agendamentos)
      .set({ status: "cancelado" })
      .where(eq(agendamentos.numero, numero));
    expect((await ics()).status).toBe(404);
  });
});

describe("check-in's final price", () => {
  it("a bad value is refused in Portuguese next to the field and nothing changes; a good one is kept", async () => {
    const { numero } = await bookP("2026-12-05", "08:00");
    const [row] = await ctx.database.db
      .select()
      .from(agendamentos)
      .where(eq(agendamentos.numero, numero));
    const { token } = await factories.makeAdmin();
    const checkIn = (precoFinal: string) =>
      call(
        agendaAction,
        makeRequest("/admin/servicos/agenda", {
          method: "POST",
          token,
          body: new URLSearchParams({ intent: "checkin", id: row!.id, precoFinal }),
        }),
      );
    for (const bad of ["abc", "-10", "0", "80 reais", "99999999"]) {
      const refused = await checkIn(bad);
      expect(refused.status).toBe(422);
      expect(refused.data).toMatchObject({
        ok: false,
        id: row!.id,
        precoFinal: bad,
        message:
          "Preço final inválido: digite o valor em reais, por exemplo 80,00 (até R$ 10.000,00)",
      });
    }
    const [untouched] = await ctx.database.db
      .select()
      .from(agendamentos)
      .where(eq(agendamentos.id, row!.id));
    expect(untouched!.precoFinal).toBeNull();
    expect(untouched!.historico.some((h) => h.nota === "check-in")).toBe(false);
    expect((await checkIn("85,50")).data).toMatchObject({ ok: true });
    // A second check-in without a price keeps the one set.
    expect((await checkIn("")).data).toMatchObject({ ok: true });
    const [after] = await ctx.database.db
      .select()
      .from(agendamentos)
      .where(eq(agendamentos.id, row!.id));
    expect(after!.precoFinal).toBe(8550);
  });
});
