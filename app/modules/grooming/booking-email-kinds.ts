// The grooming e-mails by kind (the mail outbox's `tipo`) and their names on the admin screen.
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

export const GROOMING_EMAIL_LABEL: Record<GroomingEmailKind, string> = {
  agendamento_recebido: "Banho e tosa: agendamento feito",
  agendamento_confirmado: "Banho e tosa: confirmado",
  agendamento_reagendado: "Banho e tosa: remarcado",
  agendamento_pronto: "Banho e tosa: pronto para buscar",
  agendamento_cancelado: "Banho e tosa: cancelado",
  agendamento_lembrete: "Banho e tosa: lembrete do dia anterior",
  codigo_tutor: "Banho e tosa: código para ver os pets",
};

/** What a staff status change tells the tutor by e-mail (other changes send nothing). */
export const STATUS_EMAIL_KIND: Partial<Record<StatusAgendamento, GroomingEmailKind>> = {
  confirmado: "agendamento_confirmado",
  pronto: "agendamento_pronto",
  cancelado: "agendamento_cancelado",
};
