// The one coupon rule (SPEC §5.6, fixed): the cart preview and the order both use it.
//   'percentual': subtotal × valor / 100, where valor keeps the percentage in centavos
//                 of a percent (1000 = 10 %), rounded half up to the centavo;
//   'valor':      a fixed amount in centavos, capped at the subtotal.
// Optional minimum order, expiry date and total usage limit.
import { formatBRL, percentOf } from "~/domain/money";
import type { TipoCupom } from "~/domain/statuses";

export interface CouponRule {
  codigo: string;
  tipo: TipoCupom;
  valor: number;
  ativo: boolean;
  pedidoMinimo: number | null;
  validoAte: Date | null;
  limiteUsos: number | null;
  usos: number;
}

export const COUPON_INVALID = "Cupom inválido ou expirado";
export const COUPON_CHECK_ERROR = "Erro ao validar cupom";
export const COUPON_REMOVED = "Cupom removido";
export const couponAppliedMessage = (codigo: string) => `Cupom ${codigo} aplicado!`;
const couponMinimumMessage = (minimo: number) =>
  `Este cupom vale para pedidos a partir de ${formatBRL(minimo)}`;

export type CouponResult =
  | { ok: true; codigo: string; desconto: number }
  | { ok: false; reason: "invalido" | "expirado" | "esgotado" | "minimo"; message: string };

/** The code as stored: trimmed and upper-case. */
export function normalizeCouponCode(code: string | null | undefined): string {
  return (code ?? "").trim().toUpperCase();
}

/** The discount of a coupon on a subtotal (centavos), never above the subtotal. */
export function couponDiscount(
  coupon: Pick<CouponRule, "tipo" | "valor">,
  subtotal: number,
): number {
  if (subtotal <= 0) return 0;
  const raw = coupon.tipo === "percentual" ? percentOf(subtotal, coupon.valor / 100) : coupon.valor;
  return Math.max(0, Math.min(raw, subtotal));
}

/** Checks every condition of a coupon (null = not found) and gives its discount. */
export function evaluateCoupon(
  coupon: CouponRule | null | undefined,
  subtotal: number,
  now: Date = new Date(),
): CouponResult {
  if (!coupon?.ativo) return { ok: false, reason: "invalido", message: COUPON_INVALID };
  if (coupon.validoAte && coupon.validoAte.getTime() < now.getTime()) {
    return { ok: false, reason: "expirado", message: COUPON_INVALID };
  }
  if (coupon.limiteUsos !== null && coupon.usos >= coupon.limiteUsos) {
    return { ok: false, reason: "esgotado", message: COUPON_INVALID };
  }
  if (coupon.pedidoMinimo !== null && subtotal < coupon.pedidoMinimo) {
    return { ok: false, reason: "minimo", message: couponMinimumMessage(coupon.pedidoMinimo) };
  }
  return { ok: true, codigo: coupon.codigo, desconto: couponDiscount(coupon, subtotal) };
}

/** How a coupon reads to people: '10%' or 'R$ 5,00'. */
export function describeCoupon(coupon: Pick<CouponRule, "tipo" | "valor">): string {
  if (coupon.tipo === "percentual") {
    const whole = coupon.valor % 100 === 0;
    return `${whole ? coupon.valor / 100 : (coupon.valor / 100).toFixed(2).replace(".", ",")}%`;
  }
  return formatBRL(coupon.valor);
}
