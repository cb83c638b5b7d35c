// The shop's facts that are settings, not copy: the free-delivery minimum and the Pix
// discount. Static pt-BR content names them with placeholders filled here, so the
// banner, the home, the FAQ and 'Por que escolher' always say what checkout applies.
import { formatBRL } from "~/domain/money";

export interface ShopFacts {
  /** Centavos; delivery is free from this subtotal on (rule ">=", see delivery.ts). */
  freteGratisMinimo: number;
  /** Percentage off the products of Pix orders; 0 = none. */
  pixDescontoPercentual: number;
}

/** What the pages say while the settings cannot be read (the settings' defaults). */
export const DEFAULT_SHOP_FACTS: ShopFacts = { freteGratisMinimo: 4000, pixDescontoPercentual: 0 };

/** The one wording of the free-delivery rule (">=" is "a partir de"). */
export function freeDeliveryFrom(freteGratisMinimo: number): string {
  return `a partir de ${formatBRL(freteGratisMinimo)}`;
}

/** The answer to "Tem desconto para pagamento no Pix?", true to the setting. */
function pixDiscountAnswer(percent: number): string {
  return percent > 0
    ? `Sim! Nos pedidos da loja online pagos no Pix você ganha ${percent}% de desconto nos produtos, já calculado no carrinho. Na loja física, pergunte à nossa equipe.`
    : "No momento não temos desconto fixo para o Pix. Pergunte à nossa equipe as condições do dia, na loja ou pelo WhatsApp.";
}

/** The short tip about paying by Pix. */
function pixDiscountTip(percent: number): string {
  return percent > 0
    ? `Pague no Pix e ganhe ${percent}% de desconto nos produtos da loja online.`
    : "Pague no Pix: rápido, sem taxa e confirmado na hora.";
}

const PLACEHOLDERS: Record<string, (facts: ShopFacts) => string> = {
  "{freteGratis}": (f) => freeDeliveryFrom(f.freteGratisMinimo),
  "{respostaPix}": (f) => pixDiscountAnswer(f.pixDescontoPercentual),
  "{dicaPix}": (f) => pixDiscountTip(f.pixDescontoPercentual),
};

/** Fills the placeholders of a content text with the shop's current facts. */
export function withShopFacts(text: string, facts: ShopFacts): string {
  return text.replace(/\{\w+\}/g, (token) => PLACEHOLDERS[token]?.(facts) ?? token);
}
