// The words of online grooming booking (issue 28): sizes, coats, species and the booking's
// statuses. Relative imports only: the tables file, read by drizzle-kit without the path
// alias, uses them.
import { defineVocabulary } from "../../domain/vocabulary";

// The pet's words live in the domain: the customer's pets use them too.
export {
  ESPECIE_LABEL,
  ESPECIES,
  type Especie,
  PELAGEM_LABEL,
  PELAGENS,
  type Pelagem,
  PORTE_LABEL,
  PORTES,
  type Porte,
} from "../../domain/pets";

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
