import { describe, expect, it } from "vitest";
import { formatPhoneDisplay } from "~/domain/phone";
import { fieldErrors } from "~/lib/forms";
import { RESUME_MESSAGES, resumeSchema } from "~/modules/careers/resume.schema";
import { groomingQuoteSchema, QUOTE_FIELD_CHECKS } from "~/modules/grooming/quote.schema";
import { contactSchema } from "~/modules/shop/contact.schema";
import { contactChatMessage } from "~/modules/shop/contact-message";
import { GROOMING_QUOTE_MINIMAL } from "../support/form-values";

const quote = GROOMING_QUOTE_MINIMAL;

describe("grooming quote schema", () => {
  it("accepts the required fields and normalises the optional ones", () => {
    const parsed = groomingQuoteSchema.parse({ ...quote, data_desejada: "", horario_desejado: "" });
    expect(parsed).toMatchObject({
      ...quote,
      data_desejada: null,
      horario_desejado: null,
      leva_traz: false,
    });
  });

  it("requires name, whatsapp, pet name and breed/size", () => {
    const result = groomingQuoteSchema.safeParse({ tipo_servico: "plano_banho" });
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    expect(Object.keys(errors).sort()).toEqual([
      "nome_pet",
      "nome_tutor",
      "raca_porte",
      "whatsapp",
    ]);
  });

  it("refuses an unknown service and a bad date", () => {
    expect(groomingQuoteSchema.safeParse({ ...quote, tipo_servico: "tosa_completa" }).success).toBe(
      false,
    );
    expect(groomingQuoteSchema.safeParse({ ...quote, data_desejada: "amanhã" }).success).toBe(
      false,
    );
  });

  it("keeps the address only with pick-up and drop-off", () => {
    const address = { endereco: "Rua 300, 12", bairro: "Meia Praia", referencia: "Perto da praça" };
    expect(groomingQuoteSchema.parse({ ...quote, ...address })).toMatchObject({
      leva_traz: false,
      endereco: null,
      bairro: null,
    });
    expect(groomingQuoteSchema.parse({ ...quote, ...address, leva_traz: "on" })).toMatchObject({
      leva_traz: true,
      ...address,
    });
  });

  it("requires endereço and bairro when pick-up and drop-off is ticked", () => {
    const missing = groomingQuoteSchema.safeParse({ ...quote, leva_traz: "on" });
    expect(missing.success).toBe(false);
    expect(fieldErrors(missing.error!)).toEqual({
      endereco: "Informe o endereço para buscarmos o pet",
      bairro: "Informe o bairro",
    });
    const blank = groomingQuoteSchema.safeParse({
      ...quote,
      leva_traz: "on",
      endereco: "  ",
      bairro: "Meia Praia",
    });
    expect(blank.success || fieldErrors(blank.error).endereco).toBe(
      "Informe o endereço para buscarmos o pet",
    );
  });
});

describe("the quote dialog's checks in the browser", () => {
  // The dialog has no zod: each check is 'at least `min` characters of the trimmed value (or
  // of its digits)', and a letter in a name. Each must refuse exactly what the schema refuses, with its message.
  const samples = ["", " ", "A", " A ", "Ab", "47 9888", "(47) 9888-123", "(47) 98888-1234"];
  for (const check of QUOTE_FIELD_CHECKS) {
    it(`${check.name}: the same verdict and message as the schema`, () => {
      for (const sample of samples) {
        const value = sample.trim();
        const fails =
          (check.digits ? value.replace(/\D/g, "") : value).length < check.min ||
          (check.letters === true && !/\p{L}/u.test(value));
        const base = {
          ...quote,
          ...(check.when ? { [check.when]: "on", bairro: "Centro", endereco: "Rua 1" } : {}),
        };
        const parsed = groomingQuoteSchema.safeParse({ ...base, [check.name]: sample });
        const message = parsed.success ? undefined : fieldErrors(parsed.error)[check.name];
        expect(message, `${check.name} = ${JSON.stringify(sample)}`).toBe(
          fails ? check.message : undefined,
        );
      }
    });
  }
  it("skips the address checks unless pick-up and drop-off is ticked", () => {
    expect(groomingQuoteSchema.safeParse({ ...quote, endereco: "", bairro: "" }).success).toBe(
      true,
    );
  });
});

describe("resume schema (SPEC §5.4)", () => {
  const pdf = new File(["%PDF-1.4"], "cv.pdf", { type: "application/pdf" });
  const valid = {
    nomeCompleto: "João da Silva",
    email: "joao@example.com",
    telefone: "(47) 99999-1111",
    vaga: "caixa",
    curriculo: pdf,
  };

  it("accepts a valid application, mensagem defaulting to ''", () => {
    expect(resumeSchema.parse(valid)).toMatchObject({ ...valid, mensagem: "" });
  });

  it("gives the spec's message under each field", () => {
    const result = resumeSchema.safeParse({
      nomeCompleto: "J",
      email: "joao@",
      telefone: "4799",
      vaga: "",
      curriculo: new File(["x"], "cv.docx", { type: "application/msword" }),
    });
    expect(fieldErrors(result.error!)).toEqual({
      nomeCompleto: "Nome deve ter pelo menos 2 caracteres",
      email: "E-mail inválido",
      telefone: "Telefone deve ter pelo menos 10 dígitos",
      vaga: "Selecione uma vaga de interesse",
      curriculo: "Apenas arquivos PDF são aceitos",
    });
  });

  it("requires the file", () => {
    const { curriculo: _, ...rest } = valid;
    expect(fieldErrors(resumeSchema.safeParse(rest).error!).curriculo).toBe(RESUME_MESSAGES.notPdf);
  });
});

describe("contact form (SPEC §5.2)", () => {
  it("requires name, phone and message; e-mail only when given must be valid", () => {
    expect(
      contactSchema.safeParse({ nome: "Ana", telefone: "(47) 99999-1234", mensagem: "Oi" }).success,
    ).toBe(true);
    // A 2- or 6-digit phone is refused, as in the other forms (issue 13, point 5).
    for (const telefone of ["47", "47 9999"]) {
      const short = contactSchema.safeParse({ nome: "Ana", telefone, mensagem: "Oi" });
      expect(short.success).toBe(false);
      expect(fieldErrors(short.error!).telefone).toBe("Telefone deve ter pelo menos 10 dígitos");
    }
    const bad = contactSchema.safeParse({ nome: "", telefone: "", mensagem: "", email: "ana@" });
    expect(Object.keys(fieldErrors(bad.error!)).sort()).toEqual([
      "email",
      "mensagem",
      "nome",
      "telefone",
    ]);
  });

  it("composes the chat text with name, pet, phone, e-mail and message", () => {
    const text = contactChatMessage({
      nome: "Ana",
      telefone: "(47) 98888-0000",
      email: "ana@example.com",
      pet: "Mel",
      mensagem: "Vocês têm ração sem grãos?",
    });
    expect(text).toBe(
      "Olá! Meu nome é Ana.\nPet: Mel\nTelefone: (47) 98888-0000\nE-mail: ana@example.com\n\nVocês têm ração sem grãos?",
    );
    expect(contactChatMessage({ nome: "Ana", telefone: "1", mensagem: "Oi" })).not.toContain(
      "Pet:",
    );
  });

  it("formats the phone for display", () => {
    expect(formatPhoneDisplay("47999990416")).toBe("(47) 99999-0416");
    expect(formatPhoneDisplay("5547999990416")).toBe("(47) 99999-0416");
    expect(formatPhoneDisplay("4733334444")).toBe("(47) 3333-4444");
  });
});
