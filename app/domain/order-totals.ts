// The totals of an order, computed the same way for the cart preview and for the order.
import type { CouponResult } from "./coupon";
import { type DeliveryArea, type DeliveryRules, deliveryFee, isFreeDelivery } from "./delivery";

export interface PricedLine {
  preco: number;
  quantidade: number;
}

export interface OrderTotals {
  subtotal: number;
  desconto: number;
  taxaEntrega: number;
  total: number;
  freteGratis: boolean;
}

export function lineSubtotal(line: PricedLine): number {
  return line.preco * line.quantidade;
}

export function computeTotals(
  lines: PricedLine[],
  coupon: CouponResult | null,
  area: DeliveryArea | null,
  rules: Pick<DeliveryRules, "taxaEntregaPadrao" | "freteGratisMinimo">,
): OrderTotals {
  const subtotal = lines.reduce((sum, l) => sum + lineSubtotal(l), 0);
  const desconto = coupon?.ok ? Math.min(coupon.desconto, subtotal) : 0;
  // Free delivery is decided before the discount: a coupon never raises the total.
  const taxaEntrega = deliveryFee(area, subtotal, rules);
  return {
    subtotal,
    desconto,
    taxaEntrega,
    total: subtotal - desconto + taxaEntrega,
    /** The free-delivery threshold is reached (not merely a zero fee). */
    freteGratis: isFreeDelivery(subtotal, rules.freteGratisMinimo),
  };
}
