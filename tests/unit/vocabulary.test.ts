// One way to write a vocabulary (app/domain/vocabulary.ts): every status list, the shop's and
// the modules', is written once as value → label (and tone), and read through the same shape.
import { describe, expect, it } from "vitest";
import { STATUS_PEDIDO, STATUSES, VAGAS, vagaLabel } from "~/domain/statuses";
import { defineVocabulary } from "~/domain/vocabulary";
import { PORTES, STATUS_AGENDAMENTO_LABEL } from "~/modules/grooming";
import { EMAIL_STATUS } from "~/modules/mail";

describe("defineVocabulary", () => {
  it("keeps the values in the order written, with their labels and tones", () => {
    const v = defineVocabulary({
      b: { label: "Bê", tone: "info" },
      a: { label: "A", tone: "danger" },
    });
    expect(v.values).toEqual(["b", "a"]);
    expect(v.label).toEqual({ b: "Bê", a: "A" });
    expect(v.tone).toEqual({ b: "info", a: "danger" });
    expect(v.labelOf("a")).toBe("A");
    expect(v.labelOf("antigo")).toBe("antigo");
  });

  it("has no tones for a label-only vocabulary", () => {
    expect(defineVocabulary({ x: "Xis" }).tone).toBeUndefined();
  });

  it("gives each further field of the entries as a table by value, without inventing tones", () => {
    const v = defineVocabulary({
      a: { label: "A", padrao: true },
      b: { label: "B", padrao: false },
    });
    expect(v.column("padrao")).toEqual({ a: true, b: false });
    expect(v.label).toEqual({ a: "A", b: "B" });
    expect(v.tone).toBeUndefined();
  });
});

describe("the shop's and the modules' vocabularies", () => {
  it("give every status of every kind a label and a tone", () => {
    for (const vocabulary of [...Object.values(STATUSES), EMAIL_STATUS]) {
      for (const value of vocabulary.values) {
        expect(vocabulary.label[value as never]).toBeTruthy();
        expect(vocabulary.tone[value as never]).toMatch(
          /^(info|warning|success|danger|progress|neutral)$/,
        );
      }
    }
  });

  it("keep the stored values the database was built with", () => {
    expect(STATUS_PEDIDO[0]).toBe("novo");
    expect(PORTES).toEqual(["P", "M", "G", "GG"]);
    expect(Object.values(STATUS_AGENDAMENTO_LABEL)).toContain("Não compareceu");
    expect(VAGAS.map(vagaLabel)).toContain("Auxiliar Geral");
    expect(vagaLabel("vaga-extinta")).toBe("vaga-extinta");
  });
});
