// The issue's proof agenda (issue 28), shared by the pure rules' tests and the booking's
// integration tests: drop-offs of 4 points, 10 points a day, GG at most 2 a day, 2 hours'
// notice, 30 days ahead, cancellation up to 24 hours before (the fields of `AgendaRules`
// but its drop-off times, which each test gives), and the walk-in the staff tests add.
import type { addWalkIn, BookingPetInput } from "~/modules/grooming/index.server";

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

/** A walk-in (at 08:00 unless said) of one small short-coated dog (Rex unless named) for one service. */
export function smallDogWalkIn(given: {
  unidadeId: string;
  data: string;
  nomeTutor: string;
  servicoId: string;
  nome?: string;
  horario?: string;
}): Parameters<typeof addWalkIn>[0] {
  return {
    unidadeId: given.unidadeId,
    data: given.data,
    horario: given.horario ?? "08:00",
    nomeTutor: given.nomeTutor,
    whatsapp: "47999990000",
    pet: shortCoatDog(given.nome ?? "Rex", [given.servicoId]),
  };
}

/** A small short-coated dog with no breed or alerts given. */
const SHORT_COAT_DOG = {
  especie: "cao",
  raca: null,
  porte: "P",
  pelagem: "curta",
  alertas: null,
} as const satisfies Partial<BookingPetInput>;

/** A short-coated dog (small unless said) named `nome`, for these services. */
export function shortCoatDog(
  nome: string,
  servicoIds: string[],
  overrides: Partial<BookingPetInput> = {},
): BookingPetInput {
  return { ...SHORT_COAT_DOG, nome, servicoIds, ...overrides };
}

/** The agenda's walk-in form as the counter posts it: a small short-coated dog. */
export function walkInForm(given: {
  unidadeId: string;
  data: string;
  horario: string;
  nome: string;
  nomeTutor?: string;
  whatsapp?: string;
}) {
  return {
    intent: "walkin",
    unidadeId: given.unidadeId,
    data: given.data,
    horario: given.horario,
    nomeTutor: given.nomeTutor ?? "Outro Tutor",
    whatsapp: given.whatsapp ?? "47999990001",
    nome: given.nome,
    especie: "cao",
    porte: "P",
    pelagem: "curta",
  };
}

/**
 * The agenda form of /admin/servicos/configuracao with the demo Meia Praia's capacity (6 points
 * a drop-off, 16 a day; P and M 1 point, G 2, GG 3), no size limit, cancelling up to 24 hours
 * before and confirming within 8; the drop-off times and the rest as each test gives.
 */
export function agendaConfigForm(fields: Record<string, string>): Record<string, string> {
  return {
    ativo: "on",
    capacidadeHorario: "6",
    capacidadeDia: "16",
    pontos_P: "1",
    pontos_M: "1",
    pontos_G: "2",
    pontos_GG: "3",
    limite_P: "",
    limite_M: "",
    limite_G: "",
    limite_GG: "",
    cancelamentoHoras: "24",
    confirmarEmHoras: "8",
    ...fields,
  };
}
