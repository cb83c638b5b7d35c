// How a message leaves: over SMTP when a server is configured (settings.server.ts: the
// environment's, else the admin's), else kept as an .eml file under $DATA_DIR/mail, so a
// shop trying the product sees exactly what its customers would get.
import fs from "node:fs/promises";
import path from "node:path";
import ipaddr from "ipaddr.js";
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import { env } from "~/platform/env.server";
import type { MailConfig } from "./settings.server";
import { resolveSmtpTarget } from "./smtp-target.server";

/** A message ready to go (rendered by the worker). */
export interface OutgoingMessage {
  id: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  headers?: Record<string, string>;
  attachments?: { cid: string; filename: string; contentType: string; content: Buffer }[];
}

export type SendResult = { via: "smtp" } | { via: "arquivo"; arquivo: string };

/** Seconds an SMTP conversation may take before the attempt counts as failed. */
const SMTP_TIMEOUT_MS = 15_000;

let cached: { key: string; transporter: Transporter } | undefined;

/** One pooled transport per configuration (tests change the environment between files). */
function smtpTransport(options: SMTPTransport.Options | string): Transporter {
  const key = JSON.stringify(options);
  if (cached?.key !== key) {
    cached?.transporter.close();
    const base: SMTPTransport.Options = {
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    };
    const transporter =
      typeof options === "string"
        ? nodemailer.createTransport(options, base)
        : nodemailer.createTransport({ ...base, ...options });
    cached = { key, transporter };
  }
  return cached.transporter;
}

/** Closes the SMTP connection kept open (graceful shutdown). */
export function closeTransport() {
  cached?.transporter.close();
  cached = undefined;
}

/**
 * The Message-ID of an outbox row: the same on every attempt, so a message sent again after
 * a crash between the server's "250 OK" and our note of it is one message to the reader
 * (mail clients drop a second copy with the same Message-ID).
 */
function messageIdOf(from: string, id: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
  return `<${id}@${domain}>`;
}

function nodemailerMessage(from: string, message: OutgoingMessage) {
  return {
    from,
    messageId: messageIdOf(from, message.id),
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    headers: message.headers,
    attachments: message.attachments?.map((a) => ({
      cid: a.cid,
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
    })),
  };
}

/**
 * The admin's server as it may be reached now: its name resolved and checked again (a
 * public address on a mail port, unless SMTP_ALLOW_PRIVATE_HOSTS), the connection pinned
 * to that address with the name kept for TLS, and TLS required except to loopback, so the
 * password never crosses a network in clear text.
 */
async function checkedTarget(smtp: SMTPTransport.Options): Promise<SMTPTransport.Options> {
  const host = smtp.host ?? "";
  const port = Number(smtp.port ?? 587);
  const target = await resolveSmtpTarget(host, port);
  if (!target.ok) throw new Error(`Servidor SMTP recusado (${host}:${port}): ${target.message}`);
  return pinnedToTarget(smtp, target);
}

/** The connection options for a checked target: its address, TLS unless loopback. */
export function pinnedToTarget(
  smtp: SMTPTransport.Options,
  target: { address: string; loopback: boolean },
): SMTPTransport.Options {
  const host = smtp.host ?? "";
  // `servername` (SMTPConnection's, missing from its types): the name the certificate
  // must carry, since the connection goes to the address.
  const pinned: SMTPTransport.Options & { servername?: string } = {
    ...smtp,
    host: target.address,
    requireTLS: !target.loopback,
  };
  if (!ipaddr.isValid(host)) pinned.servername = host;
  return pinned;
}

/** Sends over SMTP, or writes the raw message to $DATA_DIR/mail/<id>.eml. */
export async function sendMessage(
  config: MailConfig,
  message: OutgoingMessage,
): Promise<SendResult> {
  const { smtp, from } = config;
  if (smtp) {
    const options = config.doAdmin && typeof smtp !== "string" ? await checkedTarget(smtp) : smtp;
    await smtpTransport(options).sendMail(nodemailerMessage(from, message));
    return { via: "smtp" };
  }
  const stream = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const info = await stream.sendMail(nodemailerMessage(from, message));
  const dir = mailDir();
  await fs.mkdir(dir, { recursive: true });
  const arquivo = `${message.id}.eml`;
  // Written then renamed: a reader never sees half a message.
  const tmp = path.join(dir, `.${arquivo}.tmp`);
  await fs.writeFile(tmp, info.message as Buffer);
  await fs.rename(tmp, path.join(dir, arquivo));
  return { via: "arquivo", arquivo };
}

/** Where messages are kept when no SMTP server is configured. */
export function mailDir(): string {
  return path.join(env().dataDir, "mail");
}
