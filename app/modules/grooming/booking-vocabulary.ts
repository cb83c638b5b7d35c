// The words of online grooming booking (issue 28): sizes, coats, species and the booking's
// statuses. Relative imports only: the tables file, read by drizzle-kit without the path
// alias, uses them.
import { defineVocabulary } from "../../domain/vocabulary";

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

/** The timeline the status page shows, then the two ends off it. */
export const { values: STATUS_AGENDAMENTO, label: STATUS_AGENDAMENTO_LABEL } = defineVocabulary({
  solicitado: "Solicitado",
  confirmado: "Confirmado",
  em_atendimento: "Em atendimento",
  pronto: "Pronto para buscar",
  entregue: "Entregue",
  cancelado: "Cancelado",
  nao_compareceu: "Não compareceu",
});
export type StatusAgendamento = (typeof STATUS_AGENDAMENTO)[number];

/** Statuses that no longer hold a place: everything else counts against capacity. */
export const FREES_CAPACITY: readonly StatusAgendamento[] = ["cancelado", "nao_compareceu"];
