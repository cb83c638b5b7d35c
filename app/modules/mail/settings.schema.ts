// The SMTP settings form of "E-mails enviados": the server, its port and login, and the
// sender. The password is a secret: blank keeps the saved one (it is never sent back).
import { z } from "zod";
import { checkbox } from "~/schemas/money-field";

/** A host name or an IPv4 address, as an SMTP provider gives it (smtp.exemplo.com.br). */
const HOST =
  /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;
/** "Nome <endereço>" or the address alone. */
const SENDER = /^(?:[^<>@]{1,100}<([^<>\s]+)>|([^<>\s]+))$/;

export const DEFAULT_SMTP_PORT = 587;
/** The ports a public mail server listens on: submission, TLS, relay and the usual spare. */
export const MAIL_PORTS = [587, 465, 25, 2525] as const;

export const mailSettingsSchema = z.object({
  smtpHost: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v) => v || null)
    .refine((v) => v === null || HOST.test(v), "Servidor inválido. Ex.: smtp.exemplo.com.br"),
  smtpPorta: z
    .string()
    .trim()
    .optional()
    .transform((v) => v || String(DEFAULT_SMTP_PORT))
    .pipe(
      z
        .string()
        .regex(/^\d{1,5}$/, "Porta inválida. Use um número, ex.: 587")
        .transform(Number)
        .pipe(z.number().min(1, "Porta inválida").max(65535, "Porta inválida")),
    ),
  smtpUsuario: z
    .string()
    .trim()
    .max(254, "Usuário longo demais")
    .optional()
    .transform((v) => v || null),
  smtpSenha: z
    .string()
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || v.length <= 500, "Senha longa demais"),
  limparSenha: checkbox,
  emailRemetente: z
    .string()
    .trim()
    .max(200, "Remetente longo demais")
    .optional()
    .transform((v) => v || null)
    .refine((v) => {
      if (v === null) return true;
      const match = SENDER.exec(v);
      const address = match?.[1] ?? match?.[2];
      return Boolean(address) && z.email().safeParse(address).success;
    }, "Use um e-mail, ou Nome <email@exemplo.com.br>"),
});

export type MailSettingsInput = z.infer<typeof mailSettingsSchema>;
