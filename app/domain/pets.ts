// The words of a pet, shared by the customer's account (their pets) and the grooming room
// (bookings, prices by size and coat). Relative imports only: tables files use them and
// drizzle-kit reads those without the path alias.
import { defineVocabulary } from "./vocabulary";

export const { values: PORTES, label: PORTE_LABEL } = defineVocabulary({
  P: "Pequeno (P)",
  M: "Médio (M)",
  G: "Grande (G)",
  GG: "Gigante (GG)",
});
export type Porte = (typeof PORTES)[number];

export const { values: PELAGENS, label: PELAGEM_LABEL } = defineVocabulary({
  curta: "Pelo curto",
  longa: "Pelo longo",
});
export type Pelagem = (typeof PELAGENS)[number];

export const { values: ESPECIES, label: ESPECIE_LABEL } = defineVocabulary({
  cao: "Cão",
  gato: "Gato",
});
export type Especie = (typeof ESPECIES)[number];

export const { values: SEXOS_PET, label: SEXO_PET_LABEL } = defineVocabulary({
  macho: "Macho",
  femea: "Fêmea",
});

/** A vaccine's proof: sent by the customer until the staff check it. */
export const { values: SITUACOES_VACINA, label: SITUACAO_VACINA_LABEL } = defineVocabulary({
  enviada: "Enviada",
  conferida: "Conferida",
});

/**
 * What a customer agrees to be written about, each revocable on its own (issue 42 point 6).
 * `padrao`, for a purpose nobody said yes or no to: the e-mails about what the customer asked
 * for (orders, bookings, a back-in-stock request) go until revoked; news only after a yes
 * (decision 0075).
 */
const finalidadeConsentimento = defineVocabulary({
  pedidos: { label: "E-mails sobre meus pedidos", padrao: true },
  agendamentos: { label: "Lembretes dos agendamentos de banho e tosa", padrao: true },
  estoque: { label: "Aviso quando um produto esgotado chegar", padrao: true },
  novidades: { label: "Novidades e promoções", padrao: false },
});
export const { values: FINALIDADES_CONSENTIMENTO, label: FINALIDADE_CONSENTIMENTO_LABEL } =
  finalidadeConsentimento;
export type FinalidadeConsentimento = (typeof FINALIDADES_CONSENTIMENTO)[number];
export const CONSENTIMENTO_PADRAO: Record<FinalidadeConsentimento, boolean> =
  finalidadeConsentimento.column("padrao");

/** The vaccines the grooming room asks about first; any other type may be typed. */
export const VACINAS_COMUNS = [
  "Antirrábica",
  "V8/V10 (polivalente)",
  "Gripe canina",
  "Giárdia",
  "V4/V5 (felina)",
] as const;

/**
 * The vaccines expired on a day (ISO dates compare as text): what the agenda card warns of.
 * A vaccine without "valid until" never expires here.
 */
export function expiredOn<T extends { validaAte: string | null }>(
  vacinas: readonly T[],
  day: string,
): T[] {
  return vacinas.filter((v) => v.validaAte !== null && v.validaAte < day);
}

/** A pet's name as a key: no accents, case or extra spaces ("Thór " is "thor"). */
export function petNameKey(nome: string): string {
  return nome
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .trim()
    .toLowerCase()
    .replace(/\s+/g, " ");
}
