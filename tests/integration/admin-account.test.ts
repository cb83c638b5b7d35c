import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { totp } from "~/domain/totp";
import * as contaRoute from "~/routes/admin/conta";
import * as loginRoute from "~/routes/admin/login";
import * as verificarRoute from "~/routes/admin/login-verificar";
import { createSession, getSessionState, setClock, verifyPassword } from "~/server/auth.server";
import { db } from "~/server/db/client.server";
import { usuarios } from "~/server/db/schema";
import { openTotpSecret } from "~/server/totp.server";
import {
  auditByAction,
  body,
  call,
  expectRedirect,
  makeAdmin,
  status,
  tokenFrom,
} from "../setup/admin";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";

const ctx = withTestDatabase();

let t = new Date("2026-11-22T15:00:00Z").getTime();
beforeEach(async () => {
  await truncateAll(ctx.database);
  t = new Date("2026-11-22T15:00:00Z").getTime();
  setClock(() => new Date(t));
});
afterEach(() => setClock(undefined));

type Result = { ok: boolean; errors?: Record<string, string>; codes?: string[]; message?: string };

async function conta(fields: Record<string, string>, token: string) {
  return call(contaRoute.action, formRequest("/admin/conta", fields, { token }));
}

async function enrol(admin: Awaited<ReturnType<typeof makeAdmin>>) {
  await conta({ intent: "totp_iniciar" }, admin.token);
  const [row] = await db().select().from(usuarios).where(eq(usuarios.id, admin.user.id));
  expect(row!.totpSecret).not.toBeNull();
  const secret = openTotpSecret(row!.totpSecret)!;
  // Sealed at rest: the stored value is not the base32 secret.
  expect(row!.totpSecret).not.toContain(secret);
  const page = body<{ enrolment: { qrDataUrl: string } | null }>(
    await call(contaRoute.loader, makeRequest("/admin/conta", { token: admin.token })),
  );
  expect(page.enrolment?.qrDataUrl).toMatch(/^data:image\/png;base64,/);

  const wrong = body<Result>(
    await conta({ intent: "totp_confirmar", codigo: "000000" }, admin.token),
  );
  expect(wrong.ok).toBe(false);
  const ok = body<Result>(
    await conta({ intent: "totp_confirmar", codigo: totp(secret, new Date(t)) }, admin.token),
  );
  expect(ok.ok).toBe(true);
  expect(ok.codes).toHaveLength(10);
  return { secret, codes: ok.codes! };
}

describe("two-factor login", { timeout: 120_000 }, () => {
  it("enrols with a QR code, then asks for the code at login; a recovery code works once", async () => {
    const admin = await makeAdmin();
    const { secret, codes } = await enrol(admin);
    expect(await auditByAction("totp_enable")).toHaveLength(1);
    const [stored] = await db().select().from(usuarios).where(eq(usuarios.id, admin.user.id));
    expect(stored!.totpAtivo).toBe(true);
    expect(stored!.codigosRecuperacao.join()).not.toContain(codes[0]!.replace(/-/g, ""));

    // Password step: a half session that opens nothing but the code step.
    const first = expectRedirect(
      await call(
        loginRoute.action,
        formRequest("/admin/login", { email: admin.user.email, password: admin.password }),
      ),
      /^\/admin\/login\/verificar/,
    );
    const half = tokenFrom(first)!;
    expectRedirect(
      await call(contaRoute.loader, makeRequest("/admin/conta", { token: half })),
      /^\/admin\/login\?/,
    );
    expect(
      status(
        await call(verificarRoute.loader, makeRequest("/admin/login/verificar", { token: half })),
      ),
    ).toBe(200);

    const bad = await call(
      verificarRoute.action,
      formRequest("/admin/login/verificar", { codigo: "123456" }, { token: half }),
    );
    expect(status(bad)).toBe(401);
    expect((await auditByAction("failed_login")).at(0)?.details).toMatchObject({
      motivo: "codigo_2fa_invalido",
    });

    t += 30_000;
    const done = expectRedirect(
      await call(
        verificarRoute.action,
        formRequest(
          "/admin/login/verificar",
          { codigo: totp(secret, new Date(t)) },
          { token: half },
        ),
      ),
      "/admin/dashboard",
    );
    const full = tokenFrom(done)!;
    expect(full).not.toBe(half);
    expect((await getSessionState(makeRequest("/admin", { token: half }))).status).toBe("none");
    const state = await getSessionState(makeRequest("/admin", { token: full }));
    expect(state.status === "active" && !state.session.mfaPendente).toBe(true);
    expect((await auditByAction("successful_login")).at(0)?.details).toMatchObject({
      metodo: "totp",
    });

    // A recovery code instead of the app, once.
    const again = async () => {
      const step = expectRedirect(
        await call(
          loginRoute.action,
          formRequest("/admin/login", { email: admin.user.email, password: admin.password }),
        ),
        /^\/admin\/login\/verificar/,
      );
      return call(
        verificarRoute.action,
        formRequest(
          "/admin/login/verificar",
          { codigo: codes[3]!.toLowerCase() },
          { token: tokenFrom(step)! },
        ),
      );
    };
    expectRedirect(await again(), "/admin/dashboard");
    expect(status(await again())).toBe(401);
    expect(await auditByAction("recovery_code_used")).toHaveLength(1);
  });

  it("5 wrong codes end the half session and block the code step", async () => {
    const admin = await makeAdmin();
    await enrol(admin);
    const step = expectRedirect(
      await call(
        loginRoute.action,
        formRequest("/admin/login", { email: admin.user.email, password: admin.password }),
      ),
      /^\/admin\/login\/verificar/,
    );
    const half = tokenFrom(step)!;
    for (let i = 0; i < 4; i++) {
      expect(
        status(
          await call(
            verificarRoute.action,
            formRequest("/admin/login/verificar", { codigo: "111111" }, { token: half }),
          ),
        ),
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
    const refused = body<Result>(
      await conta({ intent: "totp_desativar", senhaAtual: "errada" }, admin.token),
    );
    expect(refused.errors).toEqual({ senhaAtualTotp: "Senha atual incorreta" });
    const ok = body<Result>(
      await conta({ intent: "totp_desativar", senhaAtual: admin.password }, admin.token),
    );
    expect(ok.ok).toBe(true);
    const [row] = await db().select().from(usuarios).where(eq(usuarios.id, admin.user.id));
    expect(row).toMatchObject({ totpAtivo: false, totpSecret: null, codigosRecuperacao: [] });
    expect(await auditByAction("totp_disable")).toHaveLength(1);
  });
});

describe("own password change", () => {
  it("requires the current password, ends the other sessions, keeps this one, audited", async () => {
    const admin = await makeAdmin();
    const other = await createSession(admin.user.id, makeRequest("/admin/login"));

    const wrong = await conta(
      {
        intent: "senha",
        senhaAtual: "nao-e-essa",
        novaSenha: "nova-senha-1",
        confirmacao: "nova-senha-1",
      },
      admin.token,
    );
    expect(body<Result>(wrong).errors).toEqual({ senhaAtual: "Senha atual incorreta" });

    const mismatch = await conta(
      {
        intent: "senha",
        senhaAtual: admin.password,
        novaSenha: "nova-senha-1",
        confirmacao: "outra",
      },
      admin.token,
    );
    expect(body<Result>(mismatch).errors).toEqual({ confirmacao: "As senhas não coincidem" });

    const short = await conta(
      { intent: "senha", senhaAtual: admin.password, novaSenha: "12345", confirmacao: "12345" },
      admin.token,
    );
    expect(body<Result>(short).errors).toEqual({
      novaSenha: "Senha deve ter pelo menos 6 caracteres",
    });

    const ok = await conta(
      {
        intent: "senha",
        senhaAtual: admin.password,
        novaSenha: "nova-senha-1",
        confirmacao: "nova-senha-1",
      },
      admin.token,
    );
    expect(body<Result>(ok).ok).toBe(true);
    const [row] = await db().select().from(usuarios).where(eq(usuarios.id, admin.user.id));
    expect(await verifyPassword(row!.senhaHash, "nova-senha-1")).toBe(true);
    expect((await getSessionState(makeRequest("/admin", { token: other.token }))).status).toBe(
      "none",
    );
    expect((await getSessionState(makeRequest("/admin", { token: admin.token }))).status).toBe(
      "active",
    );
    const [entry] = await auditByAction("password_update");
    expect(entry).toMatchObject({ adminUserId: admin.user.id });
    expect(JSON.stringify(entry!.details)).not.toContain("nova-senha-1");
  });
});
