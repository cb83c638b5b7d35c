// Every name typed in the shop (a customer's, a tutor's, a pet's, a candidate's, a unit's,
// a neighbourhood's, the company's) goes through one rule (issue 39): letters, no control or
// text-direction characters, none of a program's values or syntax.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { resumeSchema } from "~/modules/careers/resume.schema";
import { bairroSchema } from "~/modules/delivery/bairro.schema";
import { parseBooking, readBookingFields } from "~/modules/grooming/booking.schema";
import { groomingQuoteSchema } from "~/modules/grooming/quote.schema";
import { walkInSchema } from "~/modules/grooming/staff.schema";
import { contactSchema } from "~/modules/shop/contact.schema";
import { generalSettingsSchema } from "~/modules/shop/general-settings.schema";
import { nameText } from "~/schemas/text";
import { GROOMING_QUOTE_MINIMAL } from "../support/form-values";

const BAD_NAMES = [
  "\u202EairaM",
  "Ana\u202A Souza",
  "Ana\u202B",
  "Ana\u202C",
  "Ana\u202D",
  "\u2066Ana\u2069",
  "Ana\u2067",
  "Ana\u2068",
  "Ana\u200E",
  "Ana\u200BSouza",
  "true",
  "FALSE",
  "null",
  '{"a":1}',
  "Set-Cookie: x=1",
  "<script>",
  "Ana; drop",
  "-1",
  "...",
];

/** The error of `field` when `schema` reads `values`, or undefined when it is accepted. */
function errorOf(schema: z.ZodType, values: Record<string, unknown>, field: string) {
  const result = schema.safeParse(values);
  if (result.success) return undefined;
  return result.error.issues.find((i) => i.path[0] === field)?.message;
}

describe("names", () => {
  it("the shared rule: letters, digits and the punctuation of real names only", () => {
    const name = nameText("Informe o nome", 1, 80);
    for (const bad of BAD_NAMES)
      expect(name.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    for (const good of [
      "Maria D'Ávila-Souza Jr.",
      "João da Silva",
      "Unidade 2 (Centro)",
      "Agropet & Cia Ltda.",
      "Rua 300/Meia Praia",
      "Zoë Müller",
      "Nº 1",
    ]) {
      expect(name.parse(good), good).toBe(good);
    }
    expect(name.parse("  Ana   Souza ")).toBe("Ana Souza");
  });

  it("every form's name fields use it", () => {
    const quote = GROOMING_QUOTE_MINIMAL;
    const contact = { nome: "Ana", telefone: "(47) 98888-1234", mensagem: "Olá, tudo bem?" };
    const resume = {
      nomeCompleto: "Ana Souza",
      email: "ana@example.com",
      telefone: "(47) 98888-1234",
    };
    const walkIn = {
      unidadeId: "00000000-0000-4000-8000-000000000001",
      data: "2026-12-01",
      horario: "09:00",
      nomeTutor: "Ana Souza",
      whatsapp: "(47) 98888-1234",
      nome: "Thor",
    };
    const cases: [z.ZodType, Record<string, unknown>, string][] = [
      [groomingQuoteSchema, quote, "nome_tutor"],
      [groomingQuoteSchema, quote, "nome_pet"],
      [contactSchema, contact, "nome"],
      [resumeSchema, resume, "nomeCompleto"],
      [walkInSchema, walkIn, "nomeTutor"],
      [walkInSchema, walkIn, "nome"],
      [bairroSchema, { nome: "Centro", taxaEntrega: "5,00" }, "nome"],
      [generalSettingsSchema, {}, "razao_social"],
      [generalSettingsSchema, {}, "encarregado_nome"],
    ];
    for (const [schema, values, field] of cases) {
      for (const bad of BAD_NAMES) {
        expect(errorOf(schema, { ...values, [field]: bad }, field), `${field} ${bad}`).toBeTruthy();
      }
      expect(errorOf(schema, { ...values, [field]: "Ana D'Ávila" }, field), field).toBeUndefined();
    }
  });

  it("the online booking's tutor and pets too", () => {
    const form = (tutor: string, pet: string) =>
      new URLSearchParams({
        unidadeId: "00000000-0000-4000-8000-000000000001",
        data: "2026-12-01",
        horario: "09:00",
        nomeTutor: tutor,
        whatsapp: "(47) 98888-1234",
        pet0_nome: pet,
      });
    const errors = (tutor: string, pet: string) => {
      const parsed = parseBooking(readBookingFields(form(tutor, pet)));
      return "errors" in parsed ? (parsed.errors as Record<string, string>) : {};
    };
    expect(errors("\u202EairaM", "Thor").nomeTutor).toBeTruthy();
    expect(errors("Ana", '{"a":1}').pet0_nome).toBeTruthy();
    expect(errors("Ana Souza", "Thor").nomeTutor).toBeUndefined();
    expect(errors("Ana Souza", "Thor").pet0_nome).toBeUndefined();
  });
});
