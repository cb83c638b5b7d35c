// The pure rules of "compra programada" (issue 45, decision 0086): the interval suggested from
// the bag's weight and the pet's daily grams, the discount on a price, the 10% rise limit.
import { describe, expect, it } from "vitest";
import * as assinatura from "~/domain/assinatura";

describe("intervaloSugerido", () => {
  it("is how many days the bags last, rounded down, within 15 to 90", () => {
    expect(assinatura.intervaloSugerido(15_000, 1, 375)).toBe(40);
    expect(assinatura.intervaloSugerido(15_000, 1, 400)).toBe(37);
    expect(assinatura.intervaloSugerido(1_000, 1, 300)).toBe(15);
    expect(assinatura.intervaloSugerido(15_000, 3, 100)).toBe(90);
    expect(assinatura.intervaloSugerido(10_100, 2, 500)).toBe(40);
  });
  it("is unknown without the bag's weight or the daily grams", () => {
    expect(assinatura.intervaloSugerido(null, 1, 300)).toBeNull();
    expect(assinatura.intervaloSugerido(15_000, 1, null)).toBeNull();
    expect(assinatura.intervaloSugerido(15_000, 1, 0)).toBeNull();
  });
});

describe("prices and dates", () => {
  it("takes the percent off a price, to the centavo", () => {
    expect(assinatura.precoComDesconto(18_990, 10)).toBe(17_091);
    expect(assinatura.precoComDesconto(999, 5)).toBe(949);
  });
  it("waits only above a 10% rise", () => {
    expect(assinatura.altaAcimaDoLimite(20_000, 22_000)).toBe(false);
    expect(assinatura.altaAcimaDoLimite(20_000, 22_001)).toBe(true);
  });
  it("adds days across months and years", () => {
    expect(assinatura.somarDias("2026-12-10", 30)).toBe("2027-01-09");
    expect(assinatura.somarDias("2027-02-20", 10)).toBe("2027-03-02");
  });
  it("says in the terms that the discount is on the items, never the delivery fee", () => {
    expect(assinatura.termosAssinatura(10).join(" ")).toMatch(
      /10% de desconto.*não vale para a taxa de entrega/,
    );
    expect(assinatura.termosAssinatura(0).join(" ")).toMatch(/preço do dia/);
  });
});
