// The shop's team (issue 41 points 1, 4 and 7; decision 0067): invitations by e-mail through the
// outbox and a real SMTP server, one-time links (48 h, reuse, resend, revoke), deactivation
// racing a request in flight, the last-owner rule racing, the 2FA requirement after the grace
// period, the owner's password reset, and what stays as it was (admin:create, login refusals).
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { ACESSO_NEGADO } from "~/domain/permissions";
import * as accounts from "~/modules/accounts/index.server";
import { convites, redefinicoesSenha, sessoes, usuarios } from "~/modules/accounts/testing.server";
import { composeEmail, deliverEmailsDue } from "~/modules/mail/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { db } from "~/platform/db/client.server";
import { openTotpSecret } from "~/platform/secret-box.server";
import * as contaRoute from "~/routes/admin/conta";
import * as conviteRoute from "~/routes/admin/convite";
import * as equipeRoute from "~/routes/admin/equipe";
import { loader as layoutLoader } from "~/routes/admin/layout";
import * as loginRoute from "~/routes/admin/login";
import * as senhaRoute from "~/routes/admin/senha";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { withTestClock } from "../support/clock";
import { addCentroUnit, auditEntries, defaultUnitId, makeAdmin } from "../support/factories";
import { gate } from "../support/gate";
import { call, expectRedirect, tokenFrom } from "../support/routes";
import { withSmtpServer } from "../support/smtp";

const ctx = withTestDatabase();
const smtp = withSmtpServer();
const clock = withTestClock("2026-11-22T15:00:00Z");
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PASSWORD = "Quati-Aveia-Moinho-35";
const NEW_PASSWORD = "Lontra-Bambu-Farol-72";

let owner: Awaited<ReturnType<typeof makeAdmin>>;

beforeEach(async () => {
  await truncateAll(ctx.database);
  smtp.messages.length = 0;
  smtp.down = false;
  smtp.use(true);
  owner = await makeAdmin();
});

/** The owner signs in again (the clock moved past the session's limits). */
async function freshOwnerSession() {
  owner.token = (await accounts.createSession(owner.user.id, makeRequest("/admin/login"))).token;
}

/** The worker's passes until nothing is due (each row rendered by its kind's composer). */
async function drain() {
  for (;;) {
    // Rows are due by the worker's clock (the real one when queued): the later of the two.
    const at = new Date(Math.max(Date.now(), clock.now().getTime()));
    const n = await deliverEmailsDue({ compose: composeEmail, now: () => at });
    if (n === 0) return;
  }
}

function equipe(fields: Record<string, string | string[]>, token = owner.token) {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) {
    for (const value of Array.isArray(v) ? v : [v]) body.append(k, value);
  }
  return call(equipeRoute.action, makeRequest("/admin/equipe", { method: "POST", body, token }));
}

/** The token of the last link of `kind` e-mailed to `email`, read from the message received. */
function linkIn(email: string, kind: "convite" | "senha"): string {
  const message = smtp.messages.filter((m) => m.envelopeTo.includes(email)).at(-1);
  expect(message, `e-mail para ${email}`).toBeDefined();
  const match = new RegExp(`/admin/${kind}/([A-Za-z0-9_-]{43})`).exec(message!.text ?? "");
  expect(match, "link no e-mail").not.toBeNull();
  return match![1]!;
}

function openInvite(token: string) {
  return call(conviteRoute.loader, makeRequest(`/admin/convite/${token}`), { token });
}

function acceptInvite(token: string, senha = NEW_PASSWORD, confirmacao = senha) {
  return call(conviteRoute.action, formRequest(`/admin/convite/${token}`, { senha, confirmacao }), {
    token,
  });
}

async function invite(email = "ana@agropet.test", units: string[] | "todas" = "todas") {
  const result = await equipe({
    intent: "convidar",
    nome: "Ana Souza",
    email,
    papel: "atendente",
    unidades: units === "todas" ? "todas" : "escolhidas",
    unidadeIds: units === "todas" ? [] : units,
  });
  expect(result.data).toMatchObject({ ok: true });
  await drain();
  return linkIn(email, "convite");
}

async function userByEmail(email: string) {
  const [user] = await db().select().from(usuarios).where(eq(usuarios.email, email));
  return user;
}

async function login(email: string, password: string) {
  return call(loginRoute.action, formRequest("/admin/login", { email, password }));
}

describe("invitations (point 1)", () => {
  it("e-mails a one-time link that creates the person with their own password and signs them in", async () => {
    const unit = await defaultUnitId();
    const token = await invite("ana@agropet.test", [unit]);
    const message = smtp.messages.at(-1)!;
    expect(message.subject).toContain("Convite para a equipe");
    expect(message.text).toContain("Atendente");

    // Only the hash is stored: the token is nowhere in the invitation's row.
    const [row] = await db().select().from(convites);
    expect(JSON.stringify(row)).not.toContain(token);

    const page = await openInvite(token);
    expect(page.data).toMatchObject({ refusal: null, convite: { email: "ana@agropet.test" } });

    // Today's policy: a guessable password is refused and the link still holds.
    const weak = await acceptInvite(token, "agropetitapema2026");
    expect(weak.status).toBe(400);
    expect(weak.data.errors.senha).toMatch(/Senha fraca/);
    const mismatch = await acceptInvite(token, NEW_PASSWORD, "outra-coisa-qualquer");
    expect(mismatch.data.errors.confirmacao).toBe("As senhas não coincidem");

    const accepted = await acceptInvite(token);
    // The first screen an Atendente may open: the orders.
    const response = expectRedirect(accepted, "/admin/loja?view=pedidos");
    const session = tokenFrom(response)!;
    const ana = await userByEmail("ana@agropet.test");
    expect(ana).toMatchObject({
      nome: "Ana Souza",
      papel: "atendente",
      ativo: true,
      todasUnidades: false,
      unidadeIds: [unit],
    });
    expect(ana!.ultimoLoginEm).not.toBeNull();
    const state = await accounts.getSessionState(
      makeRequest("/admin/dashboard", { token: session }),
    );
    expect(state.status).toBe("active");

    // The link is used up: the page and a second post say so, and nothing changes.
    expect((await openInvite(token)).data.refusal).toMatch(/já foi usado/);
    const again = await acceptInvite(token, "Capivara-Telhado-Grilo-18");
    expect(again.data.errors.form).toMatch(/já foi usado/);
    expect((await login("ana@agropet.test", NEW_PASSWORD)).status).toBe(302);
    expect(await auditEntries("team_invite_accept")).toHaveLength(1);
  });

  it("a link expires after 48 hours; resend issues a new one and the old one dies", async () => {
    const first = await invite();
    clock.advance(48 * HOUR - 60_000);
    expect((await openInvite(first)).data.refusal).toBeNull();
    clock.advance(60_000);
    const expired = await openInvite(first);
    expect(expired.status).toBe(410);
    expect(expired.data.refusal).toMatch(/expirou/);
    expect((await acceptInvite(first)).data.errors.form).toMatch(/expirou/);

    await freshOwnerSession();
    const [row] = await db().select().from(convites);
    expect((await equipe({ intent: "reenviar", id: row!.id })).data).toMatchObject({ ok: true });
    await drain();
    const second = linkIn("ana@agropet.test", "convite");
    expect(second).not.toBe(first);
    expect((await openInvite(first)).data.refusal).toMatch(/não é válido/);
    expectRedirect(await acceptInvite(second), "/admin/loja?view=pedidos");
  });

  it("a revoked invitation is refused; a second invitation to the same e-mail is a resend", async () => {
    const token = await invite();
    const twice = await equipe({
      intent: "convidar",
      nome: "Ana",
      email: "ANA@agropet.test",
      papel: "tosador",
      unidades: "todas",
    });
    expect(twice.data).toMatchObject({ ok: false });
    expect(twice.data.message).toMatch(/Reenviar/);
    const member = await equipe({
      intent: "convidar",
      nome: "Dono",
      email: owner.user.email,
      papel: "gerente",
      unidades: "todas",
    });
    expect(member.data.message).toMatch(/Já existe uma pessoa da equipe/);

    const [row] = await db().select().from(convites);
    expect((await equipe({ intent: "revogar", id: row!.id })).data).toMatchObject({ ok: true });
    expect((await openInvite(token)).data.refusal).toMatch(/cancelado/);
    expect((await acceptInvite(token)).data.errors.form).toMatch(/cancelado/);
    expect(await userByEmail("ana@agropet.test")).toBeUndefined();
  });

  it("refuses units that are not the shop's active units and a list with none", async () => {
    const none = await equipe({
      intent: "convidar",
      nome: "Bia",
      email: "bia@agropet.test",
      papel: "atendente",
      unidades: "escolhidas",
    });
    expect(none.status).toBe(400);
    expect(none.data.errors.unidadeIds).toBe("Escolha ao menos uma unidade");
    const stranger = await equipe({
      intent: "convidar",
      nome: "Bia",
      email: "bia@agropet.test",
      papel: "atendente",
      unidades: "escolhidas",
      unidadeIds: ["00000000-0000-4000-8000-000000000001"],
    });
    expect(stranger.data.message).toBe("Escolha unidades ativas da loja.");
    expect(await db().select().from(convites)).toHaveLength(0);
  });

  it("only a person who may manage the team reaches the screen and its intents", async () => {
    const token = await invite();
    expectRedirect(await acceptInvite(token), "/admin/loja?view=pedidos");
    const ana = await userByEmail("ana@agropet.test");
    const { token: anaToken } = await accounts.createSession(ana!.id, makeRequest("/admin/login"));
    const page = await call(equipeRoute.loader, makeRequest("/admin/equipe", { token: anaToken }));
    expect(page.status).toBe(403);
    const write = await equipe({ intent: "desativar", id: owner.user.id }, anaToken);
    expect(write.status).toBe(403);
    expect(write.data.message).toBe(ACESSO_NEGADO);
  });
});

/** A person of the team with a live session. */
async function member(papel: "dono" | "gerente" | "atendente", email: string) {
  const user = await accounts.createUser({
    email,
    password: PASSWORD,
    papel,
    nome: email.split("@")[0],
  });
  const { token } = await accounts.createSession(user.id, makeRequest("/admin/login"));
  return { user, token };
}

describe("deactivation (point 1)", () => {
  it("ends every session at once, refuses the login with its own message, and reactivates", async () => {
    const bia = await member("atendente", "bia@agropet.test");
    await accounts.createSession(bia.user.id, makeRequest("/admin/login"));
    const done = await equipe({ intent: "desativar", id: bia.user.id });
    expect(done.data).toMatchObject({ ok: true });
    expect(await db().select().from(sessoes).where(eq(sessoes.usuarioId, bia.user.id))).toEqual([]);
    expectRedirect(
      await call(layoutLoader, makeRequest("/admin/loja", { token: bia.token })),
      /^\/admin\/login/,
    );
    const refused = await login("bia@agropet.test", PASSWORD);
    expect(refused.status).toBe(403);
    expect(refused.data.errors.form).toBe(accounts.AUTH_MESSAGES.inactive);
    // A wrong password says what it always says: the account's state is not revealed.
    expect((await login("bia@agropet.test", "senha-errada-123")).data.errors.form).toBe(
      accounts.AUTH_MESSAGES.invalid,
    );
    expect(await auditEntries("team_member_deactivate")).toHaveLength(1);

    expect((await equipe({ intent: "reativar", id: bia.user.id })).data).toMatchObject({
      ok: true,
    });
    expect((await login("bia@agropet.test", PASSWORD)).status).toBe(302);
  });

  it("a write already past the guard when the person is deactivated is refused and rolled back", async () => {
    const other = await member("dono", "outro-dono@agropet.test");
    await invite("caio@agropet.test");
    const [convite] = await db().select().from(convites);
    // A real admin action (accounts' guard), whose intent waits for the test before its
    // transaction: the request is in flight while the deactivation happens.
    const release = gate();
    const guarded = gate();
    const action = accounts.adminAction(
      {
        revogar: adminIntent({
          failure: "Erro",
          run: async (_, { actor }) => {
            guarded.open();
            await release.promise;
            await accounts.revokeInvitation(convite!.id, actor);
            return "ok";
          },
        }),
      },
      { capability: "equipe.gerenciar" },
    );
    const inFlight = call(
      action,
      formRequest("/admin/equipe", { intent: "revogar" }, { token: other.token }),
    );
    await guarded.promise;
    expect((await equipe({ intent: "desativar", id: other.user.id })).data).toMatchObject({
      ok: true,
    });
    release.open();
    const result = await inFlight;
    expect(result.data).toMatchObject({ ok: false, message: accounts.ACCOUNT_DEACTIVATED });
    const [after] = await db().select().from(convites).where(eq(convites.id, convite!.id));
    expect(after!.revogadoEm).toBeNull();
    expect(await auditEntries("team_invite_revoke")).toHaveLength(0);
  });

  it("writes racing a deactivation: each is done whole before it or refused", async () => {
    const other = await member("dono", "outro-dono@agropet.test");
    const names = Array.from({ length: 6 }, (_, i) => `p${i}@agropet.test`);
    const writes = names.map((email) =>
      equipe(
        { intent: "convidar", nome: "Pessoa", email, papel: "tosador", unidades: "todas" },
        other.token,
      ),
    );
    const deactivation = equipe({ intent: "desativar", id: other.user.id });
    const results = await Promise.all(writes);
    expect((await deactivation).data).toMatchObject({ ok: true });
    // A refusal is the guard's (the session is gone: to the login) or the write's re-read.
    for (const r of results) {
      if (r.data?.ok === true) continue;
      if (r.response) expect(r.response.headers.get("location")).toMatch(/^\/admin\/login/);
      else expect(r.data.message).toBe(accounts.ACCOUNT_DEACTIVATED);
    }
    // Nothing half-done: each invitation that exists has its audit row and was answered ok.
    const okCount = results.filter((r) => r.data?.ok === true).length;
    expect(await db().select().from(convites)).toHaveLength(okCount);
    expect(await auditEntries("team_invite")).toHaveLength(okCount);
  });
});

describe("the last active owner (point 1)", () => {
  it("cannot be demoted or deactivated, by themselves or anyone", async () => {
    const demote = await equipe({
      intent: "acesso",
      id: owner.user.id,
      papel: "gerente",
      unidades: "todas",
    });
    expect(demote.data).toMatchObject({ ok: false, message: accounts.LAST_OWNER });
    const self = await equipe({ intent: "desativar", id: owner.user.id });
    expect(self.data.message).toBe("Você não pode desativar a própria conta.");
    const [row] = await db().select().from(usuarios).where(eq(usuarios.id, owner.user.id));
    expect(row).toMatchObject({ papel: "dono", ativo: true });
  });

  it("two owners demoting each other at once: exactly one succeeds", async () => {
    const other = await member("dono", "outro-dono@agropet.test");
    const [a, b] = await Promise.all([
      equipe({ intent: "acesso", id: other.user.id, papel: "gerente", unidades: "todas" }),
      equipe(
        { intent: "acesso", id: owner.user.id, papel: "atendente", unidades: "todas" },
        other.token,
      ),
    ]);
    const oks = [a, b].filter((r) => r.data?.ok === true);
    expect(oks).toHaveLength(1);
    const owners = await db()
      .select()
      .from(usuarios)
      .where(and(eq(usuarios.papel, "dono"), eq(usuarios.ativo, true)));
    expect(owners).toHaveLength(1);
  });

  it("two owners deactivating each other at once: one owner stays active", async () => {
    const other = await member("dono", "outro-dono@agropet.test");
    await Promise.all([
      equipe({ intent: "desativar", id: other.user.id }),
      equipe({ intent: "desativar", id: owner.user.id }, other.token),
    ]);
    const owners = await db()
      .select()
      .from(usuarios)
      .where(and(eq(usuarios.papel, "dono"), eq(usuarios.ativo, true)));
    expect(owners).toHaveLength(1);
  });
});

describe("2FA for Dono and Gerente (point 4)", () => {
  it("during the grace period a banner counts the days; after it every page asks for enrolment", async () => {
    const gerente = await member("gerente", "gerente@agropet.test");
    const layout = await call(layoutLoader, makeRequest("/admin/loja", { token: gerente.token }));
    expect(layout.data.doisFatores).toEqual({ kind: "grace", diasRestantes: 7 });

    clock.advance(7 * DAY);
    // Sign-in with the password: then every admin page leads to the enrolment.
    const signedIn = await login("gerente@agropet.test", PASSWORD);
    const token = tokenFrom(expectRedirect(signedIn, "/admin/dashboard"))!;
    for (const path of ["/admin/dashboard", "/admin/loja", "/admin/estoque"]) {
      expectRedirect(
        await call(layoutLoader, makeRequest(path, { token })),
        "/admin/conta?2fa=obrigatorio",
      );
    }
    // Writes too.
    expectRedirect(
      await call(equipeRoute.action, formRequest("/admin/equipe", { intent: "x" }, { token })),
      "/admin/conta?2fa=obrigatorio",
    );
    // The account page opens, with the layout's notice, and enrolment ends the requirement.
    const conta = await call(layoutLoader, makeRequest("/admin/conta", { token }));
    expect(conta.data.doisFatores).toEqual({ kind: "required" });
    await call(
      contaRoute.action,
      formRequest("/admin/conta", { intent: "totp_iniciar" }, { token }),
    );
    const [row] = await db().select().from(usuarios).where(eq(usuarios.id, gerente.user.id));
    const codigo = accounts.totp(openTotpSecret(row!.totpSecret)!, clock.now());
    const confirmed = await call(
      contaRoute.action,
      formRequest("/admin/conta", { intent: "totp_confirmar", codigo }, { token }),
    );
    expect(confirmed.data).toMatchObject({ ok: true });
    const after = await call(layoutLoader, makeRequest("/admin/dashboard", { token }));
    expect(after.status).toBe(200);
    expect(after.data.doisFatores).toEqual({ kind: "none" });
  });

  it("is optional for Atendente and Tosador", async () => {
    await member("atendente", "at@agropet.test");
    clock.advance(30 * DAY);
    const token = tokenFrom(
      expectRedirect(await login("at@agropet.test", PASSWORD), "/admin/dashboard"),
    )!;
    const page = await call(layoutLoader, makeRequest("/admin/loja", { token }));
    expect(page.status).toBe(200);
    expect(page.data.doisFatores).toEqual({ kind: "none" });
  });
});

describe("password reset by the owner (point 1)", () => {
  it("e-mails a one-time link; using it sets the password and ends every session", async () => {
    const bia = await member("atendente", "bia@agropet.test");
    expect((await equipe({ intent: "redefinir_senha", id: bia.user.id })).data).toMatchObject({
      ok: true,
    });
    await drain();
    const token = linkIn("bia@agropet.test", "senha");
    const [row] = await db().select().from(redefinicoesSenha);
    expect(JSON.stringify(row)).not.toContain(token);

    const page = await call(senhaRoute.loader, makeRequest(`/admin/senha/${token}`), { token });
    expect(page.data.pessoa).toMatchObject({ email: "bia@agropet.test" });
    const done = await call(
      senhaRoute.action,
      formRequest(`/admin/senha/${token}`, { senha: NEW_PASSWORD, confirmacao: NEW_PASSWORD }),
      { token },
    );
    expect(done.data.done).toMatch(/Senha alterada/);
    expect(await db().select().from(sessoes).where(eq(sessoes.usuarioId, bia.user.id))).toEqual([]);
    expect((await login("bia@agropet.test", PASSWORD)).status).toBe(401);
    expect((await login("bia@agropet.test", NEW_PASSWORD)).status).toBe(302);
    const reuse = await call(senhaRoute.loader, makeRequest(`/admin/senha/${token}`), { token });
    expect(reuse.data.refusal).toMatch(/já foi usado/);
  });

  it("the reset link expires after 24 hours; the owner can end a person's sessions", async () => {
    const bia = await member("atendente", "bia@agropet.test");
    await equipe({ intent: "redefinir_senha", id: bia.user.id });
    await drain();
    const token = linkIn("bia@agropet.test", "senha");
    clock.advance(DAY);
    const page = await call(senhaRoute.loader, makeRequest(`/admin/senha/${token}`), { token });
    expect(page.data.refusal).toMatch(/expirou/);

    await freshOwnerSession();
    const ended = await equipe({ intent: "encerrar_sessoes", id: bia.user.id });
    expect(ended.data).toMatchObject({ ok: true, message: "1 sessão encerrada" });
    expect(
      await accounts.getSessionState(makeRequest("/admin/loja", { token: bia.token })),
    ).toEqual({
      status: "none",
    });
  });
});

describe("what keeps working (point 7)", () => {
  it("admin:create and ADMIN_EMAIL (upsertAdmin) make an active Dono of every unit", async () => {
    const created = await accounts.upsertAdmin("novo-dono@agropet.test", PASSWORD);
    expect(created).toMatchObject({ papel: "dono", ativo: true, todasUnidades: true });
    const centro = await addCentroUnit(db(), { atendeEntregas: false });
    const staff = await accounts.createUser({
      email: "ex@agropet.test",
      password: PASSWORD,
      papel: "atendente",
      todasUnidades: false,
      unidadeIds: [centro],
    });
    await db().update(usuarios).set({ ativo: false }).where(eq(usuarios.id, staff.id));
    const promoted = await accounts.upsertAdmin("ex@agropet.test", NEW_PASSWORD);
    expect(promoted).toMatchObject({ papel: "dono", ativo: true, todasUnidades: true });
  });

  it("a person without a role is still denied with the SPEC's message", async () => {
    await accounts.createUser({ email: "cliente@agropet.test", password: PASSWORD });
    const denied = await login("cliente@agropet.test", PASSWORD);
    expect(denied.status).toBe(403);
    expect(denied.data.errors.form).toBe(
      "Acesso negado. Você não tem permissões de administrador.",
    );
  });

  it("each full sign-in records the person's last sign-in", async () => {
    const bia = await member("atendente", "bia@agropet.test");
    expect(bia.user.ultimoLoginEm).toBeNull();
    clock.advance(HOUR);
    await login("bia@agropet.test", PASSWORD);
    const [row] = await db().select().from(usuarios).where(eq(usuarios.id, bia.user.id));
    expect(row!.ultimoLoginEm?.toISOString()).toBe(clock.now().toISOString());
  });
});

describe("the team screen", () => {
  it("lists people, open invitations, units and each person's activity", async () => {
    await invite("ana@agropet.test");
    const page = await call(
      equipeRoute.loader,
      makeRequest("/admin/equipe", { token: owner.token }),
    );
    expect(page.status).toBe(200);
    expect(page.data.team).toHaveLength(1);
    expect(page.data.team[0]).toMatchObject({ papel: "dono", totpAtivo: false, sessoes: 1 });
    expect(page.data.team[0].atividade.map((a: { action: string }) => a.action)).toContain(
      "team_invite",
    );
    expect(page.data.invitations).toMatchObject([
      { email: "ana@agropet.test", papel: "atendente" },
    ]);
  });
});
