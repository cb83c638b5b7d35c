// Delivery fee: the served neighbourhood's fee, or the shop's default fee when no
// neighbourhood list is kept; free once the subtotal after discount reaches the
// free-delivery threshold (R$ 40,00 by default, a setting).

export const BAIRRO_NOT_SERVED = "Selecione um bairro atendido";

export interface DeliveryArea {
  nome: string;
  taxaEntrega: number;
}

export interface DeliveryRules {
  /** Active neighbourhoods; an empty list means the shop delivers anywhere at the default fee. */
  bairros: DeliveryArea[];
  taxaEntregaPadrao: number;
  freteGratisMinimo: number;
}

function sameName(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .trim()
      .toLowerCase()
      .replace(/\s+/g, " ");
  return norm(a) === norm(b);
}

/** The served neighbourhood matching the customer's choice, or null when not served. */
export function findServedArea(rules: DeliveryRules, bairro: string): DeliveryArea | null {
  if (!bairro.trim()) return null;
  if (rules.bairros.length === 0) {
    return { nome: bairro.trim(), taxaEntrega: rules.taxaEntregaPadrao };
  }
  return rules.bairros.find((b) => sameName(b.nome, bairro)) ?? null;
}

/** True when the subtotal after discount reaches the free-delivery threshold. */
export function isFreeDelivery(subtotalAfterDiscount: number, freteGratisMinimo: number): boolean {
  return subtotalAfterDiscount >= freteGratisMinimo;
}

/** The fee charged for an area and a subtotal after discount (centavos). */
export function deliveryFee(
  area: DeliveryArea | null,
  subtotalAfterDiscount: number,
  rules: Pick<DeliveryRules, "taxaEntregaPadrao" | "freteGratisMinimo">,
): number {
  if (isFreeDelivery(subtotalAfterDiscount, rules.freteGratisMinimo)) return 0;
  return area ? area.taxaEntrega : rules.taxaEntregaPadrao;
}

/** How much is still missing for free delivery (0 when reached). */
export function missingForFreeDelivery(
  subtotalAfterDiscount: number,
  freteGratisMinimo: number,
): number {
  return Math.max(0, freteGratisMinimo - subtotalAfterDiscount);
}
