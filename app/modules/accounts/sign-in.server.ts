// Admin sign-in on the server: the lockout rules in `rate_limits` (per e-mail and per IP),
// answers that do not tell whether an e-mail exists, the optional TOTP step, logout, and
// the audit entries of each (SPEC §4 admin session, §8 admin auth).
import { and, eq, ne } from "drizzle-orm";
import type { AuditAction } from "~/platform/admin/audit.server";
import { logAudit } from "~/platform/admin/audit.server";
import { now } from "~/platform/clock.server";
import { type Tx, transaction } from "~/platform/db/client.server";
import { refundAttempt, reserveAttempt, resetAttempts } from "~/platform/rate-limits.server";
import { requestInfo } from "~/platform/request-info.server";
import { deviceCookie, knownDevice } from "./device-cookie.server";
import { admitLogin, LoginRefusedError } from "./login-admission.server";
import { withPasswordHashing } from "./password-hashing.server";
import { passwordWeakness } from "./password-policy.server";
import {
  clearSessionCookie,
  createSession,
  deleteSession,
  deleteUserSessions,
  dummyPasswordHash,
  findUserByEmail,
  getSessionState,
  hashPassword,
  normalizeEmail,
  sessionCookie,
  verifyPassword,
} from "./session.server";
import { sessoes, type Usuario, usuarios } from "./tables.server";
import { verifySecondFactor } from "./totp.server";

/** 5 failed attempts within 15 minutes block for 15 minutes (every sign-in counter, module.server.ts). */
export const LOGIN_RULE = { max: 5, windowMs: 15 * 60_000, blockMs: 15 * 60_000 } as const;
export const LOGIN_OPS = {
  email: "login_email",
  ip: "login_ip",
  device: "login_dispositivo",
  totp: "login_totp",
  password: "password_change",
} as const;

export const AUTH_MESSAGES = {
  blocked: "Muitas tentativas falharam. Tente novamente mais tarde.",
  invalid: "E-mail ou senha incorretos.",
  denied: "Acesso negado. Você não tem permissões de administrador.",
  /** After the right password only: a wrong one still says `invalid` (decision 0067). */
  inactive: "Esta conta está desativada. Fale com o dono da loja.",
  idle: "Sessão encerrada: Inatividade por mais de 30 minutos",
  expired: "Sessão expirada. Faça login novamente.",
  success: "Login realizado com sucesso!",
  logout: "Logout realizado com sucesso!",
  logoutError: "Erro ao fazer logout",
  unexpected: "Erro inesperado. Tente novamente.",
  codeInvalid: "Código inválido. Tente novamente.",
} as const;

export type LoginOutcome =
  | { ok: false; reason: "blocked" | "invalid" | "denied" | "inactive"; message: string }
  | { ok: true; mfa: boolean; token: string; user: Usuario; headers: Headers };

async function failure(
  request: Request,
  email: string,
  motivo: string,
  userId: string | null,
): Promise<void> {
  await logAudit({
    request,
    adminUserId: userId,
    action: "failed_login",
    resourceType: "auth",
    details: { email, motivo, security_event: true },
  });
}

type Counter = [operation: string, identifier: string];

/**
 * Reserves one attempt on every counter, in order; if one is blocked, those already taken
 * are given back. Returns whether the attempt may go on and whether it used the last one.
 */
async function reserveAll(counters: Counter[], at: Date) {
  const taken: Counter[] = [];
  let last = false;
  for (const [operation, identifier] of counters) {
    const reservation = await reserveAttempt(operation, identifier, LOGIN_RULE, at);
    if (!reservation.reserved) {
      for (const [op, id] of taken) await refundAttempt(op, id, LOGIN_RULE);
      return { reserved: false, last: false };
    }
    taken.push([operation, identifier]);
    last ||= reservation.last;
  }
  return { reserved: true, last };
}

/**
 * The password step. The attempt is counted before the password is looked at (one
 * conditional upsert per counter), so a burst cannot slip past the limit, and a blocked
 * attempt never reaches argon2. A browser holding this account's device cookie is counted per
 * device; any other attempt per e-mail and per IP. An unknown e-mail is checked against a
 * dummy hash: the answer and its time are the same as for a wrong password. Throws
 * LoginRefusedError, before anything is read, when too many logins are in progress
 * (login-admission.server.ts), and PasswordHashingBusyError when too many passwords are
 * being checked at once.
 */
export async function attemptLogin(
  request: Request,
  input: { email: string; password: string },
): Promise<LoginOutcome> {
  const admission = admitLogin(request);
  if (!admission.admitted) throw new LoginRefusedError(admission.refusal);
  try {
    return await admittedLogin(request, input);
  } finally {
    admission.release();
  }
}

async function admittedLogin(
  request: Request,
  input: { email: string; password: string },
): Promise<LoginOutcome> {
  const email = normalizeEmail(input.email);
  const { ip } = requestInfo(request);
  const at = now();
  const user = await findUserByEmail(email);
  const device = user ? knownDevice(request, user.id, at) : null;
  const counters: Counter[] = device
    ? [[LOGIN_OPS.device, device]]
    : [
        [LOGIN_OPS.email, email],
        [LOGIN_OPS.ip, ip],
      ];

  const checked = await withPasswordHashing(
    async () => {
      const reservation = await reserveAll(counters, at);
      if (!reservation.reserved) return { reservation, passwordOk: false };
      const hash = user?.senhaHash ?? (await dummyPasswordHash());
      const passwordOk = (await verifyPassword(hash, input.password)) && user !== undefined;
      return { reservation, passwordOk };
    },
    { first: device !== null },
  );

  if (!checked.reservation.reserved) {
    await failure(request, email, device ? "bloqueado_dispositivo" : "bloqueado", null);
    return { ok: false, reason: "blocked", message: AUTH_MESSAGES.blocked };
  }
  if (!checked.passwordOk || !user) {
    await failure(request, email, "credenciais_invalidas", null);
    return checked.reservation.last
      ? { ok: false, reason: "blocked", message: AUTH_MESSAGES.blocked }
      : { ok: false, reason: "invalid", message: AUTH_MESSAGES.invalid };
  }

  // The right password: the attempt is given back (the e-mail's and device's counters start
  // over, the IP's loses this one), whatever happens next.
  if (device) {
    await resetAttempts(LOGIN_OPS.device, device);
  } else {
    await resetAttempts(LOGIN_OPS.email, email);
    await refundAttempt(LOGIN_OPS.ip, ip, LOGIN_RULE);
  }

  if (user.papel == null) {
    await failure(request, email, "sem_permissao", user.id);
    return { ok: false, reason: "denied", message: AUTH_MESSAGES.denied };
  }
  if (!user.ativo) {
    await failure(request, email, "conta_desativada", user.id);
    return { ok: false, reason: "inactive", message: AUTH_MESSAGES.inactive };
  }

  if (user.totpAtivo) {
    // Half a session: it opens only the TOTP step, nothing else (requireAdmin refuses it).
    const { token } = await createSession(user.id, request, { mfaPendente: true });
    return { ok: true, mfa: true, token, user, headers: sessionHeaders(token, request) };
  }

  const token = await startSession(request, user, { metodo: "senha" });
  return { ok: true, mfa: false, token, user, headers: signedInHeaders(token, user, request) };
}

/** The session cookie and a fresh device cookie: this browser is now known for the account. */
export function signedInHeaders(token: string, user: Usuario, request: Request): Headers {
  const headers = sessionHeaders(token, request);
  headers.append("Set-Cookie", deviceCookie(user.id, request, now()));
  return headers;
}

/** A full session with its audit entries and the person's last sign-in, in one transaction. */
export async function startSession(
  request: Request,
  user: Usuario,
  details: Record<string, unknown>,
): Promise<string> {
  return transaction(async (tx) => {
    const { token, session } = await createSession(user.id, request, {}, tx);
    await tx.update(usuarios).set({ ultimoLoginEm: now() }).where(eq(usuarios.id, user.id));
    await logAudit(
      {
        request,
        adminUserId: user.id,
        action: "successful_login",
        resourceType: "auth",
        resourceId: user.id,
        details: { email: user.email, ...details },
      },
      tx,
    );
    await logAudit(
      {
        request,
        adminUserId: user.id,
        action: "session_start",
        resourceType: "sessao",
        resourceId: session.id,
      },
      tx,
    );
    return token;
  });
}

export type SecondFactorOutcome =
  | { ok: false; reason: "expired" | "blocked" | "invalid"; message: string }
  | { ok: true; token: string; headers: Headers };

/**
 * The TOTP step of a two-factor login (a code from the app or a recovery code). As for the
 * password, the attempt is counted before the code is checked and given back when it is right.
 */
export async function attemptSecondFactor(
  request: Request,
  code: string,
): Promise<SecondFactorOutcome> {
  const state = await getSessionState(request);
  if (state.status !== "active" || !state.session.mfaPendente) {
    return { ok: false, reason: "expired", message: AUTH_MESSAGES.expired };
  }
  const { user, session } = state;
  const at = now();
  const reservation = await reserveAttempt(LOGIN_OPS.totp, user.id, LOGIN_RULE, at);
  if (!reservation.reserved) {
    await deleteSession(session.id);
    await failure(request, user.email, "bloqueado_2fa", user.id);
    return { ok: false, reason: "blocked", message: AUTH_MESSAGES.blocked };
  }
  const method = await verifySecondFactor(user, code);
  if (!method) {
    await failure(request, user.email, "codigo_2fa_invalido", user.id);
    if (reservation.last) {
      await deleteSession(session.id);
      return { ok: false, reason: "blocked", message: AUTH_MESSAGES.blocked };
    }
    return { ok: false, reason: "invalid", message: AUTH_MESSAGES.codeInvalid };
  }
  // The half session is replaced by a new one (a new token after the privilege change).
  await deleteSession(session.id);
  await resetAttempts(LOGIN_OPS.totp, user.id);
  if (method === "recovery") {
    await logAudit({
      request,
      adminUserId: user.id,
      action: "recovery_code_used",
      resourceType: "usuario",
      resourceId: user.id,
      details: { security_event: true },
    });
  }
  const token = await startSession(request, user, {
    metodo: method === "totp" ? "totp" : "codigo_recuperacao",
  });
  return { ok: true, token, headers: signedInHeaders(token, user, request) };
}

/**
 * Deletes a session and audits its end (`session_end` with `details`), after the audit row
 * of what ended it, if any.
 */
async function endSession(
  request: Request,
  state: { user: { id: string }; session: { id: string } },
  details: Record<string, unknown>,
  cause?: { action: AuditAction; details: Record<string, unknown> | undefined },
) {
  const sessao = {
    request,
    adminUserId: state.user.id,
    resourceType: "sessao",
    resourceId: state.session.id,
  };
  await transaction(async (tx) => {
    await deleteSession(state.session.id, tx);
    if (cause) await logAudit({ ...sessao, ...cause }, tx);
    await logAudit({ ...sessao, action: "session_end", details }, tx);
  });
}

/**
 * Ends the request's session. `inactivity` is the browser's 30-minute idle sign-out
 * (forced_logout); otherwise the admin pressed 'Sair' (user_logout). Returns the
 * header that clears the cookie.
 */
export async function logout(
  request: Request,
  reason: "user" | "inactivity",
): Promise<{ headers: Headers }> {
  const state = await getSessionState(request);
  if (state.status === "active") {
    await endSession(
      request,
      state,
      { motivo: reason === "inactivity" ? "inatividade" : "logout" },
      {
        action: reason === "inactivity" ? "forced_logout" : "user_logout",
        details:
          reason === "inactivity"
            ? { motivo: "inatividade", origem: "navegador", security_event: true }
            : undefined,
      },
    );
  }
  return { headers: new Headers({ "Set-Cookie": clearSessionCookie(request) }) };
}

/** Where the login page sends someone who is already signed in, if anywhere. */
export async function loginPageState(
  request: Request,
): Promise<
  { kind: "admin" } | { kind: "mfa" } | { kind: "denied"; headers: Headers } | { kind: "anonymous" }
> {
  const state = await getSessionState(request);
  if (state.status !== "active") return { kind: "anonymous" };
  if (state.session.mfaPendente) return { kind: "mfa" };
  if (state.user.papel != null && state.user.ativo) return { kind: "admin" };
  // A signed-in non-admin is signed out here (SPEC §6).
  await endSession(request, state, { motivo: "sem_permissao", security_event: true });
  return { kind: "denied", headers: new Headers({ "Set-Cookie": clearSessionCookie(request) }) };
}

/** Only same-site admin paths are followed after login. */
export function safeAdminRedirect(target: string | null | undefined): string {
  const path = target ?? "";
  if (!path.startsWith("/admin/") || /^\/admin\/(login|logout)/.test(path))
    return "/admin/dashboard";
  return path;
}

function sessionHeaders(token: string, request: Request): Headers {
  return new Headers({ "Set-Cookie": sessionCookie(token, request) });
}

export type PasswordChangeOutcome =
  | { ok: true }
  | { ok: false; field: "senhaAtual" | "novaSenha" | "form"; message: string };

/**
 * The admin's own password change: the current password is required, and every other
 * session of the account ends (the one in use stays).
 */
export async function changeOwnPassword(
  request: Request,
  user: Usuario,
  sessionId: string,
  input: { senhaAtual: string; novaSenha: string },
  /** The shop's name, units and city (shop's `shopPasswordWords`): refused in a password. */
  shopWords: string[] = [],
): Promise<PasswordChangeOutcome> {
  const at = now();
  const weak = await passwordWeakness(input.novaSenha, [user.email], shopWords, at);
  if (weak) return { ok: false, field: "novaSenha", message: weak };
  const checked = await withPasswordHashing(async () => {
    const reservation = await reserveAttempt(LOGIN_OPS.password, user.id, LOGIN_RULE, at);
    if (!reservation.reserved) return { blocked: true, senhaHash: null };
    if (!(await verifyPassword(user.senhaHash, input.senhaAtual))) {
      return { blocked: false, senhaHash: null };
    }
    return { blocked: false, senhaHash: await hashPassword(input.novaSenha) };
  });
  if (checked.blocked) return { ok: false, field: "form", message: AUTH_MESSAGES.blocked };
  const { senhaHash } = checked;
  if (!senhaHash) return { ok: false, field: "senhaAtual", message: "Senha atual incorreta" };
  await transaction((tx) =>
    newPasswordHolds(tx, {
      request,
      user,
      senhaHash,
      at,
      keepSession: sessionId,
      attempts: [LOGIN_OPS.password, user.id],
      action: "password_update",
      details: { outras_sessoes_encerradas: true, security_event: true },
    }),
  );
  return { ok: true };
}

/**
 * A new password takes hold: saved, the person's sessions ended (but `keepSession`, the one
 * in use when they changed it signed in), the failed tries counted by `attempts` forgotten,
 * and the change audited.
 */
export async function newPasswordHolds(
  tx: Tx,
  change: {
    request: Request;
    user: { id: string };
    senhaHash: string;
    at: Date;
    keepSession?: string;
    attempts: [operation: (typeof LOGIN_OPS)[keyof typeof LOGIN_OPS], identifier: string];
    action: AuditAction;
    details: Record<string, unknown>;
  },
): Promise<void> {
  const { user } = change;
  await tx
    .update(usuarios)
    .set({ senhaHash: change.senhaHash, updatedAt: change.at })
    .where(eq(usuarios.id, user.id));
  await deleteUserSessions(user.id, change.keepSession, tx);
  await resetAttempts(...change.attempts, tx);
  await logAudit(
    {
      request: change.request,
      adminUserId: user.id,
      action: change.action,
      resourceType: "usuario",
      resourceId: user.id,
      details: change.details,
    },
    tx,
  );
}

/** Ends every session of the admin but the one in use ("sair dos outros aparelhos"), audited. */
export async function endOtherSessions(
  request: Request,
  user: Usuario,
  sessionId: string,
): Promise<number> {
  return transaction(async (tx) => {
    const ended = await tx
      .delete(sessoes)
      .where(and(eq(sessoes.usuarioId, user.id), ne(sessoes.id, sessionId)))
      .returning({ id: sessoes.id });
    await logAudit(
      {
        request,
        adminUserId: user.id,
        action: "sessions_revoke",
        resourceType: "usuario",
        resourceId: user.id,
        details: { sessoes_encerradas: ended.length, security_event: true },
      },
      tx,
    );
    return ended.length;
  });
}
