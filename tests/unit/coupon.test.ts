import { describe, expect, it } from "vitest";
import {
  type CouponRule,
  couponDiscount,
  describeCoupon,
  evaluateCoupon,
} from "~/modules/promotions/coupon";

const base: CouponRule = {
  codigo: "TESTE",
  tipo: "percentual",
  valor: 1000,
  ativo: true,
  pedidoMinimo: null,
  validoAte: null,
  limiteUsos: null,
  usos: 0,
};
const now = new Date("2026-11-22T12:00:00Z");

describe("coupon rule (SPEC §5.6, fixed)", () => {
  it("'percentual' gives subtotal × valor / 100 with valor in centavos of a percent", () => {
    expect(couponDiscount(base, 10000)).toBe(1000); // 10 % of R$ 100,00
    expect(couponDiscount({ tipo: "percentual", valor: 1250 }, 8990)).toBe(1124); // 12,5 % of 89,90 = 11,2375
    expect(couponDiscount({ tipo: "percentual", valor: 1000 }, 5)).toBe(1); // 0,5 centavo rounds half up
    expect(couponDiscount({ tipo: "percentual", valor: 10000 }, 4321)).toBe(4321);
  });

  it("'valor' is a fixed amount capped at the subtotal", () => {
    expect(couponDiscount({ tipo: "valor", valor: 500 }, 3000)).toBe(500);
    expect(couponDiscount({ tipo: "valor", valor: 500 }, 320)).toBe(320);
    expect(couponDiscount({ tipo: "valor", valor: 500 }, 0)).toBe(0);
  });

  it("accepts a valid coupon and reports its discount", () => {
    expect(evaluateCoupon(base, 5000, now)).toEqual({ ok: true, codigo: "TESTE", desconto: 500 });
  });

  it("refuses an unknown or inactive coupon", () => {
    expect(evaluateCoupon(null, 5000, now)).toMatchObject({
      ok: false,
      message: "Cupom inválido ou expirado",
    });
    expect(evaluateCoupon({ ...base, ativo: false }, 5000, now)).toMatchObject({
      ok: false,
      reason: "invalido",
    });
  });

  it("checks the minimum order value", () => {
    const c = { ...base, tipo: "valor" as const, valor: 500, pedidoMinimo: 3000 };
    expect(evaluateCoupon(c, 2999, now)).toEqual({
      ok: false,
      reason: "minimo",
      message: "Este cupom vale para pedidos a partir de R$ 30,00",
    });
    expect(evaluateCoupon(c, 3000, now)).toMatchObject({ ok: true, desconto: 500 });
  });

  it("checks the expiry date", () => {
    const c = { ...base, validoAte: new Date("2026-11-22T11:59:59Z") };
    expect(evaluateCoupon(c, 5000, now)).toMatchObject({
      ok: false,
      reason: "expirado",
      message: "Cupom inválido ou expirado",
    });
    expect(
      evaluateCoupon({ ...c, validoAte: new Date("2026-11-22T12:00:00Z") }, 5000, now),
    ).toMatchObject({ ok: true });
  });

  it("checks the total usage limit", () => {
    expect(evaluateCoupon({ ...base, limiteUsos: 2, usos: 1 }, 5000, now)).toMatchObject({
      ok: true,
    });
    expect(evaluateCoupon({ ...base, limiteUsos: 2, usos: 2 }, 5000, now)).toMatchObject({
      ok: false,
      reason: "esgotado",
    });
  });

  it("describes coupons for people", () => {
    expect(describeCoupon(base)).toBe("10%");
    expect(describeCoupon({ tipo: "percentual", valor: 1250 })).toBe("12,50%");
    expect(describeCoupon({ tipo: "valor", valor: 500 })).toBe("R$ 5,00");
  });
});
