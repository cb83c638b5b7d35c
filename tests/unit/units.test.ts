// The units' pure rules (decision 0027): the hours as the pages say them, as structured data
// lists them, the home's line about the units, and the unit form's schema.
import { describe, expect, it } from "vitest";
import { shop } from "~/content/shop";
import type { JanelaEntrega } from "~/domain/statuses";
import { petStoreJsonLd } from "~/domain/structured-data";
import { fieldErrors } from "~/lib/forms";
import { bairroSchema, bairroUnitSchema } from "~/modules/delivery";
import { unitSchema } from "~/modules/shop/unit.schema";
import {
  deliveryDayAt,
  deliveryWindowChoices,
  type HorarioDia,
  hourText,
  openingHoursSpecification,
  openStateAt,
  openStates,
  shortHoursText,
  storeHours,
  structuredDataUnit,
  unitsIntro,
  weekdayHours,
  weekdayHoursText,
} from "~/modules/shop/units";
import { MIGRATED_UNITS, USUAL_WEEK, unitForm, weekFields } from "../support/units";

const open = (abre: string, fecha: string): HorarioDia => ({ abre, fecha });
/** A week from Sunday to Saturday. */
const week = (...days: HorarioDia[]) => days;

describe("hours as the pages say them", () => {
  it("writes a time of day the Brazilian way", () => {
    expect(hourText("09:00")).toBe("9h");
    expect(hourText("20:00")).toBe("20h");
    expect(hourText("08:30")).toBe("8h30");
    expect(hourText("00:00")).toBe("0h");
  });

  it("groups consecutive days with the same hours, Monday first, Sunday last", () => {
    expect(weekdayHoursText(USUAL_WEEK)).toBe(
      "Segunda a Sexta 9h às 20h; Sábado 9h às 18h; Domingo Fechado",
    );
    expect(weekdayHours(USUAL_WEEK)).toEqual([
      { days: "Segunda a Sexta", hours: "9h às 20h" },
      { days: "Sábado", hours: "9h às 18h" },
      { days: "Domingo", hours: "Fechado" },
    ]);
  });

  it("says two days with 'e', and never joins days that are not next to each other", () => {
    const weekend = open("10:00", "14:00");
    const weekday = open("08:30", "18:00");
    expect(weekdayHoursText(week(weekend, weekday, null, weekday, weekday, weekday, weekend))).toBe(
      "Segunda 8h30 às 18h; Terça Fechado; Quarta a Sexta 8h30 às 18h; Sábado e Domingo 10h às 14h",
    );
  });

  it("reads a week with every day alike, or stored short, without failing", () => {
    const daily = open("09:00", "20:00");
    expect(weekdayHoursText(Array(7).fill(daily))).toBe("Segunda a Domingo 9h às 20h");
    expect(weekdayHoursText([])).toBe("Segunda a Domingo Fechado");
  });

  it("has a short form with the open days only", () => {
    expect(shortHoursText(USUAL_WEEK)).toBe("Seg. a sex. 9h às 20h, sáb. 9h às 18h");
    expect(shortHoursText(week(null, null, null, null, null, null, null))).toBe("Fechado");
    expect(shortHoursText(week(open("09:00", "12:00"), ...Array(6).fill(null)))).toBe(
      "Dom. 9h às 12h",
    );
  });
});

describe("hours for structured data", () => {
  it("lists each opening and closing time once, with its days, leaving closed days out", () => {
    expect(openingHoursSpecification(USUAL_WEEK)).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map(
          (d) => `https://schema.org/${d}`,
        ),
        opens: "09:00",
        closes: "20:00",
      },
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["https://schema.org/Saturday"],
        opens: "09:00",
        closes: "18:00",
      },
    ]);
  });

  it("puts days with the same hours together even when they are apart", () => {
    const short = open("09:00", "13:00");
    const spec = openingHoursSpecification(
      week(short, open("09:00", "20:00"), short, null, null, null, null),
    );
    expect(
      spec.map((s) => [s.opens, s.closes, s.dayOfWeek.map((d) => d.split("/").at(-1))]),
    ).toEqual([
      ["09:00", "20:00", ["Monday"]],
      ["09:00", "13:00", ["Tuesday", "Sunday"]],
    ]);
  });

  it("describes the shop with its open units only, each with its own hours and phone", () => {
    const units = MIGRATED_UNITS.map(structuredDataUnit);
    const ld = petStoreJsonLd(shop, "https://loja.example", "47977776666", units);
    expect(ld.telephone).toBe("+5547977776666");
    expect(ld.department).toHaveLength(1);
    expect(ld.department[0]).toMatchObject({
      name: "Agropet Litoral – Unidade Meia Praia",
      telephone: "+5547999990416",
      address: { streetAddress: "Rua 416", postalCode: "88220-000", addressRegion: "SC" },
      hasMap: MIGRATED_UNITS[0]!.mapsUrl,
    });
    expect(ld.openingHoursSpecification).toEqual(openingHoursSpecification(USUAL_WEEK));
    expect(ld.department[0]!.openingHoursSpecification).toEqual(ld.openingHoursSpecification);
  });

  it("has no hours nor departments when no unit is open yet", () => {
    const units = MIGRATED_UNITS.map((u) => structuredDataUnit({ ...u, emBreve: true }));
    const ld = petStoreJsonLd(shop, "https://loja.example", "47999990416", units);
    expect(ld.department).toEqual([]);
    expect(ld.openingHoursSpecification).toEqual([]);
  });
});

describe("the hours the site shows", () => {
  it("is one table, unnamed, when the open units share their hours ('em breve' ones have none)", () => {
    const [table, ...rest] = storeHours(MIGRATED_UNITS);
    expect(rest).toEqual([]);
    expect(table).toEqual({
      unit: null,
      rows: weekdayHours(USUAL_WEEK),
      short: "Seg. a sex. 9h às 20h, sáb. 9h às 18h",
    });
  });

  it("is one table per open unit, named, when their hours differ", () => {
    const other = { ...MIGRATED_UNITS[1]!, emBreve: false, horarios: Array(7).fill(null) };
    expect(storeHours([MIGRATED_UNITS[0]!, other]).map((t) => [t.unit, t.short])).toEqual([
      ["Unidade Meia Praia", "Seg. a sex. 9h às 20h, sáb. 9h às 18h"],
      ["Nova Unidade", "Fechado"],
    ]);
    expect(storeHours([MIGRATED_UNITS[1]!])).toEqual([]);
  });

  it("words the home's line about the units as before for today's two units", () => {
    expect(unitsIntro(MIGRATED_UNITS)).toBe(
      "Venha nos visitar em Meia Praia. E fique de olho: a nova unidade, com banho e tosa, está chegando!",
    );
    const centro = { ...MIGRATED_UNITS[0]!, bairro: "Centro" };
    expect(unitsIntro([MIGRATED_UNITS[0]!, centro])).toBe(
      "Venha nos visitar em Meia Praia e Centro.",
    );
  });
});

describe("the unit form's schema", () => {
  const errorsOf = (fields: Record<string, string>) => {
    const parsed = unitSchema.safeParse(fields);
    expect(parsed.success).toBe(false);
    // What the form shows: the first message of each field.
    return fieldErrors(parsed.error!);
  };

  it("turns the form into the stored unit: digits, CEP, UF, services list, the week", () => {
    const parsed = unitSchema.parse(unitForm());
    expect(parsed).toEqual({
      slug: "centro",
      nome: "Unidade Centro",
      endereco: "Avenida Nereu Ramos, 1000",
      bairro: "Centro",
      cidade: "Itapema",
      uf: "SC",
      cep: "88220-000",
      telefone: "4733330416",
      whatsapp: "47988880416",
      cnpj: null,
      ie: null,
      horarios: USUAL_WEEK,
      servicos: ["Loja", "Rações e acessórios"],
      mapsUrl: "https://www.google.com/maps/search/?api=1&query=Centro+Itapema",
      emBreve: false,
      retiradaAtiva: true,
      preparoHoras: 3,
      instrucoesRetirada: "Retire no balcão.",
      atendeEntregas: true,
      posicao: 2,
      ativo: true,
    });
  });

  it("leaves optional fields empty as null and unticked boxes as false", () => {
    const parsed = unitSchema.parse(
      unitForm({
        cep: "",
        telefone: "",
        whatsapp: undefined,
        mapsUrl: "",
        servicos: "",
        instrucoesRetirada: "",
        posicao: "",
        ativo: undefined,
        atendeEntregas: undefined,
        retiradaAtiva: undefined,
        abre_3: "9:05",
      }),
    );
    expect(parsed).toMatchObject({
      cep: null,
      telefone: null,
      whatsapp: null,
      mapsUrl: null,
      servicos: [],
      instrucoesRetirada: null,
      posicao: 0,
      ativo: false,
      atendeEntregas: false,
      retiradaAtiva: false,
    });
    expect(parsed.horarios[3]).toEqual({ abre: "09:05", fecha: "20:00" });
  });

  it("refuses a missing name and address, a bad slug, UF, CEP, phone and map link", () => {
    expect(
      errorsOf(
        unitForm({
          nome: " ",
          endereco: "",
          bairro: undefined,
          slug: "Meia Praia",
          uf: "XX",
          cep: "8822",
          telefone: "(47) 9999-041",
          whatsapp: "4799999041612",
          mapsUrl: "javascript:alert(1)",
        }),
      ),
    ).toEqual({
      nome: "Informe o nome da unidade",
      endereco: "Informe o endereço",
      bairro: "Informe o bairro",
      slug: "Use letras minúsculas sem acento, números e hífens (ex.: meia-praia)",
      uf: "UF inválida. Use a sigla, ex.: SC",
      cep: "CEP inválido. Use o formato 88220-000",
      telefone: "Telefone deve ter 10 ou 11 dígitos, com DDD",
      whatsapp: "Telefone deve ter 10 ou 11 dígitos, com DDD",
      mapsUrl: "Link do mapa inválido. Use um endereço https://",
    });
    expect(errorsOf(unitForm({ slug: "-centro" })).slug).toMatch(/minúsculas/);
    expect(errorsOf(unitForm({ slug: "" })).slug).toBe("Informe o identificador");
  });

  it("checks each day: HH:MM, both times or none, closing after opening", () => {
    expect(
      errorsOf(
        unitForm({
          ...weekFields(USUAL_WEEK),
          abre_1: "25:00",
          fecha_2: "",
          abre_3: "",
          abre_4: "20:00",
          fecha_4: "09:00",
          abre_5: "10:00",
          fecha_5: "10:00",
          nome: "",
        }),
      ),
    ).toEqual({
      nome: "Informe o nome da unidade",
      abre_1: "Horário inválido. Use o formato 09:00",
      fecha_2: "Informe o fechamento de Terça",
      abre_3: "Informe a abertura de Quarta (ou deixe o dia vazio)",
      fecha_4: "O fechamento de Quinta deve ser depois da abertura",
      fecha_5: "O fechamento de Sexta deve ser depois da abertura",
    });
    const allClosed = unitSchema.parse(unitForm(weekFields(Array(7).fill(null))));
    expect(allClosed.horarios).toEqual(Array(7).fill(null));
  });

  it("keeps the preparation time within a week, and a unit 'em breve' without pick-up or delivery", () => {
    expect(errorsOf(unitForm({ preparoHoras: "169" })).preparoHoras).toBe(
      "Tempo de preparo deve ser de 0 a 168 horas",
    );
    expect(errorsOf(unitForm({ preparoHoras: "" })).preparoHoras).toBe(
      "Tempo de preparo deve ser de 0 a 168 horas",
    );
    expect(errorsOf(unitForm({ preparoHoras: "-1" })).preparoHoras).toBeDefined();
    expect(unitSchema.parse(unitForm({ preparoHoras: "168" })).preparoHoras).toBe(168);
    expect(unitSchema.parse(unitForm({ preparoHoras: "0" })).preparoHoras).toBe(0);
    expect(errorsOf(unitForm({ emBreve: "on" }))).toEqual({
      retiradaAtiva: "Uma unidade em breve ainda não oferece retirada",
      atendeEntregas: "Uma unidade em breve ainda não faz entregas",
    });
  });
});

describe("the neighbourhood's delivering unit", () => {
  it("is a unit's id, or blank for the first unit that delivers", () => {
    const id = "6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b";
    expect(bairroUnitSchema.parse({ unidadeId: id })).toEqual({ unidadeId: id });
    expect(bairroUnitSchema.parse({ unidadeId: "" })).toEqual({ unidadeId: null });
    expect(bairroSchema.parse({ nome: "Centro", taxaEntrega: "5,00" }).unidadeId).toBeNull();
    expect(bairroUnitSchema.safeParse({ unidadeId: "meia-praia" }).error?.issues[0]?.message).toBe(
      "Escolha uma unidade que faz entregas",
    );
  });
});

// Issue 39, point 13: "Aberta" was shown at 03:26 on a Saturday. The state comes from the
// unit's hours in São Paulo time (UTC−3), whatever the server's or the test's zone.
describe("open now", () => {
  // 2026-11-28 is a Saturday; 06:26 UTC is 03:26 in São Paulo.
  const at = (iso: string) => Date.parse(iso);
  it("says closed at night with when it opens, open with when it closes", () => {
    expect(openStateAt(USUAL_WEEK, at("2026-11-28T06:26:00Z"))).toEqual({
      aberta: false,
      texto: "Fechada — abre às 9h",
    });
    expect(openStateAt(USUAL_WEEK, at("2026-11-28T12:00:00Z"))).toEqual({
      aberta: true,
      texto: "Aberta agora · fecha às 18h",
    });
    // Saturday 18:00 closes; Sunday is closed: Monday 9h.
    expect(openStateAt(USUAL_WEEK, at("2026-11-28T21:00:00Z")).texto).toBe(
      "Fechada — abre segunda às 9h",
    );
    // Friday 20:30: tomorrow.
    expect(openStateAt(USUAL_WEEK, at("2026-11-27T23:30:00Z")).texto).toBe(
      "Fechada — abre amanhã às 9h",
    );
    // Opening and closing minutes: 9:00 is open, 18:00 is closed.
    expect(openStateAt(USUAL_WEEK, at("2026-11-28T12:00:00Z")).aberta).toBe(true);
    expect(openStateAt(USUAL_WEEK, at("2026-11-28T21:00:00Z")).aberta).toBe(false);
    expect(openStateAt(week(null, null, null, null, null, null, null), 0).texto).toBe("Fechada");
  });

  it("lists the week's changes for a cached page, each from the instant it starts", () => {
    const from = at("2026-11-28T06:26:00Z");
    const states = openStates(USUAL_WEEK, from);
    const state = (desde: string, aberta: boolean, texto: string) => ({
      desde: at(desde),
      aberta,
      texto,
    });
    expect(states.slice(0, 5)).toEqual([
      { desde: from, aberta: false, texto: "Fechada — abre às 9h" },
      state("2026-11-28T12:00:00Z", true, "Aberta agora · fecha às 18h"),
      state("2026-11-28T21:00:00Z", false, "Fechada — abre segunda às 9h"),
      // At Sunday's midnight the words change ("amanhã"), and at Monday's again.
      state("2026-11-29T03:00:00Z", false, "Fechada — abre amanhã às 9h"),
      state("2026-11-30T03:00:00Z", false, "Fechada — abre às 9h"),
    ]);
    for (const s of states)
      expect(openStateAt(USUAL_WEEK, s.desde)).toEqual({ aberta: s.aberta, texto: s.texto });
  });
});

describe("the delivery day", () => {
  // USUAL_WEEK: Monday to Friday 9h–20h, Saturday 9h–18h, Sunday closed.
  const at = (iso: string) => Date.parse(iso);
  /** The words of the delivery day of `window` ordered at `iso`, on the usual week. */
  const dayText = (window: JanelaEntrega, iso: string) =>
    deliveryDayAt(USUAL_WEEK, window, at(iso))?.texto;
  it("is today before the window's cut-off, an hour before it starts, in São Paulo time", () => {
    // Tuesday 1 Dec 2026, 10:00 in São Paulo (13:00 UTC).
    expect(deliveryDayAt(USUAL_WEEK, "tarde", at("2026-12-01T13:00:00Z"))).toEqual({
      emDias: 0,
      texto: "hoje, à tarde",
    });
    // 12:00 is the afternoon's cut-off; 12:01 is past it.
    expect(dayText("tarde", "2026-12-01T15:00:00Z")).toBe("hoje, à tarde");
    expect(dayText("tarde", "2026-12-01T15:01:00Z")).toBe("amanhã, à tarde");
    // 10:00 is past the morning's cut-off (8h): tomorrow morning. 07:00 is before it.
    expect(dayText("manha", "2026-12-01T13:00:00Z")).toBe("amanhã, de manhã");
    expect(dayText("manha", "2026-12-01T10:00:00Z")).toBe("hoje, de manhã");
    // 23:30 UTC on Tuesday is still Tuesday 20:30 in São Paulo, whatever the server's zone.
    expect(dayText("manha", "2026-12-01T23:30:00Z")).toBe("amanhã, de manhã");
  });

  it("skips closed days and days the unit is closed in that window", () => {
    // Saturday 28 Nov 2026, 03:26 in São Paulo: the morning is today.
    expect(dayText("manha", "2026-11-28T06:26:00Z")).toBe("hoje, de manhã");
    // Saturday closes at 18h: no evening delivery; Sunday is closed: Monday evening.
    expect(deliveryDayAt(USUAL_WEEK, "noite", at("2026-11-28T06:26:00Z"))).toEqual({
      emDias: 2,
      texto: "segunda, à noite",
    });
    // Saturday afternoon after the cut-off: Monday morning.
    expect(dayText("manha", "2026-11-28T17:00:00Z")).toBe("segunda, de manhã");
    // Friday 21:00: Saturday is tomorrow.
    expect(dayText("tarde", "2026-11-28T00:00:00Z")).toBe("amanhã, à tarde");
    expect(deliveryDayAt(week(null, null, null, null, null, null, null), "tarde", 0)).toBeNull();
  });

  it("says the day in the checkout's choices when every delivering unit agrees", () => {
    // Tuesday 1 Dec 2026, 10:00 in São Paulo.
    const tuesday = at("2026-12-01T13:00:00Z");
    expect(deliveryWindowChoices([USUAL_WEEK], tuesday)).toEqual({
      manha: "Amanhã, de manhã (9h às 12h)",
      tarde: "Hoje, à tarde (13h às 17h)",
      noite: "Hoje, à noite (18h às 20h)",
    });
    // A second unit closed on Tuesdays: the day depends on the neighbourhood, not said.
    const closedTuesday = [...USUAL_WEEK];
    closedTuesday[2] = null;
    expect(deliveryWindowChoices([USUAL_WEEK, closedTuesday], tuesday)).toEqual({
      manha: "Amanhã, de manhã (9h às 12h)",
    });
    expect(deliveryWindowChoices([], tuesday)).toEqual({});
  });
});
