// The login lockout under bursts (attempts reserved before argon2), the device cookie that
// keeps the owner in while strangers lock the e-mail, and the gate in front of argon2.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  createUser,
  DEVICE_MAX_AGE_S,
  deviceCookie,
  LOGIN_OPS,
  setHashingLimits,
  totp,
} from "~/modules/accounts/index.server";
import { sessoes, usuarios } from "~/modules/accounts/testing.server";
import { db } from "~/platform/db/client.server";
import { openTotpSecret } from "~/platform/secret-box.server";
import { rateLimits } from "~/platform/tables.server";
import * as contaRoute from "~/routes/admin/conta";
import * as loginRoute from "~/routes/admin/login";
import * as verificarRoute from "~/routes/admin/login-verificar";
import { formRequest, makeRequest } from "../setup/requests";
import { withTestClock } from "../support/clock";
import { auditEntries } from "../support/factories";
import {
  createOwner,
  login,
  loginAsOwner,
  OWNER,
  ownerDevice,
  OWNER_PASSWORD as RIGHT,
  withLoginDatabase,
} from "../support/login";
import { type CallResult, call, expectRedirect, tokenFrom } from "../support/routes";

// Every request of a burst reaches the counters: the gate is tested on its own below.
const _ctx = withLoginDatabase({ running: 4, waiting: 1000 });

const BURST = 30;
const LIMIT = 5;

const { advance, now } = withTestClock("2026-11-22T15:00:00Z");

async function failedLogins(motivo: string) {
  return (await auditEntries("failed_login")).filter(
    (e) => (e.details as { motivo?: string }).motivo === motivo,
  ).length;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const signedIn = (r: CallResult) => r.response?.headers.get("location") === "/admin/dashboard";

// Dozens of argon2 verifications per test on a shared machine: generous time.
describe("a burst of logins", { timeout: 180_000 }, () => {
  it(`${BURST} wrong passwords at once for one e-mail verify at most ${LIMIT}, and the right one sent inside the burst does not sign in`, async () => {
    await createOwner();
    const wrong = Array.from({ length: BURST }, (_, i) =>
      login(OWNER, `errada-${i}-xyz`, `10.20.${Math.floor(i / 250)}.${(i % 250) + 1}`),
    );
    // While the wrong ones are still in argon2 (a verification takes ~80 ms).
    await pause(20);
    const right = await loginAsOwner("10.21.0.1");
    const results = await Promise.all(wrong);

    expect(signedIn(right)).toBe(false);
    expect(right.status).toBe(429);
    expect(await db().select().from(sessoes)).toHaveLength(0);
    const verified = await failedLogins("credenciais_invalidas");
    const refused = await failedLogins("bloqueado");
    console.info(`[rajada por e-mail] senhas verificadas: ${verified}, recusadas: ${refused}`);
    expect(verified).toBeLessThanOrEqual(LIMIT);
    expect(verified).toBeGreaterThan(0);
    expect(verified + refused).toBe(BURST + 1);
    expect(results.filter((r) => r.status === 401).length).toBeLessThan(LIMIT);
  });

  it(`${BURST} wrong passwords at once from one IP (many e-mails) verify at most ${LIMIT}`, async () => {
    await createOwner();
    const wrong = Array.from({ length: BURST }, (_, i) =>
      login(`alvo${i}@loja.com`, "errada-123-xyz", "10.30.0.1"),
    );
    await pause(20);
    const right = await loginAsOwner("10.30.0.1");
    await Promise.all(wrong);
    expect(signedIn(right)).toBe(false);
    const verified = await failedLogins("credenciais_invalidas");
    console.info(`[rajada por IP] senhas verificadas: ${verified}`);
    expect(verified).toBeLessThanOrEqual(LIMIT);
    expect(verified).toBeGreaterThan(0);
  });

  it(`${BURST} wrong codes at once in the TOTP step check at most ${LIMIT}, and the right code inside the burst does not sign in`, async () => {
    const user = await createOwner();
    const secret = await enrolTotp(user.id);
    advance(30_000);
    const step = expectRedirect(await loginAsOwner("10.40.0.1"), /^\/admin\/login\/verificar/);
    const half = tokenFrom(step)!;
    const code = (codigo: string) =>
      call(
        verificarRoute.action,
        formRequest("/admin/login/verificar", { codigo }, { token: half, ip: "10.40.0.1" }),
      );
    const rightCode = totp(secret, now());
    const wrongCode = rightCode === "000000" ? "111111" : "000000";
    const wrong = Array.from({ length: BURST }, () => code(wrongCode));
    await pause(5);
    const right = await code(rightCode);
    await Promise.all(wrong);

    expect(signedIn(right)).toBe(false);
    const checked = await failedLogins("codigo_2fa_invalido");
    console.info(`[rajada 2FA] códigos verificados: ${checked}`);
    expect(checked).toBeLessThanOrEqual(LIMIT);
    expect(checked).toBeGreaterThan(0);
    // Only the half session existed; the code step is now blocked.
    const fullSessions = (await db().select().from(sessoes)).filter((s) => !s.mfaPendente);
    expect(fullSessions).toHaveLength(0);
  });
});

/** Turns on 2FA for the user through /admin/conta and returns the secret. */
async function enrolTotp(userId: string): Promise<string> {
  const { createSession } = await import("~/modules/accounts/index.server");
  const { token } = await createSession(userId, makeRequest("/admin/login"));
  const conta = (fields: Record<string, string>) =>
    call(contaRoute.action, formRequest("/admin/conta", fields, { token }));
  await conta({ intent: "totp_iniciar" });
  const [row] = await db().select().from(usuarios).where(eq(usuarios.id, userId));
  const secret = openTotpSecret(row!.totpSecret)!;
  expect((await conta({ intent: "totp_confirmar", codigo: totp(secret, now()) })).status).toBe(200);
  await db().delete(sessoes);
  return secret;
}

describe("the device cookie", { timeout: 180_000 }, () => {
  it("a browser that signed in gets a signed, HttpOnly, long-lived device cookie (__Host- and Secure over HTTPS)", async () => {
    await createOwner();
    const response = expectRedirect(await loginAsOwner("10.50.0.1"), "/admin/dashboard");
    const set = response.headers.getSetCookie().find((c) => c.startsWith("agropet_dispositivo="))!;
    expect(set).toMatch(
      new RegExp(`; Path=/; Max-Age=${DEVICE_MAX_AGE_S}; HttpOnly; SameSite=Lax$`),
    );
    const secure = deviceCookie("u", new Request("https://loja.example/admin/login"));
    expect(secure).toMatch(/^__Host-agropet_dispositivo=.*; HttpOnly; SameSite=Lax; Secure$/);
    expect(secure).not.toContain("Domain");
  });

  it("strangers lock the e-mail, the owner's known browser still signs in; an unknown one is refused", async () => {
    await createOwner();
    const device = await ownerDevice("10.60.0.1");

    for (let i = 0; i < LIMIT; i++) await login(OWNER, `errada-${i}-xyz`, `10.61.0.${i + 1}`);
    const [blocked] = await db().select().from(rateLimits).where(eq(rateLimits.identifier, OWNER));
    expect(blocked!.blockedUntil!.getTime()).toBeGreaterThan(now().getTime());

    // Unknown browser, right password: refused while the e-mail is locked.
    expect((await loginAsOwner("10.62.0.1")).status).toBe(429);
    // A device cookie altered, or one of another account, is no device at all.
    const altered = `${device.slice(0, -3)}abc`;
    expect((await loginAsOwner("10.62.0.2", { cookie: altered })).status).toBe(429);
    const other = await createUser({ email: "outra@loja.com", password: RIGHT, papel: "dono" });
    const foreign = `agropet_dispositivo=${deviceCookie(other.id, makeRequest("/")).split(";")[0]!.split("=")[1]}`;
    expect((await loginAsOwner("10.62.0.3", { cookie: foreign })).status).toBe(429);

    // The known browser, from wherever it is now: in.
    expectRedirect(await loginAsOwner("10.63.0.1", { cookie: device }), "/admin/dashboard");
    // ...and the e-mail stays locked for everyone else.
    expect((await loginAsOwner("10.62.0.4")).status).toBe(429);
  });

  it("a known browser has a limit of its own: 5 wrong passwords lock that browser, not the e-mail", async () => {
    await createOwner();
    const device = await ownerDevice("10.70.0.1");
    for (let i = 0; i < LIMIT - 1; i++) {
      expect((await login(OWNER, `errada-${i}-xyz`, "10.70.0.1", { cookie: device })).status).toBe(
        401,
      );
    }
    expect((await login(OWNER, "errada-final-xyz", "10.70.0.1", { cookie: device })).status).toBe(
      429,
    );
    expect((await loginAsOwner("10.70.0.1", { cookie: device })).status).toBe(429);
    expect(await failedLogins("bloqueado_dispositivo")).toBe(1);
    const counted = (await db().select().from(rateLimits)).filter((r) => r.attemptCount > 0);
    expect(counted.map((r) => r.operation)).toEqual([LOGIN_OPS.device]);
    // Another browser (no cookie) is counted by e-mail and IP, untouched so far.
    expectRedirect(await loginAsOwner("10.71.0.1"), "/admin/dashboard");
  });
});

describe("the gate in front of argon2", { timeout: 180_000 }, () => {
  it("when every turn is taken the login answers 503 at once, with Retry-After and a pt-BR message, counting nothing", async () => {
    setHashingLimits({ running: 1, waiting: 1 });
    await createOwner();
    const started = performance.now();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        login(`x${i}@loja.com`, "errada-123-xyz", `10.80.0.${i + 1}`),
      ),
    );
    const busy = results.filter((r) => r.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(10);
    expect(busy[0]!.data.errors.form).toBe(
      "Muitos acessos ao painel neste momento. Tente novamente em alguns segundos.",
    );
    expect(results.filter((r) => r.status === 401).length).toBe(12 - busy.length);
    // Refused before any counter or audit entry: an attacker's flood spends nothing.
    expect(await failedLogins("credenciais_invalidas")).toBe(12 - busy.length);
    expect(await db().select().from(rateLimits)).toHaveLength(2 * (12 - busy.length));
    expect(performance.now() - started).toBeLessThan(30_000);
  });

  it("the 503 carries Retry-After", async () => {
    setHashingLimits({ running: 1, waiting: 0 });
    await createOwner();
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => {
        const body = new URLSearchParams({ email: OWNER, password: RIGHT, redirectTo: "" });
        const request = makeRequest("/admin/login", { method: "POST", body, ip: `10.81.0.${i}` });
        return loginRoute.action({ request, params: {}, context: {} } as never);
      }),
    );
    const busy = answers
      .map((a) => (a as { init?: ResponseInit }).init)
      .filter((init) => init?.status === 503);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    for (const init of busy) expect(new Headers(init!.headers).get("Retry-After")).toBe("2");
  });
});
