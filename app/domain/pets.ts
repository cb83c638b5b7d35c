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

export const { values: SEXOS_PET } = defineVocabulary({
  macho: "Macho",
  femea: "Fêmea",
});

/** A vaccine's proof: sent by the customer until the staff check it. */
export const { values: SITUACOES_VACINA } = defineVocabulary({
  enviada: "Enviada",
  conferida: "Conferida",
});

/** What a customer agrees to be written about, each revocable on its own (issue 42 point 6). */
export const { values: FINALIDADES_CONSENTIMENTO, label: FINALIDADE_CONSENTIMENTO_LABEL } =
  defineVocabulary({
    pedidos: "E-mails sobre meus pedidos",
    agendamentos: "Lembretes dos agendamentos de banho e tosa",
    estoque: "Aviso quando um produto esgotado chegar",
    novidades: "Novidades e promoções",
  });
export type FinalidadeConsentimento = (typeof FINALIDADES_CONSENTIMENTO)[number];

/**
 * A purpose nobody said yes or no to: the e-mails about what the customer asked for (orders,
 * bookings, a back-in-stock request) go until revoked; news only after a yes (decision 0075).
 */
export const CONSENTIMENTO_PADRAO: Record<FinalidadeConsentimento, boolean> = {
  pedidos: true,
  agendamentos: true,
  estoque: true,
  novidades: false,
};
