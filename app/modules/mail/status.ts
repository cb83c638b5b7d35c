// A message's states in the outbox, and how the admin screen names them.

/**
 * pendente: waiting for the worker; enviado: the SMTP server took it; arquivado: no SMTP
 * configured, kept as an .eml file; falhou: gave up after the last retry; descartado:
 * nothing to send any more (the customer stopped status e-mails, the order is gone).
 */
export const STATUS_EMAIL = ["pendente", "enviado", "arquivado", "falhou", "descartado"] as const;
export type StatusEmail = (typeof STATUS_EMAIL)[number];

export const EMAIL_STATUS_LABEL: Record<StatusEmail, string> = {
  pendente: "Na fila",
  enviado: "Enviado",
  arquivado: "Guardado em arquivo",
  falhou: "Falhou",
  descartado: "Não enviado (descadastrado)",
};
