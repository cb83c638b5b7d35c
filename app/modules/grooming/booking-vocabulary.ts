// The words of online grooming booking (issue 28): sizes, coats, species and the booking's
// statuses. No imports: the tables file, read by drizzle-kit without the path alias, uses them.

export const PORTES = ["P", "M", "G", "GG"] as const;
export type Porte = (typeof PORTES)[number];
export const PORTE_LABEL: Record<Porte, string> = {
  P: "Pequeno (P)",
  M: "Médio (M)",
  G: "Grande (G)",
  GG: "Gigante (GG)",
};

export const PELAGENS = ["curta", "longa"] as const;
export type Pelagem = (typeof PELAGENS)[number];
export const PELAGEM_LABEL: Record<Pelagem, string> = { curta: "Pelo curto", longa: "Pelo longo" };

export const ESPECIES = ["cao", "gato"] as const;
export type Especie = (typeof ESPECIES)[number];
export const ESPECIE_LABEL: Record<Especie, string> = { cao: "Cão", gato: "Gato" };

/** The timeline the status page shows, then the two ends off it. */
export const STATUS_AGENDAMENTO = [
  "solicitado",
  "confirmado",
  "em_atendimento",
  "pronto",
  "entregue",
  "cancelado",
  "nao_compareceu",
] as const;
export type StatusAgendamento = (typeof STATUS_AGENDAMENTO)[number];
export const STATUS_AGENDAMENTO_LABEL: Record<StatusAgendamento, string> = {
  solicitado: "Solicitado",
  confirmado: "Confirmado",
  em_atendimento: "Em atendimento",
  pronto: "Pronto para buscar",
  entregue: "Entregue",
  cancelado: "Cancelado",
  nao_compareceu: "Não compareceu",
};

/** Statuses that no longer hold a place: everything else counts against capacity. */
export const FREES_CAPACITY: readonly StatusAgendamento[] = ["cancelado", "nao_compareceu"];
