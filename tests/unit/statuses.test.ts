// The shop's vocabulary: every value has a pt-BR label (and every status a tone), the
// values are the ones the committed migrations' check constraints accept, and a status
// reads the same on every screen.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  describeStatus,
  FORMA_PAGAMENTO_LABEL,
  FORMAS_PAGAMENTO,
  JANELA_ENTREGA_LABEL,
  JANELAS_ENTREGA,
  STATUS_COBRANCA,
  STATUS_CURRICULO,
  STATUS_PAGAMENTO,
  STATUS_PEDIDO,
  STATUS_SERVICO,
  STATUSES,
  TIPO_CUPOM_LABEL,
  TIPO_SERVICO_LABEL,
  TIPOS_CUPOM,
  TIPOS_SERVICO,
  tipoServicoLabel,
  VAGA_LABEL,
  VAGAS,
  vagaLabel,
} from "~/domain/statuses";

const migrations = fs
  .readdirSync(path.resolve("drizzle"))
  .filter((f) => f.endsWith(".sql"))
  .map((f) => fs.readFileSync(path.resolve("drizzle", f), "utf8"))
  .join("\n");

/** The values a check constraint of the migrations allows (the last definition wins). */
function checked(constraint: string): string[] {
  const all = [
    ...migrations.matchAll(new RegExp(`"${constraint}" CHECK \\([a-z_]+ in \\(([^)]*)\\)`, "g")),
  ];
  const last = all.at(-1);
  if (!last) throw new Error(`no check ${constraint} in the migrations`);
  return [...last[1]!.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
}

describe("the vocabulary matches the database", () => {
  it.each([
    ["pedidos_status_check", STATUS_PEDIDO],
    ["pedidos_pagamento_check", STATUS_PAGAMENTO],
    ["pedidos_forma_check", FORMAS_PAGAMENTO],
    ["pedidos_janela_check", JANELAS_ENTREGA],
    ["pedidos_servicos_status_check", STATUS_SERVICO],
    ["curriculos_status_check", STATUS_CURRICULO],
    ["curriculos_vaga_check", VAGAS],
    ["cupons_tipo_check", TIPOS_CUPOM],
    ["cobrancas_status_check", STATUS_COBRANCA],
  ] as const)("%s", (constraint, values) => {
    expect(checked(constraint)).toEqual([...values]);
  });
});

describe("labels and tones", () => {
  it("every status of every kind has a label and a tone", () => {
    for (const [kind, { label, tone }] of Object.entries(STATUSES)) {
      expect(Object.keys(tone).sort(), kind).toEqual(Object.keys(label).sort());
      for (const value of Object.keys(label)) {
        expect(label[value as keyof typeof label], `${kind}.${value}`).toMatch(/\S/);
      }
    }
  });

  it("every payment method, window, service, opening and coupon type has a label", () => {
    expect(Object.keys(FORMA_PAGAMENTO_LABEL)).toEqual([...FORMAS_PAGAMENTO]);
    expect(Object.keys(JANELA_ENTREGA_LABEL)).toEqual([...JANELAS_ENTREGA]);
    expect(Object.keys(TIPO_SERVICO_LABEL)).toEqual([...TIPOS_SERVICO]);
    expect(Object.keys(VAGA_LABEL)).toEqual([...VAGAS]);
    expect(Object.keys(TIPO_CUPOM_LABEL)).toEqual([...TIPOS_CUPOM]);
  });

  it("one colour per order status, the customer's (novo blue, preparo yellow)", () => {
    expect(describeStatus("pedido", "novo")).toEqual({ label: "Novo", tone: "info" });
    expect(describeStatus("pedido", "preparo")).toEqual({ label: "Em Preparo", tone: "warning" });
    expect(describeStatus("pagamento", "aguardando")).toEqual({
      label: "Aguardando",
      tone: "warning",
    });
  });

  it("grooming statuses keep the colours SPEC §4 names", () => {
    expect(STATUS_SERVICO.map((s) => describeStatus("servico", s).tone)).toEqual([
      "warning",
      "info",
      "success",
      "progress",
      "danger",
    ]);
  });

  it("an unknown stored service or opening shows as stored", () => {
    expect(tipoServicoLabel("banho_tosa")).toBe("Banho + Tosa Higiênica");
    expect(tipoServicoLabel("antigo")).toBe("antigo");
    expect(vagaLabel("banho-tosa")).toBe("Banhista / Tosador(a)");
    expect(vagaLabel("gerente")).toBe("gerente");
  });
});
