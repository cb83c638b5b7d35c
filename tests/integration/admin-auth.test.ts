import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createUser,
  getSessionState,
  IDLE_TIMEOUT_MS,
  LOGIN_OPS,
  LOGIN_RULE,
} from "~/modules/accounts/index.server";
import { sessoes } from "~/modules/accounts/testing.server";
import { db } from "~/platform/db/client.server";
import { rateLimits } from "~/platform/tables.server";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as loginRoute from "~/routes/admin/login";
import * as logoutRoute from "~/routes/admin/logout";
import * as securityRoute from "~/routes/admin/security";
import * as sessaoRoute from "~/routes/admin/sessao";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { withTestClock } from "../support/clock";
import { auditEntries, makeAdmin } from "../support/factories";
import { login } from "../support/login";
import { type CallResult, call, expectRedirect, tokenFrom } from "../support/routes";

const ctx = withTestDatabase();

const BLOCKED = "Muitas tentativas falharam. Tente novamente mais tarde.";
const INVALID = "E-mail ou senha incorretos.";

const { advance, now } = withTestClock("2026-11-22T15:00:00Z");

beforeEach(async () => {
  await truncateAll(ctx.database);
});

function errorOf(result: CallResult): string | undefined {
  return (result.data as { errors: Record<string, string> }).errors?.form;
}

// Many argon2 verifications per test: generous time on a busy machine.
describe("admin login", { timeout: 120_000 }, () => {
  it("validates the fields with the SPEC messages on the server", async () => {
    const result = await call(
      loginRoute.action,
      formRequest("/admin/login", { email: "nao-e-email", password: "123" }),
    );
    expect(result.status).toBe(400);
    expect((result.data as { errors: Record<string, string> }).errors).toEqual({
      email: "E-mail inválido",
      password: "Senha deve ter pelo menos 6 caracteres",
    });
  });

  it("signs in an admin: cookie, success toast, redirect, successful_login and session_start", async () => {
    await createUser({ email: "dona@loja.com", password: "senha-certa", papel: "dono" });
    const response = expectRedirect(
      await login("Dona@Loja.com ", "senha-certa"),
      "/admin/dashboard",
    );
    const token = tokenFrom(response);
    expect(token).toBeTruthy();
    expect(response.headers.getSetCookie().join(";")).toContain("agropet_toast=");
    const state = await getSessionState(makeRequest("/admin/dashboard", { token }));
    expect(state.status).toBe("active");

    const [ok] = await auditEntries("successful_login");
    expect(ok).toMatchObject({ ipAddress: "10.0.0.1", userAgent: "vitest", resourceType: "auth" });
    expect(ok!.adminUserId).toBeTruthy();
    expect(JSON.stringify(ok!.details)).not.toContain("senha-certa");
    expect(await auditEntries("session_start")).toHaveLength(1);
  });

  it("follows only admin paths after login", async () => {
    await createUser({ email: "dona@loja.com", password: "senha-certa", papel: "dono" });
    expectRedirect(
      await login("dona@loja.com", "senha-certa", "10.0.0.1", { redirectTo: "/admin/security" }),
      "/admin/security",
    );
    expectRedirect(
      await login("dona@loja.com", "senha-certa", "10.0.0.1", {
        redirectTo: "https://malicioso.example/x",
      }),
      "/admin/dashboard",
    );
    expectRedirect(
      await login("dona@loja.com", "senha-certa", "10.0.0.1", {
        redirectTo: "//malicioso.example",
      }),
      "/admin/dashboard",
    );
  });

  it("answers an unknown e-mail exactly like a wrong password, and audits failed_login", async () => {
    await createUser({ email: "dona@loja.com", password: "senha-certa", papel: "dono" });
    const unknown = await login("ninguem@loja.com", "qualquer-senha");
    const wrong = await login("dona@loja.com", "senha-errada", "10.0.0.2");
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(errorOf(unknown)).toBe(INVALID);
    expect(errorOf(wrong)).toBe(INVALID);
    const failed = await auditEntries("failed_login");
    expect(failed).toHaveLength(2);
    for (const entry of failed) {
      expect(JSON.stringify(entry.details)).not.toMatch(/qualquer-senha|senha-errada/);
      expect(entry.details).toMatchObject({ security_event: true });
    }
  });

  it("refuses a non-admin with the right password, without a session", async () => {
    await createUser({ email: "cliente@loja.com", password: "senha-cliente", papel: null });
    const result = await login("cliente@loja.com", "senha-cliente");
    expect(result.status).toBe(403);
    expect(errorOf(result)).toBe("Acesso negado. Você não tem permissões de administrador.");
    expect(await db().select().from(sessoes)).toHaveLength(0);
  });

  it("blocks an e-mail after 5 failures in 15 minutes, even with the right password and from another IP", async () => {
    await createUser({ email: "dona@loja.com", password: "senha-certa", papel: "dono" });
    for (let i = 1; i <= 4; i++) {
      expect(errorOf(await login("dona@loja.com", "errada-123", `10.1.0.${i}`))).toBe(INVALID);
      advance(60_000);
    }
    expect(errorOf(await login("dona@loja.com", "errada-123", "10.1.0.5"))).toBe(BLOCKED);

    const refused = await login("dona@loja.com", "senha-certa", "10.9.9.9");
    expect(refused.status).toBe(429);
    expect(errorOf(refused)).toBe(BLOCKED);
    expect(await db().select().from(sessoes)).toHaveLength(0);

    const [row] = await db()
      .select()
      .from(rateLimits)
      .where(
        and(eq(rateLimits.operation, LOGIN_OPS.email), eq(rateLimits.identifier, "dona@loja.com")),
      );
    // Blocked for 15 minutes from the 5th failure.
    expect(row!.blockedUntil!.getTime()).toBe(now().getTime() + LOGIN_RULE.blockMs);

    // Still blocked just before the 15 minutes are over, free after.
    advance(LOGIN_RULE.blockMs - 2 * 60_000);
    expect(errorOf(await login("dona@loja.com", "senha-certa", "10.9.9.8"))).toBe(BLOCKED);
    advance(3 * 60_000);
    expectRedirect(await login("dona@loja.com", "senha-certa", "10.9.9.7"), "/admin/dashboard");
  });

  it("blocks an IP after 5 failures with different e-mails, but not other IPs", async () => {
    await createUser({ email: "dona@loja.com", password: "senha-certa", papel: "dono" });
    for (let i = 1; i <= 5; i++) await login(`tentativa${i}@loja.com`, "errada-123", "10.2.0.1");
    expect(errorOf(await login("dona@loja.com", "senha-certa", "10.2.0.1"))).toBe(BLOCKED);
    expectRedirect(await login("dona@loja.com", "senha-certa", "10.2.0.2"), "/admin/dashboard");
  });

  it("does not block failures spread over more than 15 minutes, and a success resets the e-mail counter", async () => {
    await createUser({ email: "dona@loja.com", password: "senha-certa", papel: "dono" });
    for (let i = 0; i < 4; i++) await login("dona@loja.com", "errada-123", `10.3.0.${i}`);
    expectRedirect(await login("dona@loja.com", "senha-certa", "10.3.1.1"), "/admin/dashboard");
    // The counter started over: four more failures still do not block.
    for (let i = 0; i < 4; i++) await login("dona@loja.com", "errada-123", `10.3.2.${i}`);
    expectRedirect(await login("dona@loja.com", "senha-certa", "10.3.3.1"), "/admin/dashboard");

    for (let i = 0; i < 4; i++) {
      await login("dona@loja.com", "errada-123", `10.3.4.${i}`);
      advance(5 * 60_000);
    }
    // 5th failure 20 minutes after the first: a new window, not a block.
    expect(errorOf(await login("dona@loja.com", "errada-123", "10.3.5.1"))).toBe(INVALID);
  });

  it("an admin unblocks a blocked e-mail from the security page, audited", async () => {
    await createUser({ email: "dona@loja.com", password: "senha-certa", papel: "dono" });
    for (let i = 0; i < 5; i++) await login("dona@loja.com", "errada-123", `10.4.0.${i}`);
    expect(errorOf(await login("dona@loja.com", "senha-certa", "10.4.1.1"))).toBe(BLOCKED);

    const admin = await makeAdmin();
    const [row] = await db()
      .select()
      .from(rateLimits)
      .where(
        and(eq(rateLimits.operation, LOGIN_OPS.email), eq(rateLimits.identifier, "dona@loja.com")),
      );
    const page = (
      await call(securityRoute.loader, makeRequest("/admin/security", { token: admin.token }))
    ).data as Awaited<ReturnType<typeof securityRoute.loader>>;
    expect(page.overview!.limites.find((l) => l.id === row!.id)?.bloqueado).toBe(true);
    expect(page.overview!.counters.bloqueados).toBeGreaterThanOrEqual(1);

    const result = await call(
      securityRoute.action,
      formRequest(
        "/admin/security",
        { intent: "desbloquear", id: row!.id },
        { token: admin.token },
      ),
    );
    expect(result.data as { ok: boolean; message: string }).toMatchObject({
      ok: true,
      message: "Usuário desbloqueado com sucesso",
    });
    const [after] = await db().select().from(rateLimits).where(eq(rateLimits.id, row!.id));
    expect(after!.blockedUntil).toBeNull();
    expectRedirect(await login("dona@loja.com", "senha-certa", "10.4.1.2"), "/admin/dashboard");

    const [audit] = await auditEntries("rate_limit_unblock");
    expect(audit).toMatchObject({
      adminUserId: admin.user.id,
      resourceId: row!.id,
      resourceType: "rate_limits",
    });

    const missing = await call(
      securityRoute.action,
      formRequest(
        "/admin/security",
        { intent: "desbloquear", id: crypto.randomUUID() },
        { token: admin.token },
      ),
    );
    expect(missing.data as { ok: boolean; message: string }).toMatchObject({
      ok: false,
      message: "Erro ao desbloquear usuário",
    });
  });
});

describe("unblocking from the security page", { timeout: 120_000 }, () => {
  async function unblockRow(id: string, token: string) {
    return call(
      securityRoute.action,
      formRequest("/admin/security", { intent: "desbloquear", id }, { token }),
    );
  }
  const rowOf = async (operation: string, identifier: string) =>
    (
      await db()
        .select()
        .from(rateLimits)
        .where(and(eq(rateLimits.operation, operation), eq(rateLimits.identifier, identifier)))
    )[0]!;

  it("a row that is not blocked is not 'unblocked': no success, no audit, the real block stays", async () => {
    await createUser({ email: "dona@loja.com", password: "senha-certa", papel: "dono" });
    // The IP is blocked (5 e-mails tried from it); the owner's e-mail row is not.
    await login("dona@loja.com", "errada-123", "10.5.0.1");
    for (let i = 1; i <= 4; i++) await login(`outro${i}@loja.com`, "errada-123", "10.5.0.1");
    const free = await rowOf(LOGIN_OPS.email, "dona@loja.com");
    const blocked = await rowOf(LOGIN_OPS.ip, "10.5.0.1");
    const admin = await makeAdmin();
    const page = (
      await call(securityRoute.loader, makeRequest("/admin/security", { token: admin.token }))
    ).data as Awaited<ReturnType<typeof securityRoute.loader>>;
    expect(page.overview!.limites.find((l) => l.id === free.id)?.bloqueado).toBe(false);
    expect(page.overview!.limites.find((l) => l.id === blocked.id)?.bloqueado).toBe(true);

    const refused = await unblockRow(free.id, admin.token);
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      ok: false,
      message: "Este registro não está bloqueado: não há o que desbloquear.",
    });
    expect(await auditEntries("rate_limit_unblock")).toHaveLength(0);
    expect((await rowOf(LOGIN_OPS.email, "dona@loja.com")).attemptCount).toBe(1);
    expect(errorOf(await login("dona@loja.com", "senha-certa", "10.5.0.1"))).toBe(BLOCKED);

    // Unblocking the row that is blocked frees that IP for real.
    expect((await unblockRow(blocked.id, admin.token)).data).toMatchObject({ ok: true });
    expectRedirect(await login("dona@loja.com", "senha-certa", "10.5.0.1"), "/admin/dashboard");
    expect(await auditEntries("rate_limit_unblock")).toHaveLength(1);
  });

  it("a block that has run out is not blocked any more: nothing to unblock", async () => {
    for (let i = 0; i < 5; i++) await login("x@loja.com", "errada-123", `10.6.0.${i}`);
    const row = await rowOf(LOGIN_OPS.email, "x@loja.com");
    advance(LOGIN_RULE.blockMs + 1000);
    const admin = await makeAdmin();
    expect((await unblockRow(row.id, admin.token)).status).toBe(409);
  });
});

describe("login page", () => {
  it("sends a signed-in admin to the dashboard", async () => {
    const admin = await makeAdmin();
    expectRedirect(
      await call(loginRoute.loader, makeRequest("/admin/login", { token: admin.token })),
      "/admin/dashboard",
    );
  });

  it("signs out a signed-in non-admin with 'Acesso negado...'", async () => {
    const customer = await createUser({
      email: "c@loja.com",
      password: "senha-cliente",
      papel: null,
    });
    const { createSession } = await import("~/modules/accounts/index.server");
    const { token } = await createSession(customer.id, makeRequest("/"));
    const result = await call(loginRoute.loader, makeRequest("/admin/login", { token }));
    expect((result.data as { notice: string }).notice).toBe(
      "Acesso negado. Você não tem permissões de administrador.",
    );
    expect((await getSessionState(makeRequest("/", { token }))).status).toBe("none");
    expect(await auditEntries("session_end")).toHaveLength(1);
  });

  it("shows the inactivity notice", async () => {
    const result = await call(loginRoute.loader, makeRequest("/admin/login?motivo=inatividade"));
    expect((result.data as { notice: string }).notice).toBe(
      "Sessão encerrada: Inatividade por mais de 30 minutos",
    );
  });
});

describe("logout and inactivity", () => {
  it("'Sair' ends the session on the server: user_logout and session_end, toast, /admin/login", async () => {
    const admin = await makeAdmin();
    const response = expectRedirect(
      await call(logoutRoute.action, formRequest("/admin/logout", {}, { token: admin.token })),
      "/admin/login",
    );
    const cookies = response.headers.getSetCookie().join(";");
    expect(cookies).toMatch(/agropet_sessao=;.*Max-Age=0/);
    expect(cookies).toContain("agropet_toast=");
    expect((await getSessionState(makeRequest("/admin", { token: admin.token }))).status).toBe(
      "none",
    );
    expect(await auditEntries("user_logout")).toHaveLength(1);
    expect((await auditEntries("session_end"))[0]).toMatchObject({ adminUserId: admin.user.id });
  });

  it("the browser's idle sign-out writes forced_logout and lands on the notice", async () => {
    const admin = await makeAdmin();
    expectRedirect(
      await call(
        logoutRoute.action,
        formRequest("/admin/logout", { motivo: "inatividade" }, { token: admin.token }),
      ),
      "/admin/login?motivo=inatividade",
    );
    const [forced] = await auditEntries("forced_logout");
    expect(forced).toMatchObject({ adminUserId: admin.user.id });
    expect(forced!.details).toMatchObject({ motivo: "inatividade" });
    expect(await auditEntries("session_end")).toHaveLength(1);
  });

  it("the server expires an idle session on its own: the cookie is useless and the expiry audited once", async () => {
    const admin = await makeAdmin();
    advance(IDLE_TIMEOUT_MS - 60_000);
    const fine = await call(
      dashboardRoute.loader,
      makeRequest("/admin/dashboard", { token: admin.token }),
    );
    expect(fine.response).not.toBeInstanceOf(Response);

    advance(IDLE_TIMEOUT_MS + 1000);
    expectRedirect(
      await call(dashboardRoute.loader, makeRequest("/admin/dashboard", { token: admin.token })),
      /^\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard&motivo=inatividade$/,
    );
    // The same stolen cookie, again: refused, nothing more to audit.
    expectRedirect(
      await call(dashboardRoute.loader, makeRequest("/admin/dashboard", { token: admin.token })),
      /^\/admin\/login\?redirectTo=/,
    );
    const forced = await auditEntries("forced_logout");
    expect(forced).toHaveLength(1);
    expect(forced[0]).toMatchObject({ adminUserId: admin.user.id });
    expect(forced[0]!.details).toMatchObject({ motivo: "inatividade", origem: "servidor" });
    expect(await auditEntries("session_end")).toHaveLength(1);
  });

  it("the keep-alive restarts the server's idle clock", async () => {
    const admin = await makeAdmin();
    for (let i = 0; i < 3; i++) {
      advance(IDLE_TIMEOUT_MS - 60_000);
      const result = await call(
        sessaoRoute.action,
        makeRequest("/admin/sessao", { method: "POST", token: admin.token }),
      );
      expect(result.status).toBe(200);
    }
    expect((await getSessionState(makeRequest("/admin", { token: admin.token }))).status).toBe(
      "active",
    );
  });
});
