// The grooming e-mails by kind (the mail outbox's `tipo`); their names, recipients and
// composer are declared in the module's manifest (module.server.ts).
import type { StatusAgendamento } from "./booking-vocabulary";

export const GROOMING_EMAIL_KINDS = [
  "agendamento_recebido",
  "agendamento_confirmado",
  "agendamento_reagendado",
  "agendamento_pronto",
  "agendamento_cancelado",
  "agendamento_lembrete",
  "codigo_tutor",
] as const;
export type GroomingEmailKind = (typeof GROOMING_EMAIL_KINDS)[number];

/** What a staff status change tells the tutor by e-mail (other changes send nothing). */
export const STATUS_EMAIL_KIND: Partial<Record<StatusAgendamento, GroomingEmailKind>> = {
  confirmado: "agendamento_confirmado",
  pronto: "agendamento_pronto",
  cancelado: "agendamento_cancelado",
};
