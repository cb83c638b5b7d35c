// "Entrar" without a password (issue 42, decision 0072): the customer types an e-mail, a
// 6-digit code goes out through the outbox (the platform's one-time codes, purpose 'conta'),
// and the code typed on the same device proves the e-mail. Every e-mail gets a code, known or
// not (the first right code creates the account), so the answer and the work are the same
// for anyone; a floor on the answer's time hides what little differs (the outbox's insert).
// A link in the e-mail only pre-fills the address: mail scanners open links.
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import { enqueueEmails } from "~/modules/mail/index.server";
import { now as clockNow } from "~/platform/clock.server";
import { transaction } from "~/platform/db/client.server";
import { HOUR_MS, MINUTE_MS, rateLimit } from "~/platform/module.server";
import { checkCode, issueCode } from "~/platform/one-time-codes.server";
import {
  rateLimitRule,
  refundAttempt,
  reserveAttempt,
  resetAttempts,
} from "~/platform/rate-limits.server";
import { requestInfo } from "~/platform/request-info.server";
import { customerVerified } from "./on-verified.server";
import { customerByEmail, normalizeCustomerEmail, startCustomerSession } from "./session.server";

/** The outbox's kind of the sign-in code e-mail (composed by ./emails.server.tsx). */
export const SIGN_IN_CODE_EMAIL = "conta_codigo";

/** Asking for a code answers after at least this long, whatever the e-mail. */
const SIGN_IN_ANSWER_FLOOR_MS = 300;

/** The counted operations (declared in the manifest; the reasons are in decision 0072). */
export const SIGN_IN_LIMITS = [
  // Codes asked per IP: a family or an office shares one; a script flooding inboxes stops.
  rateLimit("conta_codigo_ip", "Códigos de acesso à conta pedidos (IP)", 10, HOUR_MS),
  // Codes asked per e-mail: a stranger cannot fill someone's inbox (5 e-mails an hour).
  rateLimit("conta_codigo_email", "Códigos de acesso à conta pedidos (e-mail)", 5, HOUR_MS),
  // Codes typed per IP, and per e-mail across its codes (each code also dies at 5 wrong).
  rateLimit("conta_entrar_ip", "Códigos de acesso à conta digitados (IP)", 20, 15 * MINUTE_MS),
  rateLimit("conta_entrar_email", "Códigos de acesso à conta digitados (e-mail)", 10, HOUR_MS),
];

export const SIGN_IN_TEXTS = {
  sent: "Se o e-mail estiver certo, enviamos um código de 6 dígitos para ele. O código vale por 10 minutos.",
  invalid: "Código inválido ou vencido. Confira o e-mail ou peça outro código.",
  email: "Informe um e-mail válido.",
  tooMany: "Muitas tentativas em pouco tempo. Espere um pouco e tente de novo.",
} as const;

const emailSchema = z.string().trim().max(254).pipe(z.email());

/** The e-mail as typed, normalised, or null when it is not an address. */
export function readSignInEmail(value: unknown): string | null {
  const parsed = emailSchema.safeParse(typeof value === "string" ? value : "");
  return parsed.success ? normalizeCustomerEmail(parsed.data) : null;
}

/**
 * Where to go after signing in: only a path of this site ("/conta/pets"), never another
 * site ("//evil", "/\\evil", "https://…"); anything else is the account.
 */
export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 500) return "/conta";
  // A path, printable ASCII (no spaces, no backslash), not starting "//".
  if (!/^\/(?!\/)[!-[\]-~]*$/.test(value)) return "/conta";
  const url = new URL(value, "http://loja.invalid");
  if (url.origin !== "http://loja.invalid" || url.pathname.startsWith("/conta/entrar")) {
    return "/conta";
  }
  return url.pathname + url.search;
}

type Refusal = { ok: false; reason: "limite" };

/** Reserves one attempt of each operation for its identifier; the first refusal stops. */
async function reserveAll(pairs: [string, string][], at: Date): Promise<boolean> {
  for (const [operation, identifier] of pairs) {
    const reservation = await reserveAttempt(operation, identifier, rateLimitRule(operation), at);
    if (!reservation.reserved) return false;
  }
  return true;
}

/**
 * "Receber código": counted per IP and per e-mail before any work, then a code and its e-mail
 * in one transaction. The same answer for every e-mail, after the same least time.
 */
export async function requestSignInCode(
  email: string,
  request: Request,
  options: { origem?: string | null; now?: Date } = {},
): Promise<{ ok: true } | Refusal> {
  const at = options.now ?? clockNow();
  const { ip } = requestInfo(request);
  const floor = sleep(SIGN_IN_ANSWER_FLOOR_MS);
  const allowed = await reserveAll(
    [
      ["conta_codigo_ip", ip],
      ["conta_codigo_email", email],
    ],
    at,
  );
  if (!allowed) {
    await floor;
    return { ok: false, reason: "limite" };
  }
  await transaction(async (tx) => {
    const issued = await issueCode(tx, "conta", email, at);
    await enqueueEmails(tx, [
      {
        tipo: SIGN_IN_CODE_EMAIL,
        destinatario: email,
        resourceType: "codigo_acesso",
        resourceId: issued.id,
        origem: options.origem ?? null,
        dados: { codigo: issued.code, email },
      },
    ]);
  });
  await floor;
  return { ok: true };
}

/**
 * "Entrar": the typed code against the e-mail's live one (10 minutes, one use, 5 wrong tries,
 * under the row's lock). Counted per IP and per e-mail first; a right code opens the account
 * (created on its first sign-in), starts a session and runs what a verified e-mail unlocks,
 * in one transaction, and gives the IP's attempt back (a shared connection is not punished
 * for a success); the e-mail's counter starts again.
 */
export async function verifySignInCode(
  email: string,
  code: string,
  request: Request,
  options: { now?: Date } = {},
): Promise<{ ok: true; setCookie: string } | { ok: false; reason: "limite" | "codigo" }> {
  const at = options.now ?? clockNow();
  const { ip } = requestInfo(request);
  const allowed = await reserveAll(
    [
      ["conta_entrar_ip", ip],
      ["conta_entrar_email", email],
    ],
    at,
  );
  if (!allowed) return { ok: false, reason: "limite" };
  if (!(await checkCode("conta", email, code, at))) return { ok: false, reason: "codigo" };
  const setCookie = await transaction(async (tx) => {
    const cliente = await customerByEmail(email, tx);
    const cookie = await startCustomerSession(cliente.id, request, tx);
    await customerVerified(tx, cliente);
    return cookie;
  });
  await refundAttempt("conta_entrar_ip", ip, rateLimitRule("conta_entrar_ip"));
  await resetAttempts("conta_entrar_email", email);
  return { ok: true, setCookie };
}
