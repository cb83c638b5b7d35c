import { describe, expect, it } from "vitest";
import { computeTotals, paymentDiscount, paymentDiscountPercent } from "~/modules/orders/totals";
import { storeSettingsSchema } from "~/modules/shop/store-settings.schema";

const rules = { taxaEntregaPadrao: 1000, freteGratisMinimo: 4000 };
const area = { nome: "Tabuleiro", taxaEntrega: 1000 };

describe("Pix discount as a function of the payment method", () => {
  it("applies to Pix, manual and automatic, and to no other method", () => {
    expect(paymentDiscountPercent("pix", 5)).toBe(5);
    expect(paymentDiscountPercent("pix_mercadopago", 5)).toBe(5);
    for (const forma of ["dinheiro", "cartao", "", null, undefined]) {
      expect(paymentDiscountPercent(forma, 5)).toBe(0);
    }
    expect(paymentDiscountPercent("pix", 0)).toBe(0);
  });

  it("rounds to the centavo and is never negative", () => {
    expect(paymentDiscount(4260, 5)).toBe(213);
    expect(paymentDiscount(0, 5)).toBe(0);
    expect(paymentDiscount(1000, 0)).toBe(0);
  });

  it("comes off the products after the coupon, never off the delivery fee", () => {
    const lines = [{ preco: 3000, quantidade: 1 }];
    const coupon = { ok: true as const, codigo: "FRETE5", desconto: 500 };
    const pix = computeTotals(lines, coupon, area, rules, {
      formaPagamento: "pix",
      pixDescontoPercentual: 10,
    });
    expect(pix).toMatchObject({
      subtotal: 3000,
      desconto: 500,
      descontoPix: 250,
      taxaEntrega: 1000,
    });
    expect(pix.total).toBe(3000 - 500 - 250 + 1000);
    const cash = computeTotals(lines, coupon, area, rules, {
      formaPagamento: "dinheiro",
      pixDescontoPercentual: 10,
    });
    expect(cash).toMatchObject({ descontoPix: 0, total: 3500 });
  });

  it("the settings form reads blank as 0 and refuses more than 50 %", () => {
    const base = {
      taxaEntregaPadrao: "5,00",
      freteGratisMinimo: "40,00",
    };
    const blank = storeSettingsSchema.safeParse(base);
    expect(blank.success && blank.data.pixDescontoPercentual).toBe(0);
    const five = storeSettingsSchema.safeParse({ ...base, pixDescontoPercentual: "5%" });
    expect(five.success && five.data.pixDescontoPercentual).toBe(5);
    expect(storeSettingsSchema.safeParse({ ...base, pixDescontoPercentual: "60" }).success).toBe(
      false,
    );
    expect(storeSettingsSchema.safeParse({ ...base, pixDescontoPercentual: "2,5" }).success).toBe(
      false,
    );
  });
});
