// A message's states in the outbox, and how the admin screen names and colours them.
// Relative imports only: the tables file (drizzle-kit) reads it.
import { defineVocabulary } from "../../domain/vocabulary";

/**
 * pendente: waiting for the worker; enviado: the SMTP server took it; arquivado: no SMTP
 * configured, kept as an .eml file; falhou: gave up after the last retry; descartado:
 * nothing to send any more (the customer stopped status e-mails, the order is gone).
 */
export const EMAIL_STATUS = defineVocabulary({
  pendente: { label: "Na fila", tone: "warning" },
  enviado: { label: "Enviado", tone: "success" },
  arquivado: { label: "Guardado em arquivo", tone: "info" },
  falhou: { label: "Falhou", tone: "danger" },
  descartado: { label: "Não enviado (descadastrado)", tone: "neutral" },
});
export const STATUS_EMAIL = EMAIL_STATUS.values;
export type StatusEmail = (typeof STATUS_EMAIL)[number];
