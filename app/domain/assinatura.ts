// "Compra programada" (issue 45): the pure rules of a subscription's cadence and renewal.
import { defineVocabulary } from "./vocabulary";

export const estadoAssinatura = defineVocabulary({
  ativa: { label: "Ativa", tone: "success" },
  pausada: { label: "Pausada", tone: "warning" },
  cancelada: { label: "Cancelada", tone: "neutral" },
});
export const { values: ESTADOS_ASSINATURA, label: ESTADO_ASSINATURA_LABEL } = estadoAssinatura;
export type EstadoAssinatura = (typeof ESTADOS_ASSINATURA)[number];

/** One due date of a subscription, as the customer and the owner read it. */
export const estadoCiclo = defineVocabulary({
  lembrado: { label: "Lembrete enviado", tone: "info" },
  pulado: { label: "Pulada", tone: "neutral" },
  pedido_criado: { label: "Pedido criado", tone: "progress" },
  aguardando_cliente: { label: "Aguardando sua escolha", tone: "warning" },
  pago: { label: "Paga", tone: "success" },
  expirado: { label: "Não paga (expirou)", tone: "danger" },
});
export const { values: ESTADOS_CICLO, label: ESTADO_CICLO_LABEL } = estadoCiclo;
export type EstadoCiclo = (typeof ESTADOS_CICLO)[number];

export const INTERVALO_MIN = 15;
export const INTERVALO_MAX = 90;
/** Days before the date: the reminder, then the renewal order. */
export const DIAS_LEMBRETE = 3;
export const DIAS_PEDIDO = 2;
/** A price rise above this (percent) waits for the customer instead of renewing. */
const ALTA_MAXIMA_PERCENTUAL = 10;
/** Unpaid renewals in a row that pause the subscription. */
export const FALHAS_PARA_PAUSAR = 3;

/** The terms' text, versioned: the version accepted is stored with the subscription. */
export const TERMOS_VERSAO = "2026-11-1";

export function termosAssinatura(descontoPercentual: number): string[] {
  return [
    "A cada intervalo escolhido criamos um pedido com os itens da assinatura, dois dias antes da data, e avisamos por e-mail três dias antes.",
    descontoPercentual > 0
      ? `Os itens têm ${descontoPercentual}% de desconto sobre o preço do dia (o desconto não vale para a taxa de entrega).`
      : "Os itens são cobrados pelo preço do dia (sem desconto para estes produtos no momento).",
    "O preço acompanha o da loja: se um item subir mais de 10%, esgotar ou a taxa de entrega mudar, não criamos o pedido e esperamos a sua escolha.",
    "Você pode pular uma entrega, mudar a data, pausar ou cancelar a qualquer momento, na sua conta ou pelos links de cada lembrete, sem multa. O cancelamento vale na hora.",
    "Um pedido não pago expira como qualquer pedido; três seguidos pausam a assinatura.",
  ];
}

/**
 * The suggested interval in days: how long the bags last at the pet's daily grams, clamped to
 * 15–90 and rounded down (the next bag arrives before the last runs out). Null when the bag's
 * weight or the daily grams are unknown.
 */
export function intervaloSugerido(
  pesoEmbalagemG: number | null | undefined,
  quantidade: number,
  gramasPorDia: number | null | undefined,
): number | null {
  if (!pesoEmbalagemG || !gramasPorDia || pesoEmbalagemG <= 0 || gramasPorDia <= 0) return null;
  const dias = Math.floor((pesoEmbalagemG * Math.max(1, quantidade)) / gramasPorDia);
  return Math.min(INTERVALO_MAX, Math.max(INTERVALO_MIN, dias));
}

/** A date (yyyy-MM-dd) plus days, in the calendar (no time zone involved). */
export function somarDias(data: string, dias: number): string {
  const d = new Date(`${data}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + dias);
  return d.toISOString().slice(0, 10);
}

/** The discounted unit price in centavos (rounded to the centavo, never below zero). */
export function precoComDesconto(preco: number, descontoPercentual: number): number {
  return Math.max(0, Math.round((preco * (100 - descontoPercentual)) / 100));
}

/** Whether today's price rose above the allowed percent over the price the customer accepted. */
export function altaAcimaDoLimite(precoAceito: number, precoHoje: number): boolean {
  return precoHoje * 100 > precoAceito * (100 + ALTA_MAXIMA_PERCENTUAL);
}

/**
 * The daily grams of dry food a pet of this weight eats, estimated when the tutor does not know
 * them (decision 0090): the maintenance energy of a neutered adult (dog 1.6 × RER, cat 1.2 ×
 * RER, RER = 70 × kg^0.75 kcal) over a dry food's 3.6 kcal per gram, rounded to 5 g. The bag's
 * own table rules; the page says it is an estimate.
 */
export function gramasPorDiaEstimadas(
  especie: "cao" | "gato",
  pesoPetG: number | null | undefined,
): number | null {
  if (!pesoPetG || pesoPetG <= 0) return null;
  const rer = 70 * (pesoPetG / 1000) ** 0.75;
  const kcal = rer * (especie === "gato" ? 1.2 : 1.6);
  return Math.max(5, Math.round(kcal / KCAL_POR_GRAMA / 5) * 5);
}

/** The energy of a gram of dry food (kcal), the middle of the shelf's 3.4–3.9. */
const KCAL_POR_GRAMA = 3.6;
