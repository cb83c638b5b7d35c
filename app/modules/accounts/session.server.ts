// Admin authentication core: argon2id passwords, server-side sessions in `sessoes`,
// and the guards route loaders call (`requireUser`, `requireAdmin`).
import crypto from "node:crypto";
import argon2 from "argon2";
import { and, eq, lt, ne, or } from "drizzle-orm";
import { data, redirect } from "react-router";
import { ACESSO_NEGADO, type Capacidade, type Papel, podeAlguma } from "~/domain/permissions";
import { readCookie } from "~/lib/cookies";
import { adminActionGuardedBy, type StaffUser } from "~/platform/admin/action.server";
import { logAudit } from "~/platform/admin/audit.server";
import { loadOrFail } from "~/platform/admin/load.server";
import { now } from "~/platform/clock.server";
import { db, type Executor } from "~/platform/db/client.server";
import { requestInfo } from "~/platform/request-info.server";
import { type Sessao, sessoes, type Usuario, usuarios } from "./tables.server";
import { confirmStillActive } from "./team.server";
import { twoFactorDue } from "./two-factor-policy";

export const SESSION_COOKIE = "agropet_sessao";
/**
 * Over HTTPS the cookie is `__Host-agropet_sessao`: the browser then only accepts it with
 * Secure, Path=/ and no Domain, so a sibling subdomain cannot plant or shadow a session.
 */
const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;
/** Idle limit, enforced by the server on every request (SPEC §9: 30 minutes). */
export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;
/** Absolute limit: a session never lives longer than this, active or not. */
export const ABSOLUTE_TIMEOUT_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, so reads stay cheap. */
const TOUCH_INTERVAL_MS = 60 * 1000;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  return argon2.verify(hash, password).catch(() => false);
}

// A real hash of a random password, verified when the e-mail is unknown, so a failed
// login takes about as long whether or not the e-mail exists.
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(crypto.randomBytes(16).toString("hex"));
  return dummyHash;
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

export async function findUserByEmail(email: string, executor: Executor = db()) {
  const [user] = await executor
    .select()
    .from(usuarios)
    .where(eq(usuarios.email, normalizeEmail(email)));
  return user;
}

/** The administrators' e-mails, oldest first (the server's ready line names them). */
export async function adminEmails(executor: Executor = db()): Promise<string[]> {
  const rows = await executor
    .select({ email: usuarios.email })
    .from(usuarios)
    .where(and(eq(usuarios.papel, "dono"), eq(usuarios.ativo, true)))
    .orderBy(usuarios.createdAt);
  return rows.map((row) => row.email);
}

export async function createUser(
  input: {
    email: string;
    password: string;
    /** The role in the team; null (the default): no access to the panel. */
    papel?: Papel | null;
    nome?: string;
    todasUnidades?: boolean;
    unidadeIds?: string[];
  },
  executor: Executor = db(),
): Promise<Usuario> {
  const [user] = await executor
    .insert(usuarios)
    .values({
      email: normalizeEmail(input.email),
      senhaHash: await hashPassword(input.password),
      papel: input.papel ?? null,
      nome: input.nome ?? "",
      todasUnidades: input.todasUnidades ?? true,
      unidadeIds: input.unidadeIds ?? [],
      // The 2FA grace period counts from here, on the app's clock (decision 0067).
      convidadoEm: now(),
    })
    .returning();
  return user!;
}

/** Creates an owner (Dono), or makes an existing person an active owner with the new password. */
export async function upsertAdmin(email: string, password: string, executor: Executor = db()) {
  const existing = await findUserByEmail(email, executor);
  if (!existing) return createUser({ email, password, papel: "dono" }, executor);
  const [user] = await executor
    .update(usuarios)
    .set({
      senhaHash: await hashPassword(password),
      papel: "dono",
      ativo: true,
      todasUnidades: true,
      updatedAt: now(),
    })
    .where(eq(usuarios.id, existing.id))
    .returning();
  return user!;
}

/** Starts a session and returns the raw token for the cookie (only its hash is stored). */
export async function createSession(
  userId: string,
  request: Request,
  options: { mfaPendente?: boolean } = {},
  executor: Executor = db(),
): Promise<{ token: string; session: Sessao }> {
  const token = crypto.randomBytes(32).toString("base64url");
  const at = now();
  const { ip, userAgent } = requestInfo(request);
  const [session] = await executor
    .insert(sessoes)
    .values({
      id: sha256(token),
      usuarioId: userId,
      mfaPendente: options.mfaPendente ?? false,
      ipAddress: ip,
      userAgent,
      createdAt: at,
      lastSeenAt: at,
      expiresAt: new Date(at.getTime() + ABSOLUTE_TIMEOUT_MS),
    })
    .returning();
  return { token, session: session! };
}

function readSessionToken(request: Request): string | undefined {
  return readCookie(request.headers.get("cookie"), sessionCookieName(request)) ?? undefined;
}

function isSecure(request: Request): boolean {
  return new URL(request.url).protocol === "https:";
}

function sessionCookieName(request: Request): string {
  return isSecure(request) ? SECURE_SESSION_COOKIE : SESSION_COOKIE;
}

export function sessionCookie(token: string, request: Request): string {
  const secure = isSecure(request) ? "; Secure" : "";
  return `${sessionCookieName(request)}=${encodeURIComponent(token)}; Path=/; HttpOnly; SameSite=Lax${secure}`;
}

export function clearSessionCookie(request: Request): string {
  const secure = isSecure(request) ? "; Secure" : "";
  return `${sessionCookieName(request)}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0${secure}`;
}

export type SessionState =
  | { status: "none" }
  | { status: "expired"; reason: "idle" | "absolute"; userId: string; sessionId: string }
  | { status: "active"; user: Usuario; session: Sessao };

/**
 * Reads the request's session. Expired sessions are deleted on sight; an active one
 * has its last_seen_at refreshed (the idle clock restarts).
 */
export async function getSessionState(
  request: Request,
  executor: Executor = db(),
): Promise<SessionState> {
  const token = readSessionToken(request);
  if (!token) return { status: "none" };
  const [row] = await executor
    .select({ session: sessoes, user: usuarios })
    .from(sessoes)
    .innerJoin(usuarios, eq(sessoes.usuarioId, usuarios.id))
    .where(eq(sessoes.id, sha256(token)));
  if (!row) return { status: "none" };
  const at = now();
  const idle = at.getTime() - row.session.lastSeenAt.getTime() > IDLE_TIMEOUT_MS;
  const absolute = at >= row.session.expiresAt;
  if (idle || absolute) {
    const deleted = await executor
      .delete(sessoes)
      .where(eq(sessoes.id, row.session.id))
      .returning({ id: sessoes.id });
    // Audited once (only the request that deleted the row): a stolen idle cookie is refused and recorded.
    if (deleted.length > 0)
      await auditExpiry(request, row.user.id, row.session.id, absolute, executor);
    return {
      status: "expired",
      reason: absolute ? "absolute" : "idle",
      userId: row.user.id,
      sessionId: row.session.id,
    };
  }
  if (at.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await executor.update(sessoes).set({ lastSeenAt: at }).where(eq(sessoes.id, row.session.id));
  }
  return { status: "active", user: row.user, session: row.session };
}

async function auditExpiry(
  request: Request,
  userId: string,
  sessionId: string,
  absolute: boolean,
  executor: Executor,
) {
  const motivo = absolute ? "duracao_maxima" : "inatividade";
  const base = { request, adminUserId: userId, resourceType: "sessao", resourceId: sessionId };
  if (!absolute) {
    await logAudit(
      {
        ...base,
        action: "forced_logout",
        details: { motivo, origem: "servidor", security_event: true },
      },
      executor,
    );
  }
  await logAudit({ ...base, action: "session_end", details: { motivo } }, executor);
}

/** The signed-in user (fully past any second factor), or null. */
async function getUser(request: Request): Promise<Usuario | null> {
  const state = await getSessionState(request);
  return state.status === "active" && !state.session.mfaPendente ? state.user : null;
}

/** Whether the request's person is active staff who may do any one of `capacidades`. */
export async function staffMayRequest(
  request: Request,
  capacidades: Capacidade | readonly Capacidade[],
): Promise<boolean> {
  const user = await getUser(request);
  return user?.papel != null && user.ativo && podeAlguma(user.papel, capacidades);
}

/** For admin loaders and actions: no session -> /admin/login; not an admin -> '/'. */
export async function requireAdmin(request: Request): Promise<{ user: Usuario; session: Sessao }> {
  const state = await getSessionState(request);
  if (state.status !== "active" || state.session.mfaPendente) {
    const url = new URL(request.url);
    const params = new URLSearchParams({ redirectTo: url.pathname + url.search });
    if (state.status === "expired" && state.reason === "idle") params.set("motivo", "inatividade");
    throw redirect(`/admin/login?${params}`, {
      headers: state.status === "none" ? undefined : { "Set-Cookie": clearSessionCookie(request) },
    });
  }
  if (state.user.papel == null || !state.user.ativo) throw redirect("/");
  if (
    twoFactorDue(state.user, now()).kind === "required" &&
    !ENROLMENT_PATHS.has(pathOf(request))
  ) {
    throw redirect(TWO_FACTOR_ENROLMENT);
  }
  return { user: state.user, session: state.session };
}

/**
 * Where a Dono or Gerente past the 2FA grace period is sent until they turn it on (decision
 * 0067): their account page (enrolment), and what keeps a session alive or ends it.
 */
const TWO_FACTOR_ENROLMENT = "/admin/conta?2fa=obrigatorio";
const ENROLMENT_PATHS = new Set(["/admin/conta", "/admin/sessao", "/admin/logout"]);

function pathOf(request: Request): string {
  return new URL(request.url).pathname.replace(/\.data$/, "").replace(/\/$/, "");
}

/** The person behind an admin request, as the platform's admin kit sees them. */
export function staffOf(user: Usuario): StaffUser {
  return {
    id: user.id,
    email: user.email,
    nome: user.nome,
    papel: user.papel as Papel,
    unidades: user.todasUnidades ? null : user.unidadeIds,
  };
}

/**
 * For admin loaders and resource routes: the signed-in staff member, refused with 403 and the
 * SPEC's wording when their role lacks `capacidade` (decision 0066).
 */
export async function requireCapability(
  request: Request,
  /** One capability, or a list of which any one lets the person in (decision 0068). */
  capacidade: Capacidade | readonly Capacidade[],
): Promise<{ user: Usuario; session: Sessao; staff: StaffUser }> {
  const { user, session } = await requireAdmin(request);
  if (!podeAlguma(user.papel, capacidade)) throw data({ message: ACESSO_NEGADO }, { status: 403 });
  return { user, session, staff: staffOf(user) };
}

/**
 * An admin page's loader (components/admin/page.tsx): the person must hold the handle's
 * capability (403 otherwise), then `load` runs with who asks and `reads`, which turns a failed
 * read into the page's failure message (`loadOrFail`).
 */
export function adminLoader<A extends { request: Request }, T>(
  handle: { capability: Capacidade | readonly Capacidade[]; failure?: string },
  load: (
    args: A,
    guard: Awaited<ReturnType<typeof requireCapability>> & {
      reads: <R>(run: () => Promise<R>) => Promise<R>;
    },
  ) => Promise<T>,
): (args: A) => Promise<T> {
  const message = handle.failure ?? "Erro ao carregar dados";
  return async (args) => {
    const guard = await requireCapability(args.request, handle.capability);
    return load(args, { ...guard, reads: (run) => loadOrFail(message, run) });
  };
}

/** Every admin route's action (`app/platform/admin/action.server.ts`), behind this guard. */
export const adminAction = adminActionGuardedBy(async (request) => {
  const { user, session } = await requireAdmin(request);
  return {
    staff: staffOf(user),
    sessionId: session.id,
    // The write's own transaction re-reads `ativo` (decision 0067).
    stillAllowed: (executor: Executor) => confirmStillActive(user.id, executor),
  };
});

export async function deleteSession(sessionId: string, executor: Executor = db()) {
  await executor.delete(sessoes).where(eq(sessoes.id, sessionId));
}

/** Ends every session of a user except, optionally, one (after a password change). */
export async function deleteUserSessions(
  userId: string,
  exceptSessionId?: string,
  executor: Executor = db(),
) {
  const sessions = await executor
    .select({ id: sessoes.id })
    .from(sessoes)
    .where(eq(sessoes.usuarioId, userId));
  for (const s of sessions) if (s.id !== exceptSessionId) await deleteSession(s.id, executor);
}

/** How many sessions of this user are open besides `sessionId`. */
export async function countOtherSessions(userId: string, sessionId: string): Promise<number> {
  const rows = await db()
    .select({ id: sessoes.id })
    .from(sessoes)
    .where(and(eq(sessoes.usuarioId, userId), ne(sessoes.id, sessionId)));
  return rows.length;
}

/** Housekeeping: removes sessions past either limit; returns how many. */
export async function purgeExpiredSessions(executor: Executor = db()): Promise<number> {
  const at = now();
  const removed = await executor
    .delete(sessoes)
    .where(
      or(
        lt(sessoes.expiresAt, at),
        lt(sessoes.lastSeenAt, new Date(at.getTime() - IDLE_TIMEOUT_MS)),
      ),
    )
    .returning({ id: sessoes.id });
  return removed.length;
}
