// The issue's proof agenda (issue 28), shared by the pure rules' tests and the booking's
// integration tests: drop-offs of 4 points, 10 points a day, GG at most 2 a day, 2 hours'
// notice, 30 days ahead, cancellation up to 24 hours before (the fields of `AgendaRules`
// but its drop-off times, which each test gives), and the walk-in the staff tests add.
import type { addWalkIn } from "~/modules/grooming/index.server";

/** The proof agenda's limits; each test gives its own drop-off times. */
export const PROOF_AGENDA_LIMITS = {
  capacidadeHorario: 4,
  capacidadeDia: 10,
  pontos: { P: 1, M: 1, G: 2, GG: 3 },
  limitesPorte: { GG: 2 },
  antecedenciaHoras: 2,
  diasAFrente: 30,
  cancelamentoHoras: 24,
};

/** A walk-in at 08:00 of one small short-coated dog (Rex unless named) for one service. */
export function smallDogWalkIn(given: {
  unidadeId: string;
  data: string;
  nomeTutor: string;
  servicoId: string;
  nome?: string;
}): Parameters<typeof addWalkIn>[0] {
  return {
    unidadeId: given.unidadeId,
    data: given.data,
    horario: "08:00",
    nomeTutor: given.nomeTutor,
    whatsapp: "47999990000",
    pet: {
      nome: given.nome ?? "Rex",
      especie: "cao",
      raca: null,
      porte: "P",
      pelagem: "curta",
      alertas: null,
      servicoIds: [given.servicoId],
    },
  };
}
