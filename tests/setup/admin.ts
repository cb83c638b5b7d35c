// Helpers for admin integration tests: users, sessions, route calls and responses.
import { desc, eq } from "drizzle-orm";
import { expect } from "vitest";
import { createSession, createUser } from "~/server/auth.server";
import { db } from "~/server/db/client.server";
import { adminAuditLog } from "~/server/db/schema.server";
import { makeRequest } from "./requests";

let counter = 0;

export async function makeAdmin(password = "senha-forte-1") {
  counter += 1;
  const user = await createUser({
    email: `admin${counter}-${Date.now()}@teste.com`,
    password,
    isAdmin: true,
  });
  const { token, session } = await createSession(user.id, makeRequest("/admin/login"));
  return { user, token, session, password };
}

export async function makeCustomer() {
  counter += 1;
  const user = await createUser({
    email: `cliente${counter}-${Date.now()}@teste.com`,
    password: "senha-cliente",
    isAdmin: false,
  });
  const { token } = await createSession(user.id, makeRequest("/admin/login"));
  return { user, token };
}

/** Calls a loader or action; a thrown Response (redirect) comes back as the result. */
export async function call<T>(
  fn: (args: never) => Promise<T> | T,
  request: Request,
  params: Record<string, string> = {},
) {
  try {
    return await fn({ request, params, context: {} } as never);
  } catch (error) {
    if (error instanceof Response) return error;
    throw error;
  }
}

/** The body of a `data()` result, or the value itself. */
export function body<T = Record<string, unknown>>(result: unknown): T {
  if (result && typeof result === "object" && "data" in result && "type" in result) {
    return (result as { data: T }).data;
  }
  return result as T;
}

export function status(result: unknown): number {
  if (result instanceof Response) return result.status;
  if (result && typeof result === "object" && "init" in result) {
    return ((result as { init?: { status?: number } }).init?.status ?? 200) as number;
  }
  return 200;
}

export function expectRedirect(result: unknown, location: string | RegExp) {
  expect(result).toBeInstanceOf(Response);
  const response = result as Response;
  expect(response.status).toBeGreaterThanOrEqual(300);
  expect(response.status).toBeLessThan(400);
  const actual = response.headers.get("location") ?? "";
  if (typeof location === "string") expect(actual).toBe(location);
  else expect(actual).toMatch(location);
  return response;
}

/** The raw session token of a Set-Cookie header. */
export function tokenFrom(response: Response): string | undefined {
  const cookies = response.headers.getSetCookie?.() ?? [response.headers.get("set-cookie") ?? ""];
  for (const cookie of cookies) {
    const match = /agropet_sessao=([^;]*)/.exec(cookie);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}

export async function auditActions(userId?: string) {
  const rows = await db().select().from(adminAuditLog).orderBy(desc(adminAuditLog.createdAt));
  return userId ? rows.filter((r) => r.adminUserId === userId) : rows;
}

export async function auditByAction(action: string) {
  return db().select().from(adminAuditLog).where(eq(adminAuditLog.action, action));
}
