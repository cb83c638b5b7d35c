// Where e-mails go out: the environment (SMTP_URL, or SMTP_HOST and its parts; MAIL_FROM)
// wins, so a deploy can keep the credentials out of the database and its backups; else the
// server saved in the admin ("E-mails enviados"); else none, and messages are kept as .eml
// files under $DATA_DIR/mail.
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import {
  currentSettings,
  type SecretsOf,
  type Settings,
  saveSettingsAudited,
  secretSettings,
} from "~/modules/shop/index.server";

/** The settings mail reads, with its own secret (the SMTP password). */
type MailSettingsRow = Settings & SecretsOf<"mail">;

import { type AdminActor, AdminError } from "~/platform/admin/actor.server";
import { env } from "~/platform/env.server";
import { DEFAULT_SMTP_PORT, type MailSettingsInput } from "./settings.schema";
import { resolveSmtpTarget } from "./smtp-target.server";
import type { MailSettingsView } from "./types";

export interface MailConfig {
  /** The SMTP server, or null: kept as files. */
  smtp: SMTPTransport.Options | string | null;
  /** The sender of every message. */
  from: string;
  /**
   * The server is the one saved in the admin: its address is checked again at each send
   * and the password goes only over TLS, except to loopback (smtp-target.server.ts). The
   * environment's server is the operator's own choice and is used as given.
   */
  doAdmin: boolean;
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
function mailConfigFrom(settings: MailSettingsRow, shopName: string): MailConfig {
  const e = env();
  let smtp: MailConfig["smtp"] = null;
  let doAdmin = false;
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
    doAdmin = true;
  }
  return {
    smtp,
    from: e.MAIL_FROM || settings.emailRemetente || defaultSender(shopName),
    doAdmin,
  };
}

/** The shop's name at a no-reply address of the site. */
function defaultSender(shopName: string): string {
  const host = env().PUBLIC_URL ? new URL(env().PUBLIC_URL!).hostname : "localhost";
  return `${shopName} <nao-responda@${host}>`;
}

export async function currentMailConfig(shopName: string): Promise<MailConfig> {
  return mailConfigFrom(
    { ...(await currentSettings()), ...(await secretSettings("mail")) },
    shopName,
  );
}

function mailSettingsView(settings: MailSettingsRow, shopName: string): MailSettingsView {
  return {
    smtpHost: settings.smtpHost ?? "",
    smtpPorta: settings.smtpPorta ?? DEFAULT_SMTP_PORT,
    smtpUsuario: settings.smtpUsuario ?? "",
    senhaDefinida: settings.segredosDefinidos.smtpSenha,
    emailRemetente: settings.emailRemetente ?? "",
    doAmbiente: smtpFromEnvironment(),
    remetenteDoAmbiente: Boolean(env().MAIL_FROM),
    smtpAtivo: mailConfigFrom(settings, shopName).smtp !== null,
  };
}

export async function getMailSettingsView(shopName: string): Promise<MailSettingsView> {
  return mailSettingsView(
    { ...(await currentSettings()), ...(await secretSettings("mail")) },
    shopName,
  );
}

export async function saveMailSettings(
  input: MailSettingsInput,
  actor: AdminActor,
  shopName: string,
): Promise<MailSettingsView> {
  if (input.smtpHost) {
    const target = await resolveSmtpTarget(input.smtpHost, input.smtpPorta);
    // A name that does not resolve right now is saved (its DNS may be out for a moment):
    // every send checks it again and sends nothing to an internal address.
    if (!target.ok && !target.unresolved) throw new AdminError(target.message, target.field);
  }
  const saved = await saveSettingsAudited(
    actor,
    "emails",
    (before) => ({
      smtpHost: input.smtpHost,
      smtpPorta: input.smtpPorta,
      smtpUsuario: input.smtpUsuario,
      smtpSenha: passwordToKeep(input, before),
      emailRemetente: input.emailRemetente,
    }),
    "mail",
  );
  return mailSettingsView({ ...saved, ...(await secretSettings("mail")) }, shopName);
}

const SMTP_PASSWORD_AGAIN =
  "Digite a senha de novo: o servidor, a porta ou o usuário mudou, e a senha guardada só vai para o servidor em que foi digitada";

/**
 * The password to save. Blank keeps the saved one only for the same server, port and
 * user: otherwise a changed host would receive the saved password (issue 39, point 7).
 * "Remover senha" removes it; no server or no user, no password.
 */
function passwordToKeep(input: MailSettingsInput, before: MailSettingsRow): string | null {
  if (input.limparSenha || input.smtpHost === null || input.smtpUsuario === null) return null;
  if (input.smtpSenha) return input.smtpSenha;
  const sameServer =
    before.smtpHost === input.smtpHost &&
    (before.smtpPorta ?? DEFAULT_SMTP_PORT) === input.smtpPorta &&
    before.smtpUsuario === input.smtpUsuario;
  if (sameServer) return before.smtpSenha;
  if (before.smtpSenha) throw new AdminError(SMTP_PASSWORD_AGAIN, "smtpSenha");
  return null;
}
