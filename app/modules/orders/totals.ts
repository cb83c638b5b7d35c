// The totals of an order, computed the same way for the cart preview and for the order.

import {
  type DeliveryArea,
  type DeliveryRules,
  deliveryFee,
  isFreeDelivery,
} from "~/modules/delivery";
import type { CouponResult } from "~/modules/promotions";

export interface PricedLine {
  preco: number;
  quantidade: number;
}

export interface OrderTotals {
  subtotal: number;
  desconto: number;
  /** The discount for paying upfront by Pix (centavos; 0 for other methods). */
  descontoPix: number;
  taxaEntrega: number;
  total: number;
  freteGratis: boolean;
}

function lineSubtotal(line: PricedLine): number {
  return line.preco * line.quantidade;
}

/** Payment methods paid upfront by Pix, which earn the shop's Pix discount. */
const PIX_DISCOUNT_METHODS: readonly string[] = ["pix", "pix_mercadopago"];

/** The discount percentage a payment method earns (0 when none or not chosen yet). */
export function paymentDiscountPercent(
  formaPagamento: string | null | undefined,
  pixDescontoPercentual: number,
): number {
  if (!formaPagamento || !PIX_DISCOUNT_METHODS.includes(formaPagamento)) return 0;
  return Math.min(100, Math.max(0, pixDescontoPercentual));
}

/**
 * The Pix discount on the products after the coupon (never on the delivery fee),
 * rounded to the centavo.
 */
export function paymentDiscount(productsAfterCoupon: number, percent: number): number {
  if (percent <= 0 || productsAfterCoupon <= 0) return 0;
  return Math.round((productsAfterCoupon * percent) / 100);
}

export interface PaymentChoice {
  formaPagamento: string | null | undefined;
  pixDescontoPercentual: number;
}

/**
 * The totals; `area` is the delivery neighbourhood, null while not chosen, or "retirada"
 * for a pick-up order (no fee, and no free-delivery rule to speak of).
 */
export function computeTotals(
  lines: PricedLine[],
  coupon: CouponResult | null,
  area: DeliveryArea | "retirada" | null,
  rules: Pick<DeliveryRules, "taxaEntregaPadrao" | "freteGratisMinimo">,
  payment: PaymentChoice | null = null,
): OrderTotals {
  const subtotal = lines.reduce((sum, l) => sum + lineSubtotal(l), 0);
  const desconto = coupon?.ok ? Math.min(coupon.desconto, subtotal) : 0;
  const percent = payment
    ? paymentDiscountPercent(payment.formaPagamento, payment.pixDescontoPercentual)
    : 0;
  const descontoPix = paymentDiscount(subtotal - desconto, percent);
  // Free delivery is decided before any discount: a discount never raises the total.
  const pickUp = area === "retirada";
  const taxaEntrega = pickUp ? 0 : deliveryFee(area, subtotal, rules);
  return {
    subtotal,
    desconto,
    descontoPix,
    taxaEntrega,
    total: subtotal - desconto - descontoPix + taxaEntrega,
    /** The free-delivery threshold is reached (not merely a zero fee). */
    freteGratis: !pickUp && isFreeDelivery(subtotal, rules.freteGratisMinimo),
  };
}
