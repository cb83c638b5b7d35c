import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  clearSessionCookie,
  createSession,
  getSessionState,
  HASHING_BUSY_MESSAGE,
  purgeExpiredSessions,
  sessionCookie,
  setHashingLimits,
  totp,
  verifyPassword,
} from "~/modules/accounts/index.server";
import { sessoes, usuarios } from "~/modules/accounts/testing.server";
import { configuracoes, unidades } from "~/modules/shop/testing.server";
import { db } from "~/platform/db/client.server";
import { openTotpSecret } from "~/platform/secret-box.server";
import * as contaRoute from "~/routes/admin/conta";
import * as loginRoute from "~/routes/admin/login";
import * as verificarRoute from "~/routes/admin/login-verificar";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { withTestClock } from "../support/clock";
import { auditEntries, makeAdmin } from "../support/factories";
import { declaredJob, runDeclaredJob } from "../support/jobs";
import { call, expectRedirect, tokenFrom } from "../support/routes";

const ctx = withTestDatabase();

const { advance, now } = withTestClock("2026-11-22T15:00:00Z");

beforeEach(async () => {
  await truncateAll(ctx.database);
});

type Result = { ok: boolean; errors?: Record<string, string>; codes?: string[]; message?: string };

async function conta(fields: Record<string, string>, token: string) {
  return call(contaRoute.action, formRequest("/admin/conta", fields, { token }));
}

/** The password form of /admin/conta, sent by `admin`. */
function changePassword(
  admin: { token: string },
  senhaAtual: string,
  novaSenha: string,
  confirmacao = novaSenha,
) {
  return conta({ intent: "senha", senhaAtual, novaSenha, confirmacao }, admin.token);
}

async function enrol(admin: Awaited<ReturnType<typeof makeAdmin>>) {
  await conta({ intent: "totp_iniciar" }, admin.token);
  const [row] = await db().select().from(usuarios).where(eq(usuarios.id, admin.user.id));
  expect(row!.totpSecret).not.toBeNull();
  const secret = openTotpSecret(row!.totpSecret)!;
  // Sealed at rest: the stored value is not the base32 secret.
  expect(row!.totpSecret).not.toContain(secret);
  const page = (await call(contaRoute.loader, makeRequest("/admin/conta", { token: admin.token })))
    .data as { enrolment: { qrDataUrl: string } | null };
  expect(page.enrolment?.qrDataUrl).toMatch(/^data:image\/png;base64,/);

  const wrong = (await conta({ intent: "totp_confirmar", codigo: "000000" }, admin.token))
    .data as Result;
  expect(wrong.ok).toBe(false);
  const ok = (await conta({ intent: "totp_confirmar", codigo: totp(secret, now()) }, admin.token))
    .data as Result;
  expect(ok.ok).toBe(true);
  expect(ok.codes).toHaveLength(10);
  return { secret, codes: ok.codes! };
}

/** The password step of a two-factor login: returns the half session's token. */
async function passwordStep(admin: Awaited<ReturnType<typeof makeAdmin>>) {
  const step = expectRedirect(
    await call(
      loginRoute.action,
      formRequest("/admin/login", { email: admin.user.email, password: admin.password }),
    ),
    /^\/admin\/login\/verificar/,
  );
  return tokenFrom(step)!;
}

/**
 * Tries each of `weak` as the new password: each is refused (400) as guessable, with the
 * policy's message, which is returned with its password.
 */
async function refusedAsWeak(
  change: (novaSenha: string) => ReturnType<typeof changePassword>,
  weak: string[],
) {
  const messages: [string, string][] = [];
  for (const password of weak) {
    const refused = await change(password);
    expect(refused.status, password).toBe(400);
    const message = (refused.data as Result).errors?.novaSenha ?? "";
    expect(message, password).toMatch(/^Senha fraca, fácil de adivinhar\. /);
    messages.push([password, message]);
  }
  return messages;
}

describe("two-factor login", { timeout: 120_000 }, () => {
  it("enrols with a QR code, then asks for the code at login; a recovery code works once", async () => {
    const admin = await makeAdmin();
    const { secret, codes } = await enrol(admin);
    expect(await auditEntries("totp_enable")).toHaveLength(1);
    const [stored] = await db().select().from(usuarios).where(eq(usuarios.id, admin.user.id));
    expect(stored!.totpAtivo).toBe(true);
    expect(stored!.codigosRecuperacao.join()).not.toContain(codes[0]!.replace(/-/g, ""));

    // Password step: a half session that opens nothing but the code step.
    const half = await passwordStep(admin);
    expectRedirect(
      await call(contaRoute.loader, makeRequest("/admin/conta", { token: half })),
      /^\/admin\/login\?/,
    );
    expect(
      (await call(verificarRoute.loader, makeRequest("/admin/login/verificar", { token: half })))
        .status,
    ).toBe(200);

    const bad = await call(
      verificarRoute.action,
      formRequest("/admin/login/verificar", { codigo: "123456" }, { token: half }),
    );
    expect(bad.status).toBe(401);
    expect((await auditEntries("failed_login")).at(0)?.details).toMatchObject({
      motivo: "codigo_2fa_invalido",
    });

    advance(30_000);
    const done = expectRedirect(
      await call(
        verificarRoute.action,
        formRequest("/admin/login/verificar", { codigo: totp(secret, now()) }, { token: half }),
      ),
      "/admin/dashboard",
    );
    const full = tokenFrom(done)!;
    expect(full).not.toBe(half);
    expect((await getSessionState(makeRequest("/admin", { token: half }))).status).toBe("none");
    const state = await getSessionState(makeRequest("/admin", { token: full }));
    expect(state.status === "active" && !state.session.mfaPendente).toBe(true);
    expect((await auditEntries("successful_login")).at(0)?.details).toMatchObject({
      metodo: "totp",
    });

    // A recovery code instead of the app, once.
    const again = async () => {
      return call(
        verificarRoute.action,
        formRequest(
          "/admin/login/verificar",
          { codigo: codes[3]!.toLowerCase() },
          { token: await passwordStep(admin) },
        ),
      );
    };
    expectRedirect(await again(), "/admin/dashboard");
    expect((await again()).status).toBe(401);
    expect(await auditEntries("recovery_code_used")).toHaveLength(1);
  });

  it("a TOTP code is good once: replayed inside its window it is refused, and the enrolment code cannot sign in", async () => {
    const admin = await makeAdmin();
    const { secret } = await enrol(admin);
    const codeStep = async (codigo: string) =>
      call(
        verificarRoute.action,
        formRequest("/admin/login/verificar", { codigo }, { token: await passwordStep(admin) }),
      );

    // Same 30-second step as the code that confirmed the enrolment: already spent.
    expect((await codeStep(totp(secret, now()))).status).toBe(401);
    advance(30_000);
    const code = totp(secret, now());
    expectRedirect(await codeStep(code), "/admin/dashboard");
    // Someone who saw that code over the shoulder, seconds later: refused.
    advance(5_000);
    expect((await codeStep(code)).status).toBe(401);
    // The previous step's code is still inside the ±1 window, but older than the last used one.
    expect((await codeStep(totp(secret, new Date(now().getTime() - 30_000)))).status).toBe(401);
    // The next step works.
    advance(30_000);
    expectRedirect(await codeStep(totp(secret, now())), "/admin/dashboard");
  });

  it("5 wrong codes end the half session and block the code step", async () => {
    const admin = await makeAdmin();
    await enrol(admin);
    const half = await passwordStep(admin);
    for (let i = 0; i < 4; i++) {
      expect(
        (
          await call(
            verificarRoute.action,
            formRequest("/admin/login/verificar", { codigo: "111111" }, { token: half }),
          )
        ).status,
      ).toBe(401);
    }
    expectRedirect(
      await call(
        verificarRoute.action,
        formRequest("/admin/login/verificar", { codigo: "111111" }, { token: half }),
      ),
      "/admin/login?motivo=bloqueado",
    );
    expect((await getSessionState(makeRequest("/admin", { token: half }))).status).toBe("none");
  });

  it("disabling needs the current password", async () => {
    const admin = await makeAdmin();
    await enrol(admin);
    const refused = (await conta({ intent: "totp_desativar", senhaAtual: "errada" }, admin.token))
      .data as Result;
    expect(refused.errors).toEqual({ senhaAtualTotp: "Senha atual incorreta" });
    const ok = (await conta({ intent: "totp_desativar", senhaAtual: admin.password }, admin.token))
      .data as Result;
    expect(ok.ok).toBe(true);
    const [row] = await db().select().from(usuarios).where(eq(usuarios.id, admin.user.id));
    expect(row).toMatchObject({ totpAtivo: false, totpSecret: null, codigosRecuperacao: [] });
    expect(await auditEntries("totp_disable")).toHaveLength(1);
  });
});

describe("sessions of the account", () => {
  it("/admin/conta ends every other session of the admin, keeps this one, audited", async () => {
    const admin = await makeAdmin();
    const phone = await createSession(admin.user.id, makeRequest("/admin/login"));
    const laptop = await createSession(admin.user.id, makeRequest("/admin/login"));
    const someoneElse = await makeAdmin();
    const page = (
      await call(contaRoute.loader, makeRequest("/admin/conta", { token: admin.token }))
    ).data as { outrasSessoes: number };
    expect(page.outrasSessoes).toBe(2);

    const done = (await conta({ intent: "encerrar_sessoes" }, admin.token)).data as Result;
    expect(done).toMatchObject({ ok: true, message: "2 outras sessões foram encerradas." });
    for (const ended of [phone, laptop]) {
      expect((await getSessionState(makeRequest("/admin", { token: ended.token }))).status).toBe(
        "none",
      );
    }
    expect((await getSessionState(makeRequest("/admin", { token: admin.token }))).status).toBe(
      "active",
    );
    expect(
      (await getSessionState(makeRequest("/admin", { token: someoneElse.token }))).status,
    ).toBe("active");
    const [entry] = await auditEntries("sessions_revoke");
    expect(entry).toMatchObject({ adminUserId: admin.user.id });
    expect(entry!.details).toMatchObject({ sessoes_encerradas: 2 });
  });

  it("expired sessions are purged: idle and past the absolute limit go, live ones stay", async () => {
    const admin = await makeAdmin();
    const idle = await createSession(admin.user.id, makeRequest("/admin/login"));
    advance(31 * 60_000);
    const fresh = await createSession(admin.user.id, makeRequest("/admin/login"));
    expect(await purgeExpiredSessions()).toBe(2); // `idle` and the admin's first session
    const rows = await db().select({ id: sessoes.id }).from(sessoes);
    expect(rows).toHaveLength(1);
    expect((await getSessionState(makeRequest("/admin", { token: fresh.token }))).status).toBe(
      "active",
    );
    expect((await getSessionState(makeRequest("/admin", { token: idle.token }))).status).toBe(
      "none",
    );
  });

  it("the purge is the accounts job, every 15 minutes, run and recorded by the runner", async () => {
    const admin = await makeAdmin();
    const sessionCount = async () => (await db().select({ id: sessoes.id }).from(sessoes)).length;
    expect(declaredJob("accounts.purge-sessions").intervalMs).toBe(15 * 60_000);

    advance(31 * 60_000); // the admin's session is now idle for too long
    await createSession(admin.user.id, makeRequest("/admin/login"));
    expect(await sessionCount()).toBe(2);
    advance(31 * 60_000);
    const run = await runDeclaredJob("accounts.purge-sessions");
    expect(run).toMatchObject({ outcome: "ok", counts: { removidas: 2 } });
    expect(await sessionCount()).toBe(0);
  });

  it("over HTTPS the session cookie is __Host- prefixed (Secure, Path=/, no Domain) and only that name is read", async () => {
    const secure = new Request("https://loja.example/admin/login");
    const cookie = sessionCookie("tok", secure);
    expect(cookie).toMatch(/^__Host-agropet_sessao=tok; Path=\/; HttpOnly; SameSite=Lax; Secure$/);
    expect(cookie).not.toContain("Domain");
    expect(clearSessionCookie(secure)).toMatch(/^__Host-agropet_sessao=;.*Max-Age=0.*Secure/);
    expect(sessionCookie("tok", new Request("http://localhost/"))).toMatch(/^agropet_sessao=tok;/);

    const admin = await makeAdmin();
    const over = (cookieHeader: string) =>
      getSessionState(
        new Request("https://loja.example/admin", { headers: { cookie: cookieHeader } }),
      );
    expect((await over(`__Host-agropet_sessao=${admin.token}`)).status).toBe("active");
    // A plain-named cookie (plantable by a sibling subdomain) is not read over HTTPS.
    expect((await over(`agropet_sessao=${admin.token}`)).status).toBe("none");
  });
});

describe("own password change", () => {
  it("requires the current password, ends the other sessions, keeps this one, audited", async () => {
    const admin = await makeAdmin();
    const other = await createSession(admin.user.id, makeRequest("/admin/login"));

    const wrong = await changePassword(admin, "nao-e-essa", "Capivara-Ração-Litoral-47");
    expect((wrong.data as Result).errors).toEqual({ senhaAtual: "Senha atual incorreta" });

    const mismatch = await changePassword(
      admin,
      admin.password,
      "Capivara-Ração-Litoral-47",
      "outra",
    );
    expect((mismatch.data as Result).errors).toEqual({ confirmacao: "As senhas não coincidem" });

    const short = await changePassword(admin, admin.password, "Xk9#mQ2!");
    expect((short.data as Result).errors).toEqual({
      novaSenha: "A senha deve ter pelo menos 12 caracteres",
    });

    const ok = await changePassword(admin, admin.password, "Capivara-Ração-Litoral-47");
    expect((ok.data as Result).ok).toBe(true);
    const [row] = await db().select().from(usuarios).where(eq(usuarios.id, admin.user.id));
    expect(await verifyPassword(row!.senhaHash, "Capivara-Ração-Litoral-47")).toBe(true);
    expect((await getSessionState(makeRequest("/admin", { token: other.token }))).status).toBe(
      "none",
    );
    expect((await getSessionState(makeRequest("/admin", { token: admin.token }))).status).toBe(
      "active",
    );
    const [entry] = await auditEntries("password_update");
    expect(entry).toMatchObject({ adminUserId: admin.user.id });
    expect(JSON.stringify(entry!.details)).not.toContain("Capivara-Ração-Litoral-47");
  });

  it("refuses guessable passwords of 12 characters or more with zxcvbn's pt-BR explanation", async () => {
    const admin = await makeAdmin();
    const change = (novaSenha: string) => changePassword(admin, admin.password, novaSenha);
    for (const [weak, message] of await refusedAsWeak(change, [
      "123456789012",
      "senha1234567",
      "aaaaaaaaaaaa",
      "passwordpassword",
      "agropetlitoral2026",
    ])) {
      // zxcvbn's own feedback, in Portuguese.
      expect(message, weak).toMatch(/senha|palavras|caracteres|sequências|Adicione|Evite/i);
    }
    const [row] = await db().select().from(usuarios).where(eq(usuarios.id, admin.user.id));
    expect(await verifyPassword(row!.senhaHash, admin.password)).toBe(true);
    expect(await auditEntries("password_update")).toHaveLength(0);

    expect(((await change("Gato-Maracujá-Trilho-93")).data as Result).ok).toBe(true);
  });

  it("refuses the shop's own words with the year around them: name, city, units, company (issue 39)", async () => {
    const admin = await makeAdmin();
    // A unit and a company name of this shop, as the admin typed them.
    await db()
      .update(unidades)
      .set({ nome: "Unidade Porto Belo", bairro: "Perequê" })
      .where(eq(unidades.slug, "meia-praia"));
    await db()
      .insert(configuracoes)
      .values({ id: 1, razaoSocial: "Capivarinha Comércio de Rações Ltda" })
      .onConflictDoUpdate({
        target: configuracoes.id,
        set: { razaoSocial: "Capivarinha Comércio de Rações Ltda" },
      });
    const change = (novaSenha: string) => changePassword(admin, admin.password, novaSenha);
    // The clock says 2026: this year, the last and the next are the years tried first.
    await refusedAsWeak(change, [
      "agropet@2026!",
      "Agropet#2025!!",
      "itapema@2027!",
      "PortoBelo@2026!",
      "perequê_2026!!",
      "Capivarinha@2026",
      "Litoral.Agropet.2026",
    ]);
    expect(await auditEntries("password_update")).toHaveLength(0);
    // The shop's words inside a phrase of the admin's own are fine.
    expect(((await change("Agropet-Jabuticaba-Trilho-Vermelho")).data as Result).ok).toBe(true);
  });
});

describe("/admin/conta on the admin action wrapper", () => {
  it("a password check that finds argon2's turns all taken answers 503 with Retry-After, in pt-BR", async () => {
    const admin = await makeAdmin();
    setHashingLimits({ running: 0, waiting: 0 });
    try {
      const busy = await conta(
        { intent: "totp_desativar", senhaAtual: admin.password },
        admin.token,
      );
      expect(busy.status).toBe(503);
      expect(busy.data).toMatchObject({ ok: false, message: HASHING_BUSY_MESSAGE });
      const raw = (await contaRoute.action({
        request: formRequest(
          "/admin/conta",
          {
            intent: "senha",
            senhaAtual: admin.password,
            novaSenha: "Outra-Senha-Longa-2026",
            confirmacao: "Outra-Senha-Longa-2026",
          },
          { token: admin.token },
        ),
        params: {},
      } as never)) as { init?: ResponseInit };
      expect(new Headers(raw.init?.headers).get("Retry-After")).toMatch(/^\d+$/);
    } finally {
      setHashingLimits(undefined);
    }
    // With a turn free again, the same form is checked as usual (2FA is not on: refused).
    const wrong = await conta({ intent: "totp_desativar", senhaAtual: "errada" }, admin.token);
    expect(wrong.status).toBe(400);
    expect((wrong.data as Result).errors?.senhaAtualTotp).toBe("Senha atual incorreta");
  });
});
