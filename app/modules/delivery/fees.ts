// Delivery fee: the served neighbourhood's fee, or the shop's default fee when no
// neighbourhood list is kept; free once the subtotal BEFORE any discount reaches the
// free-delivery threshold (R$ 40,00 by default, a setting), so a coupon never makes an
// order dearer. The rule is ">=", worded "a partir de" everywhere (shop-facts.ts).

export const BAIRRO_NOT_SERVED = "Selecione um bairro atendido";

export interface DeliveryArea {
  /** The neighbourhood's row (absent when the shop lists none and any name is served). */
  id?: string;
  nome: string;
  taxaEntrega: number;
  /** The unit that delivers here (null or absent: the first unit that delivers). */
  unidadeId?: string | null;
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

/** True when the subtotal (before discount) reaches the free-delivery threshold. */
export function isFreeDelivery(subtotal: number, freteGratisMinimo: number): boolean {
  return subtotal >= freteGratisMinimo;
}

/** The fee charged for an area and a subtotal before discount (centavos). */
export function deliveryFee(
  area: DeliveryArea | null,
  subtotal: number,
  rules: Pick<DeliveryRules, "taxaEntregaPadrao" | "freteGratisMinimo">,
): number {
  if (isFreeDelivery(subtotal, rules.freteGratisMinimo)) return 0;
  return area ? area.taxaEntrega : rules.taxaEntregaPadrao;
}

/** How much is still missing for free delivery (0 when reached). */
export function missingForFreeDelivery(subtotal: number, freteGratisMinimo: number): number {
  return Math.max(0, freteGratisMinimo - subtotal);
}
