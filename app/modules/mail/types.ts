// The types of the mail module's server functions that components need (type-only).

/** What the page may see: never the password, only whether one is saved. */
export interface MailSettingsView {
  smtpHost: string;
  smtpPorta: number;
  smtpUsuario: string;
  senhaDefinida: boolean;
  emailRemetente: string;
  /** The environment names the server: the form is shown read-only. */
  doAmbiente: boolean;
  remetenteDoAmbiente: boolean;
  /** Messages go out over SMTP (false: kept as files). */
  smtpAtivo: boolean;
}
