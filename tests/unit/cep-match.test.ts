// CEP at the checkout (decision 0041): a CEP typed any way, and the neighbourhood a CEP
// service names matched to the served ones (accents, case, hyphens and spaces aside).
import { describe, expect, it } from "vitest";
import { matchServedNeighbourhood, normalizeCep, sameCity } from "~/modules/delivery/cep";

const served = [
  { nome: "Centro" },
  { nome: "Meia Praia" },
  { nome: "Tabuleiro" },
  { nome: "São Paulo" },
];

describe("normalizeCep", () => {
  it.each([
    ["88220-000", "88220000"],
    ["88.220-000", "88220000"],
    [" 88220 000 ", "88220000"],
    ["88220000", "88220000"],
  ])("%s is %s", (text, digits) => expect(normalizeCep(text)).toBe(digits));

  it.each(["8822000", "882200001", "00000-000", "8822a000", "", "88220-000; drop", "1".repeat(30)])(
    "%s is no CEP",
    (text) => expect(normalizeCep(text)).toBeNull(),
  );
});

describe("matchServedNeighbourhood", () => {
  it("ignores accents, case, hyphens and repeated spaces, and answers the shop's own name", () => {
    expect(matchServedNeighbourhood("CENTRO", served)).toBe("Centro");
    expect(matchServedNeighbourhood("meia-praia", served)).toBe("Meia Praia");
    expect(matchServedNeighbourhood("  Meia   Praia ", served)).toBe("Meia Praia");
    expect(matchServedNeighbourhood("sao paulo", served)).toBe("São Paulo");
    expect(matchServedNeighbourhood("Tabuléiro", served)).toBe("Tabuleiro");
  });

  it("answers null for a neighbourhood not served, or none found", () => {
    expect(matchServedNeighbourhood("Morretes", served)).toBeNull();
    expect(matchServedNeighbourhood("Centro Histórico", served)).toBeNull();
    expect(matchServedNeighbourhood("", served)).toBeNull();
    expect(matchServedNeighbourhood(null, served)).toBeNull();
  });

  it("keeps the name found when the shop delivers anywhere (no list)", () => {
    expect(matchServedNeighbourhood(" Morretes ", [])).toBe("Morretes");
  });

  it("compares cities the same way", () => {
    expect(sameCity("ITAPEMA", "Itapema")).toBe(true);
    expect(sameCity("Balneário Camboriú", "balneario camboriu")).toBe(true);
    expect(sameCity("Porto Belo", "Itapema")).toBe(false);
  });
});
