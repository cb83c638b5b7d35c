import { afterEach, describe, expect, it } from "vitest";
import {
  ABSOLUTE_TIMEOUT_MS,
  createSession,
  createUser,
  deleteSession,
  getSessionState,
  IDLE_TIMEOUT_MS,
  requireAdmin,
  verifyPassword,
} from "~/modules/accounts/index.server";
import { setClock } from "~/platform/clock.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";

/** Creates a user (password "segredo123") and opens a session for it. */
async function userWithSession(
  email: string,
  isAdmin: boolean,
  options?: Parameters<typeof createSession>[2],
) {
  const user = await createUser({ email, password: "segredo123", papel: isAdmin ? "dono" : null });
  return { user, ...(await createSession(user.id, makeRequest("/admin/login"), options)) };
}

withTestDatabase();

let t = new Date("2026-11-22T12:00:00Z").getTime();
function advance(ms: number) {
  t += ms;
}

afterEach(() => setClock(undefined));

async function expectRedirect(promise: Promise<unknown>, location: string | RegExp) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(thrown).toBeInstanceOf(Response);
  const response = thrown as Response;
  expect(response.status).toBe(302);
  const actual = response.headers.get("location") ?? "";
  if (typeof location === "string") expect(actual).toBe(location);
  else expect(actual).toMatch(location);
}

describe("auth core", () => {
  it("hashes passwords with argon2id", async () => {
    const user = await createUser({
      email: "Hash@Teste.com",
      password: "segredo123",
      papel: null,
    });
    expect(user.email).toBe("hash@teste.com");
    expect(user.senhaHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(user.senhaHash, "segredo123")).toBe(true);
    expect(await verifyPassword(user.senhaHash, "errada")).toBe(false);
  });

  it("expires a session after 30 idle minutes, not before", async () => {
    setClock(() => new Date(t));
    const { token } = await userWithSession("idle@teste.com", true);
    expect(token.length).toBeGreaterThanOrEqual(22); // >= 128 bits in base64url

    advance(IDLE_TIMEOUT_MS - 60_000);
    expect((await getSessionState(makeRequest("/admin/dashboard", { token }))).status).toBe(
      "active",
    );
    // That request was activity: the idle clock restarts.
    advance(IDLE_TIMEOUT_MS - 60_000);
    expect((await getSessionState(makeRequest("/admin/dashboard", { token }))).status).toBe(
      "active",
    );

    advance(IDLE_TIMEOUT_MS + 1000);
    const state = await getSessionState(makeRequest("/admin/dashboard", { token }));
    expect(state).toMatchObject({ status: "expired", reason: "idle" });
    // Gone for good: the same cookie is now simply unknown.
    expect((await getSessionState(makeRequest("/admin/dashboard", { token }))).status).toBe("none");
  });

  it("expires a session after 12 hours even when active", async () => {
    setClock(() => new Date(t));
    const { token } = await userWithSession("abs@teste.com", true);
    for (let elapsed = 0; elapsed < ABSOLUTE_TIMEOUT_MS; elapsed += 20 * 60_000) {
      advance(20 * 60_000);
      await getSessionState(makeRequest("/admin/dashboard", { token }));
    }
    expect((await getSessionState(makeRequest("/admin/dashboard", { token }))).status).toBe("none");
  });

  it("ends the session at logout", async () => {
    const { token, session } = await userWithSession("out@teste.com", true);
    expect((await getSessionState(makeRequest("/admin", { token }))).status).toBe("active");
    await deleteSession(session.id);
    expect((await getSessionState(makeRequest("/admin", { token }))).status).toBe("none");
  });

  it("stores only a hash of the token", async () => {
    const { token, session } = await userWithSession("hashid@teste.com", true);
    expect(session.id).not.toContain(token);
    expect(session.id).toMatch(/^[0-9a-f]{64}$/);
  });

  it("requireAdmin: no session -> /admin/login, non-admin -> '/', admin passes", async () => {
    await expectRedirect(
      requireAdmin(makeRequest("/admin/loja")),
      /^\/admin\/login\?redirectTo=%2Fadmin%2Floja/,
    );
    await expectRedirect(
      requireAdmin(makeRequest("/admin/loja", { token: "inventado" })),
      /^\/admin\/login/,
    );

    const c = await userWithSession("cliente@teste.com", false);
    await expectRedirect(requireAdmin(makeRequest("/admin/loja", { token: c.token })), "/");

    const a = await userWithSession("chefe@teste.com", true);
    const result = await requireAdmin(makeRequest("/admin/loja", { token: a.token }));
    expect(result.user.id).toBe(a.user.id);
  });

  it("requireAdmin refuses a session still waiting for its second factor", async () => {
    const s = await userWithSession("mfa@teste.com", true, { mfaPendente: true });
    await expectRedirect(
      requireAdmin(makeRequest("/admin/loja", { token: s.token })),
      /^\/admin\/login/,
    );
  });
});
