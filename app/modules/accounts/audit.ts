// How audit entries are shown (SPEC §9): the badge variant of an action and its label.

export type AuditBadgeVariant = "destructive" | "secondary" | "default";

/** destructive if the action contains DELETE or admin_operation; secondary if UPDATE or sensitive. */
export function auditBadgeVariant(action: string): AuditBadgeVariant {
  const upper = action.toUpperCase();
  if (upper.includes("DELETE") || upper.includes("ADMIN_OPERATION")) return "destructive";
  if (upper.includes("UPDATE") || upper.includes("SENSITIVE")) return "secondary";
  return "default";
}

const LABELS: Record<string, string> = {
  failed_login: "Login falhou",
  successful_login: "Login realizado",
  user_logout: "Logout",
  session_start: "Sessão iniciada",
  session_end: "Sessão encerrada",
  forced_logout: "Logout forçado",
  settings_update: "Configurações alteradas",
  rate_limit_unblock: "Desbloqueio",
  audit_log_delete_old: "Limpeza de logs",
  password_update: "Senha alterada",
  totp_enable: "2FA ativada",
  totp_disable: "2FA desativada",
  recovery_code_used: "Código de recuperação usado",
  sessions_revoke: "Outras sessões encerradas",
  payment_confirmed: "Pagamento confirmado (Pix online)",
  payment_refunded: "Pagamento reembolsado (Pix online)",
  stock_adjust: "Estoque ajustado",
  stock_transfer: "Estoque transferido",
  stock_transfer_receive: "Transferência recebida",
  stock_transfer_cancel: "Transferência cancelada",
  stock_minimum: "Estoque mínimo alterado",
  stock_enter: "Entrada de estoque (sem nota)",
  nfe_entry: "Entrada de mercadoria (NF-e)",
  pickup_code_wrong: "Código de retirada errado",
  pickup_code_blocked: "Código de retirada bloqueado",
  team_invite: "Convite enviado",
  team_invite_resend: "Convite reenviado",
  team_invite_revoke: "Convite cancelado",
  team_invite_accept: "Convite aceito",
  team_member_deactivate: "Pessoa desativada",
  team_member_reactivate: "Pessoa reativada",
  team_member_access: "Papel ou unidades alterados",
  team_member_sessions_end: "Sessões encerradas pelo dono",
  password_reset_send: "Redefinição de senha enviada",
  password_reset: "Senha redefinida pelo link",
};

/** A pt-BR label for the actions this panel knows; the raw action otherwise. */
export function auditActionLabel(action: string): string {
  return LABELS[action] ?? action;
}

/** The resource id as the audit view shows it: the first 8 characters. */
export function shortResourceId(id: string | null | undefined): string {
  return id ? id.slice(0, 8) : "—";
}
