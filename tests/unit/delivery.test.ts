import { describe, expect, it } from "vitest";
import {
  deliveryFee,
  findServedArea,
  isFreeDelivery,
  missingForFreeDelivery,
} from "~/modules/delivery/fees";
import { computeTotals } from "~/modules/orders/totals";

const rules = {
  bairros: [
    { nome: "Meia Praia", taxaEntrega: 500 },
    { nome: "Várzea", taxaEntrega: 1000 },
  ],
  taxaEntregaPadrao: 800,
  freteGratisMinimo: 4000,
};

describe("delivery fee", () => {
  it("finds a served neighbourhood ignoring case and accents, and refuses others", () => {
    expect(findServedArea(rules, "varzea")).toEqual({ nome: "Várzea", taxaEntrega: 1000 });
    expect(findServedArea(rules, " MEIA  praia ")).toEqual({
      nome: "Meia Praia",
      taxaEntrega: 500,
    });
    expect(findServedArea(rules, "Bombinhas")).toBeNull();
    expect(findServedArea(rules, "")).toBeNull();
  });

  it("uses the default fee when the shop keeps no neighbourhood list", () => {
    const area = findServedArea({ ...rules, bairros: [] }, "Centro");
    expect(area).toEqual({ nome: "Centro", taxaEntrega: 800 });
    expect(deliveryFee(area, 1000, rules)).toBe(800);
    expect(deliveryFee(null, 1000, rules)).toBe(800);
  });

  it("charges the neighbourhood's fee below the threshold and nothing from it on", () => {
    const area = findServedArea(rules, "Várzea");
    expect(deliveryFee(area, 3999, rules)).toBe(1000);
    expect(deliveryFee(area, 4000, rules)).toBe(0);
    expect(isFreeDelivery(4000, 4000)).toBe(true);
    expect(isFreeDelivery(3999, 4000)).toBe(false);
    expect(missingForFreeDelivery(3500, 4000)).toBe(500);
    expect(missingForFreeDelivery(4500, 4000)).toBe(0);
  });

  it("decides free delivery on the subtotal BEFORE the discount: a coupon never raises the total", () => {
    const area = findServedArea(rules, "Meia Praia");
    const lines = [{ preco: 2200, quantidade: 2 }]; // 44,00
    const tenPercent = { ok: true as const, codigo: "X", desconto: 440 };
    expect(computeTotals(lines, null, area, rules)).toEqual({
      subtotal: 4400,
      desconto: 0,
      descontoPix: 0,
      taxaEntrega: 0,
      total: 4400,
      freteGratis: true,
    });
    // 44,00 - 4,40 = 39,60: the subtotal reached R$ 40,00, delivery stays free.
    expect(computeTotals(lines, tenPercent, area, rules)).toEqual({
      subtotal: 4400,
      desconto: 440,
      descontoPix: 0,
      taxaEntrega: 0,
      total: 3960,
      freteGratis: true,
    });
    // The case: Tabuleiro, R$ 42,60 with FRETE5 costs R$ 37,60, never R$ 47,60.
    const tabuleiro = { nome: "Tabuleiro", taxaEntrega: 1000 };
    const frete5 = { ok: true as const, codigo: "FRETE5", desconto: 500 };
    const total = computeTotals([{ preco: 4260, quantidade: 1 }], frete5, tabuleiro, rules).total;
    expect(total).toBe(3760);
    expect(total).toBeLessThanOrEqual(
      computeTotals([{ preco: 4260, quantidade: 1 }], null, tabuleiro, rules).total,
    );
  });
});
