// Where e-mails go out: the environment (SMTP_URL, or SMTP_HOST and its parts; MAIL_FROM)
// wins, so a deploy can keep the credentials out of the database and its backups; else the
// server saved in the admin ("E-mails enviados"); else none, and messages are kept as .eml
// files under $DATA_DIR/mail.
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { env } from "~/infra/env.server";
import type { AdminActor } from "~/modules/accounts/index.server";
import { currentSettings, type Settings, saveSettingsAudited } from "~/modules/shop/index.server";
import { DEFAULT_SMTP_PORT, type MailSettingsInput } from "./settings.schema";
import type { MailSettingsView } from "./types";

export interface MailConfig {
  /** The SMTP server, or null: kept as files. */
  smtp: SMTPTransport.Options | string | null;
  /** The sender of every message. */
  from: string;
}

function smtpFromParts(
  host: string,
  port: number,
  user: string | null | undefined,
  password: string | null | undefined,
): SMTPTransport.Options {
  return {
    host,
    port,
    // 465 speaks TLS from the first byte; 587 and 25 upgrade with STARTTLS.
    secure: port === 465,
    auth: user ? { user, pass: password ?? "" } : undefined,
  };
}

/** True when the environment names the SMTP server (then the admin's is not used). */
function smtpFromEnvironment(): boolean {
  const e = env();
  return Boolean(e.SMTP_URL || e.SMTP_HOST);
}

/** Server-side only: carries the password. */
function mailConfigFrom(settings: Settings, shopName: string): MailConfig {
  const e = env();
  let smtp: MailConfig["smtp"] = null;
  if (e.SMTP_URL) smtp = e.SMTP_URL;
  else if (e.SMTP_HOST) {
    smtp = smtpFromParts(
      e.SMTP_HOST,
      e.SMTP_PORT ?? DEFAULT_SMTP_PORT,
      e.SMTP_USER,
      e.SMTP_PASSWORD,
    );
  } else if (settings.smtpHost) {
    smtp = smtpFromParts(
      settings.smtpHost,
      settings.smtpPorta ?? DEFAULT_SMTP_PORT,
      settings.smtpUsuario,
      settings.smtpSenha,
    );
  }
  return { smtp, from: e.MAIL_FROM || settings.emailRemetente || defaultSender(shopName) };
}

/** The shop's name at a no-reply address of the site. */
function defaultSender(shopName: string): string {
  const host = env().PUBLIC_URL ? new URL(env().PUBLIC_URL!).hostname : "localhost";
  return `${shopName} <nao-responda@${host}>`;
}

export async function currentMailConfig(shopName: string): Promise<MailConfig> {
  return mailConfigFrom(await currentSettings(), shopName);
}

function mailSettingsView(settings: Settings, shopName: string): MailSettingsView {
  return {
    smtpHost: settings.smtpHost ?? "",
    smtpPorta: settings.smtpPorta ?? DEFAULT_SMTP_PORT,
    smtpUsuario: settings.smtpUsuario ?? "",
    senhaDefinida: Boolean(settings.smtpSenha),
    emailRemetente: settings.emailRemetente ?? "",
    doAmbiente: smtpFromEnvironment(),
    remetenteDoAmbiente: Boolean(env().MAIL_FROM),
    smtpAtivo: mailConfigFrom(settings, shopName).smtp !== null,
  };
}

export async function getMailSettingsView(shopName: string): Promise<MailSettingsView> {
  return mailSettingsView(await currentSettings(), shopName);
}

export async function saveMailSettings(
  input: MailSettingsInput,
  actor: AdminActor,
  shopName: string,
): Promise<MailSettingsView> {
  const saved = await saveSettingsAudited(actor, "emails", (before) => ({
    smtpHost: input.smtpHost,
    smtpPorta: input.smtpPorta,
    smtpUsuario: input.smtpUsuario,
    // Blank keeps the saved password; "Remover senha" removes it; no server, no password.
    smtpSenha:
      input.limparSenha || input.smtpHost === null ? null : (input.smtpSenha ?? before.smtpSenha),
    emailRemetente: input.emailRemetente,
  }));
  return mailSettingsView(saved, shopName);
}
