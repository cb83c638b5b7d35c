import { describe, expect, it } from "vitest";
import {
  DEFAULT_LEGAL_TEXTS,
  fillLegalText,
  LEGAL_PLACEHOLDERS,
  type LegalFacts,
} from "~/modules/privacy/legal-texts";
import { legalTextsSchema, subjectSchema } from "~/modules/privacy/legal-texts.schema";
import { companyFacts, type PublicUnit } from "~/modules/shop";

const FACTS: LegalFacts = {
  nomeLoja: "Agropet Litoral",
  razaoSocial: "Agropet Litoral Ltda.",
  cnpj: "27.865.431/0001-77",
  endereco: "Rua 416, Meia Praia, Itapema/SC",
  email: "contato@example.com",
  telefone: "(47) 99999-0416",
  encarregado: "Mariana Souza",
  encarregadoEmail: "dpo@example.com",
  retencaoMeses: 12,
  retencaoEnviosDias: 90,
};

describe("legal texts", () => {
  it("fill every placeholder they use; an unknown one stays as typed", () => {
    for (const text of Object.values(DEFAULT_LEGAL_TEXTS)) {
      expect(fillLegalText(text, FACTS)).not.toMatch(/\{\w+\}/);
    }
    expect(fillLegalText("{cnpj} {outro}", FACTS)).toBe("27.865.431/0001-77 {outro}");
    expect(fillLegalText("{retencaoMeses}", { ...FACTS, retencaoMeses: 1 })).toBe("1 mês");
    expect(LEGAL_PLACEHOLDERS).toContain("{encarregadoEmail}");
  });

  /** Each text as the shop shows it, filled with the shop's facts. */
  const filledText = (name: keyof typeof DEFAULT_LEGAL_TEXTS) =>
    fillLegalText(DEFAULT_LEGAL_TEXTS[name], FACTS);

  it.each([
    {
      what: "the privacy page names what the LGPD asks",
      name: "privacidade",
      parts: [
        "Agropet Litoral Ltda.",
        "Mariana Souza",
        "Base legal",
        "12 meses",
        "cookies necessários",
        "art. 18",
        "cópia",
        "exclusão",
      ],
    },
    {
      what: "the exchanges page cites the right of withdrawal",
      name: "trocas",
      parts: ["art. 49"],
    },
    {
      what: "privacy describes customer accounts and pets: what, why, how long, how to download or delete (decision 0075)",
      name: "privacidade",
      parts: [
        "Conta de cliente",
        "Pets da conta",
        "vacinas",
        "pesos",
        "enquanto a conta existir",
        "Minha conta → Dados e privacidade",
        "Baixar meus dados",
        "Excluir minha conta",
        "link do rodapé de cada e-mail",
        "conta de cliente",
      ],
    },
    {
      what: "the terms describe customer accounts (decision 0075)",
      name: "termos",
      parts: ["## Conta de cliente", "Dados e privacidade"],
    },
  ] as const)("$what", ({ name, parts }) => {
    const text = filledText(name);
    for (const part of parts) expect(text).toContain(part);
  });

  /** The admin form filled in: three texts, 12 months, 90 days. */
  const texts = { texto_privacidade: "a", texto_trocas: "b", texto_termos: "c" };
  const filled = { ...texts, retencao_meses: "12", retencao_envios_dias: "90" };

  it("the admin form: months 1 to 120, texts required", () => {
    expect(legalTextsSchema.parse({ ...filled, retencao_meses: " 24 " }).retencao_meses).toBe(24);
    expect(legalTextsSchema.safeParse({ ...filled, retencao_meses: "121" }).success).toBe(false);
    expect(legalTextsSchema.safeParse({ ...filled, retencao_meses: "1,5" }).success).toBe(false);
    expect(legalTextsSchema.safeParse({ ...filled, texto_termos: "  " }).success).toBe(false);
  });

  it("the sent e-mails' and webhooks' period: whole days, 7 to 3650", () => {
    const days = (value: string) =>
      legalTextsSchema.safeParse({ ...filled, retencao_envios_dias: value });
    expect(days(" 90 ").data?.retencao_envios_dias).toBe(90);
    expect(days("7").data?.retencao_envios_dias).toBe(7);
    expect(days("3650").data?.retencao_envios_dias).toBe(3650);
    expect(days("6").error?.issues[0]?.message).toBe("O prazo mínimo é de 7 dias");
    expect(days("3651").error?.issues[0]?.message).toBe("O prazo máximo é de 3650 dias");
    expect(days("9,5").success).toBe(false);
    expect(days("").success).toBe(false);
  });

  it("a person is an e-mail or a phone with its area code", () => {
    expect(subjectSchema.safeParse({ titular: "a@b.com" }).success).toBe(true);
    expect(subjectSchema.safeParse({ titular: "+55 (47) 98888-7777" }).success).toBe(true);
    expect(subjectSchema.safeParse({ titular: "98888-7777" }).success).toBe(false);
    expect(subjectSchema.safeParse({ titular: "a@" }).success).toBe(false);
  });
});

const unit = (values: Partial<PublicUnit>): PublicUnit => ({
  id: "u1",
  slug: "meia-praia",
  nome: "Unidade Meia Praia",
  endereco: "Rua 416",
  bairro: "Meia Praia",
  cidade: "Itapema",
  uf: "SC",
  cep: "88220000",
  telefone: null,
  whatsapp: null,
  horarios: [],
  servicos: [],
  mapsUrl: null,
  emBreve: false,
  ...values,
});

describe("who sells (footer)", () => {
  it("the settings, the first open unit's address, the chat phone", () => {
    const facts = companyFacts(
      { razaoSocial: " Pet Ltda. ", cnpj: "27.865.431/0001-77", emailContato: "" },
      [unit({ endereco: "Rua 406", emBreve: true }), unit({})],
      "5547999990416",
    );
    expect(facts).toEqual({
      razaoSocial: "Pet Ltda.",
      cnpj: "27.865.431/0001-77",
      endereco: "Rua 416, Meia Praia, Itapema/SC, CEP 88220-000",
      telefone: "(47) 99999-0416",
      telefoneDigitos: "47999990416",
      email: "contato@agropetlitoral.com.br",
    });
  });

  it("without settings or units: the site's own name, no CNPJ, no address", () => {
    const facts = companyFacts(null, [], "47999990416");
    expect(facts.razaoSocial).toBe("Agropet Litoral Comércio de Produtos Agropecuários Ltda.");
    expect(facts.cnpj).toBeNull();
    expect(facts.endereco).toBeNull();
  });
});
