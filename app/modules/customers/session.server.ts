// A customer's session (issue 42, decision 0071): its own cookie, lifetime and revocation,
// apart from the staff's. The cookie's name does not start with `agropet_`, so the shared page
// cache keeps serving public pages to signed-in customers (http/page-cache.ts): what is
// personal on those pages comes from `/conta/eu` (the header's island), never from the page.
import crypto from "node:crypto";
import { and, eq, lt, ne } from "drizzle-orm";
import { redirect } from "react-router";
import { readCookie } from "~/lib/cookies";
import { now } from "~/platform/clock.server";
import { db, type Executor } from "~/platform/db/client.server";
import { requestInfo } from "~/platform/request-info.server";
import { type Cliente, clientes, sessoesClientes } from "./tables.server";

const CUSTOMER_COOKIE = "cliente_sessao";
/** Over HTTPS: Secure, Path=/, no Domain; a sibling subdomain cannot plant it. */
const SECURE_CUSTOMER_COOKIE = `__Host-${CUSTOMER_COOKIE}`;
/** A phone stays signed in while used at least once a month… */
const CUSTOMER_IDLE_MS = 30 * 24 * 60 * 60 * 1000;
/** …and never more than three months without a new code. */
const CUSTOMER_ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

const sha256 = (value: string) => crypto.createHash("sha256").update(value).digest("hex");
const isSecure = (request: Request) => new URL(request.url).protocol === "https:";
const cookieName = (request: Request) =>
  isSecure(request) ? SECURE_CUSTOMER_COOKIE : CUSTOMER_COOKIE;

export function normalizeCustomerEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The account of a proved e-mail, created on its first sign-in. */
export async function customerByEmail(email: string, executor: Executor = db()): Promise<Cliente> {
  const normalized = normalizeCustomerEmail(email);
  const [created] = await executor
    .insert(clientes)
    .values({ email: normalized })
    .onConflictDoNothing()
    .returning();
  if (created) return created;
  const [found] = await executor.select().from(clientes).where(eq(clientes.email, normalized));
  return found!;
}

/**
 * Starts a session for a customer whose e-mail was just proved by a code, and returns the
 * Set-Cookie header (only the token's hash is stored).
 */
export async function startCustomerSession(
  clienteId: string,
  request: Request,
  executor: Executor = db(),
): Promise<string> {
  const token = crypto.randomBytes(32).toString("base64url");
  const at = now();
  await executor.insert(sessoesClientes).values({
    id: sha256(token),
    clienteId,
    userAgent: requestInfo(request).userAgent,
    createdAt: at,
    lastSeenAt: at,
    expiresAt: new Date(at.getTime() + CUSTOMER_ABSOLUTE_MS),
  });
  await executor.update(clientes).set({ ultimoAcessoEm: at }).where(eq(clientes.id, clienteId));
  const secure = isSecure(request) ? "; Secure" : "";
  const maxAge = Math.floor(CUSTOMER_ABSOLUTE_MS / 1000);
  return `${cookieName(request)}=${token}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export function clearCustomerCookie(request: Request): string {
  const secure = isSecure(request) ? "; Secure" : "";
  return `${cookieName(request)}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
}

export interface CustomerSession {
  cliente: Cliente;
  sessionId: string;
}

/** The request's signed-in customer, or null (an expired session is deleted on sight). */
export async function getCustomer(
  request: Request,
  executor: Executor = db(),
): Promise<CustomerSession | null> {
  const token = readCookie(request.headers.get("cookie"), cookieName(request));
  if (!token || token.length > 100) return null;
  const [row] = await executor
    .select({ session: sessoesClientes, cliente: clientes })
    .from(sessoesClientes)
    .innerJoin(clientes, eq(sessoesClientes.clienteId, clientes.id))
    .where(eq(sessoesClientes.id, sha256(token)));
  if (!row) return null;
  const at = now();
  const idle = at.getTime() - row.session.lastSeenAt.getTime() > CUSTOMER_IDLE_MS;
  if (idle || at >= row.session.expiresAt || row.cliente.anonimizadoEm) {
    await executor.delete(sessoesClientes).where(eq(sessoesClientes.id, row.session.id));
    return null;
  }
  if (at.getTime() - row.session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await executor
      .update(sessoesClientes)
      .set({ lastSeenAt: at })
      .where(eq(sessoesClientes.id, row.session.id));
  }
  return { cliente: row.cliente, sessionId: row.session.id };
}

/** For the account's pages: no customer -> "Entrar", coming back here after the code. */
export async function requireCustomer(request: Request): Promise<CustomerSession> {
  const session = await getCustomer(request);
  if (session) return session;
  const url = new URL(request.url);
  throw redirect(`/conta/entrar?${new URLSearchParams({ voltar: url.pathname + url.search })}`);
}

/** "Sair": this device only. */
export async function endCustomerSession(request: Request): Promise<string> {
  const token = readCookie(request.headers.get("cookie"), cookieName(request));
  if (token)
    await db()
      .delete(sessoesClientes)
      .where(eq(sessoesClientes.id, sha256(token)));
  return clearCustomerCookie(request);
}

/** "Sair de todos os aparelhos": every session of the customer but, optionally, this one. */
export async function endAllCustomerSessions(
  clienteId: string,
  keepSessionId?: string,
  executor: Executor = db(),
): Promise<number> {
  const where = keepSessionId
    ? and(eq(sessoesClientes.clienteId, clienteId), ne(sessoesClientes.id, keepSessionId))
    : eq(sessoesClientes.clienteId, clienteId);
  const ended = await executor
    .delete(sessoesClientes)
    .where(where)
    .returning({ id: sessoesClientes.id });
  return ended.length;
}

/** The periodic purge of expired customer sessions. */
export async function purgeExpiredCustomerSessions(): Promise<number> {
  const at = now();
  const gone = await db()
    .delete(sessoesClientes)
    .where(lt(sessoesClientes.expiresAt, at))
    .returning({ id: sessoesClientes.id });
  return gone.length;
}
