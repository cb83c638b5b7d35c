import net, { type AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { shop } from "~/content/shop";
import { getSettings, updateSettings, webhookUrlFor } from "~/modules/shop/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { setClock } from "~/platform/clock.server";
import { db } from "~/platform/db/client.server";
import { declaredRateLimits, registerAttempt } from "~/platform/rate-limits.server";
import { adminAuditLog } from "~/platform/tables.server";
import * as configuracoesRoute from "~/routes/admin/configuracoes";
import * as securityRoute from "~/routes/admin/security";
import * as testesRoute from "~/routes/admin/testes";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { auditEntries, makeAdmin } from "../support/factories";
import { withHookEndpoint } from "../support/hook-endpoint";
import { call } from "../support/routes";

const ctx = withTestDatabase();

beforeEach(async () => {
  await truncateAll(ctx.database);
  setClock(undefined);
});

const DAY = 24 * 60 * 60 * 1000;

describe("security page", () => {
  it("cleanup deletes only audit entries older than 7 days, and records itself", async () => {
    const admin = await makeAdmin();
    const at = Date.now();
    const ages = [8 * DAY, 7 * DAY + 60_000, 7 * DAY - 60_000, 2 * DAY, 0];
    for (const [i, age] of ages.entries()) {
      await db()
        .insert(adminAuditLog)
        .values({ action: `teste_${i}`, createdAt: new Date(at - age) });
    }
    const result = await call(
      securityRoute.action,
      formRequest("/admin/security", { intent: "limpar" }, { token: admin.token }),
    );
    expect(result.data).toMatchObject({
      ok: true,
      message: "Logs antigos removidos com sucesso",
      removidos: 2,
    });
    const left = (await db().select().from(adminAuditLog)).map((r) => r.action).sort();
    expect(left).toEqual(["audit_log_delete_old", "teste_2", "teste_3", "teste_4"]);
    const [entry] = await auditEntries("audit_log_delete_old");
    expect(entry).toMatchObject({ adminUserId: admin.user.id, ipAddress: "127.0.0.1" });
    expect(entry!.details).toMatchObject({ removidos: 2 });
  });

  it("shows the four counters, the latest 50 audit entries and up to 100 rate-limit entries", async () => {
    const admin = await makeAdmin();
    for (let i = 0; i < 55; i++) {
      await logAudit({
        action: i % 2 ? "failed_login" : "product_update",
        details: i % 2 ? { security_event: true } : undefined,
      });
    }
    await db()
      .insert(adminAuditLog)
      .values({ action: "failed_login", createdAt: new Date(Date.now() - 2 * DAY) });
    const page = (
      await call(securityRoute.loader, makeRequest("/admin/security", { token: admin.token }))
    ).data as Awaited<ReturnType<typeof securityRoute.loader>>;
    const overview = page.overview!;
    expect(overview.counters).toEqual({
      totalLogs: 56,
      tentativasRecentes: 27,
      bloqueados: 0,
      eventosSensiveis: 27,
    });
    expect(overview.auditoria).toHaveLength(50);
    const times = overview.auditoria.map((a) => a.createdAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("counts any security_event flag that is not false, and never fails on one that is not a boolean", async () => {
    const admin = await makeAdmin();
    // Older resume downloads flagged themselves with a word, not true.
    await logAudit({ action: "resume_download", details: { security_event: "sensitive_access" } });
    await logAudit({ action: "forced_logout", details: { security_event: true } });
    await logAudit({ action: "product_update", details: { security_event: false } });
    await logAudit({ action: "product_update", details: { nome: "Ração" } });
    const result = await call(
      securityRoute.loader,
      makeRequest("/admin/security", { token: admin.token }),
    );
    expect(result.status).toBe(200);
    expect(result.data.overview.counters).toMatchObject({ totalLogs: 4, eventosSensiveis: 2 });
  });

  it("counts a trail of years up to 10,000 and says 'mais de' past it; the exact counts stay exact", async () => {
    const admin = await makeAdmin();
    // 10,001 entries, one in ten a security event (1,001 of them: still counted exactly).
    await db().execute(
      sql`insert into admin_audit_log (action, details, created_at)
        select 'product_update',
          case when i % 10 = 0 then '{"security_event": true}'::jsonb end,
          now() - i * interval '1 minute'
        from generate_series(0, 10000) i`,
    );
    const page = (
      await call(securityRoute.loader, makeRequest("/admin/security", { token: admin.token }))
    ).data as Awaited<ReturnType<typeof securityRoute.loader>>;
    const overview = page.overview!;
    expect(overview.counters).toMatchObject({ totalLogs: 10_000, eventosSensiveis: 1_001 });
    expect(overview.exatos).toMatchObject({ totalLogs: false, eventosSensiveis: true });
    // Newest first, ties by id as the index orders them.
    expect(overview.auditoria[0]!.createdAt.getTime()).toBeGreaterThan(
      overview.auditoria[1]!.createdAt.getTime(),
    );
  });

  it("names every counted operation in Portuguese, the store's and the forms' too", async () => {
    const admin = await makeAdmin();
    const rule = { max: 100, windowMs: DAY, blockMs: DAY };
    for (const { operation } of declaredRateLimits()) {
      await registerAttempt(operation, "10.0.0.9", rule);
    }
    const page = (
      await call(securityRoute.loader, makeRequest("/admin/security", { token: admin.token }))
    ).data as Awaited<ReturnType<typeof securityRoute.loader>>;
    const named = Object.fromEntries(
      page.overview!.limites.map((entry) => [entry.operation, entry.operacao]),
    );
    expect(named).toMatchObject({
      checkout: "Pedidos na loja",
      cupom: "Cupons inválidos no carrinho",
      "form:contato": "Mensagens de contato",
      "form:orcamento": "Orçamentos de banho e tosa",
      "form:curriculo": "Currículos enviados",
      login_email: "Login (e-mail)",
    });
    expect(Object.keys(named)).toHaveLength(declaredRateLimits().length);
    for (const [operation, label] of Object.entries(named)) {
      expect(label, operation).not.toBe(operation);
    }
  });
});

/** Posts the general settings form as the given admin. */
function saveSettings(fields: Record<string, string>, token: string) {
  return call(configuracoesRoute.action, formRequest("/admin/configuracoes", fields, { token }));
}

/** Saves the form, expects it accepted and returns the settings as stored. */
async function savedSettings(fields: Record<string, string>, token: string) {
  const result = await saveSettings(fields, token);
  expect(result.data).toMatchObject({ ok: true });
  return getSettings();
}

describe("general settings", () => {
  it("refuses an invalid URL and a short number with the SPEC messages", async () => {
    const admin = await makeAdmin();
    const result = await saveSettings(
      {
        webhook_url: "não é url",
        webhook_servicos: "ftp://exemplo.com",
        webhook_curriculos: "",
        whatsapp_numero: "47 9999",
      },
      admin.token,
    );
    expect(result.status).toBe(400);
    expect((result.data as { errors: Record<string, string> }).errors).toEqual({
      webhook_url: "URL inválida",
      webhook_servicos: "URL inválida",
      whatsapp_numero: "Número deve ter pelo menos 10 dígitos",
    });
    expect(await auditEntries("settings_update")).toHaveLength(0);
  });

  it("saves the webhook URLs and the number in the shared settings row, audited", async () => {
    const admin = await makeAdmin();
    await updateSettings(db(), { taxaEntregaPadrao: 500 });
    const settings = await savedSettings(
      {
        webhook_url: "https://hooks.exemplo.com/pedidos?token=abc",
        webhook_servicos: "https://hooks.exemplo.com/servicos",
        webhook_curriculos: "",
        webhook_ativo: "on",
        webhook_servicos_ativo: "on",
        webhook_curriculos_ativo: "on",
        whatsapp_numero: "(47) 99999-0416",
      },
      admin.token,
    );
    expect(settings).toMatchObject({
      webhookUrl: "https://hooks.exemplo.com/pedidos?token=abc",
      webhookServicos: "https://hooks.exemplo.com/servicos",
      webhookCurriculos: null,
      whatsappNumero: "47999990416",
      taxaEntregaPadrao: 500,
    });
    const [entry] = await auditEntries("settings_update");
    expect(entry).toMatchObject({ adminUserId: admin.user.id, resourceType: "configuracoes" });
    expect(JSON.stringify(entry!.details)).not.toContain("token=abc");
    expect((entry!.details as { campos: string[] }).campos.sort()).toEqual([
      "webhookServicos",
      "webhookUrl",
      "whatsappNumero",
    ]);
  });
});

describe("webhook switches (one per kind)", () => {
  it("are shown and saved on /admin/configuracoes; turning orders off leaves the others on", async () => {
    const admin = await makeAdmin();
    const page = await call(
      configuracoesRoute.loader,
      makeRequest("/admin/configuracoes", { token: admin.token }),
    );
    expect((page.data as { settings: Record<string, unknown> }).settings).toMatchObject({
      webhook_ativo: true,
      webhook_servicos_ativo: true,
      webhook_curriculos_ativo: true,
    });
    const settings = await savedSettings(
      {
        webhook_url: "https://hooks.exemplo.com/geral",
        webhook_servicos: "",
        webhook_curriculos: "https://hooks.exemplo.com/curriculos",
        webhook_servicos_ativo: "on",
        webhook_curriculos_ativo: "on",
        whatsapp_numero: "",
      },
      admin.token,
    );
    expect(settings).toMatchObject({
      webhookAtivo: false,
      webhookServicosAtivo: true,
      webhookCurriculosAtivo: true,
    });
    expect(webhookUrlFor(settings, "pedido")).toBeNull();
    expect(webhookUrlFor(settings, "servico")).toBe("https://hooks.exemplo.com/geral");
    expect(webhookUrlFor(settings, "curriculo")).toBe("https://hooks.exemplo.com/curriculos");
    const off = await updateSettings(db(), { webhookAtivo: true, webhookCurriculosAtivo: false });
    expect(webhookUrlFor(off, "pedido")).toBe("https://hooks.exemplo.com/geral");
    expect(webhookUrlFor(off, "curriculo")).toBeNull();
  });
});

describe("system tests", () => {
  const hooks = withHookEndpoint((call) => (call.path === "/falha" ? 500 : 200));

  async function run(teste: string, token: string) {
    return (await call(testesRoute.action, formRequest("/admin/testes", { teste }, { token })))
      .data as { ok: boolean; message: string };
  }

  it("database test runs a real query", async () => {
    const admin = await makeAdmin();
    expect(await run("database", admin.token)).toMatchObject({
      ok: true,
      message: "Database conectado!",
    });
  });

  it("webhook test posts the system-test payload and reports each outcome", async () => {
    const admin = await makeAdmin();
    expect(await run("webhook", admin.token)).toMatchObject({
      ok: false,
      message: "Configure o webhook antes de testar",
    });
    const page = (
      await call(testesRoute.loader, makeRequest("/admin/testes", { token: admin.token }))
    ).data as { webhookConfigured: boolean; whatsappNumero: string };
    // No number in the settings: the chat test uses the shop's phone (app/content), as
    // every chat link of the site does, and says so.
    expect(page).toEqual({
      webhookConfigured: false,
      whatsappNumero: shop.phone,
      whatsappPadrao: true,
    });
    await updateSettings(db(), { whatsappNumero: "47988887777" });
    expect(
      (await call(testesRoute.loader, makeRequest("/admin/testes", { token: admin.token }))).data,
    ).toEqual({ webhookConfigured: false, whatsappNumero: "47988887777", whatsappPadrao: false });
    await updateSettings(db(), { whatsappNumero: null });

    await updateSettings(db(), { webhookUrl: `${hooks.base}/ok` });
    expect(await run("webhook", admin.token)).toMatchObject({
      ok: true,
      message: "Teste enviado! Verifique seu WhatsApp/email.",
    });
    const last = hooks.calls.at(-1)!;
    const sent = { path: last.path, body: JSON.parse(last.body) as Record<string, unknown> };
    expect(sent.path).toBe("/ok");
    expect(sent.body).toMatchObject({ teste: true, origem: "painel_admin" });
    expect(Object.keys(sent.body).sort()).toEqual(
      [
        "email",
        "mensagem",
        "nomeCompleto",
        "origem",
        "telefone",
        "teste",
        "timestamp",
        "vaga",
      ].sort(),
    );
    expect(new Date(String(sent.body.timestamp)).toISOString()).toBe(sent.body.timestamp);

    await updateSettings(db(), { webhookUrl: `${hooks.base}/falha` });
    expect(await run("webhook", admin.token)).toMatchObject({
      ok: false,
      message: "Erro HTTP: 500 - Internal Server Error",
    });

    await updateSettings(db(), { webhookUrl: "http://127.0.0.1:1/nada" });
    expect(await run("webhook", admin.token)).toMatchObject({
      ok: false,
      message: "Erro ao conectar com o webhook",
    });
  });

  it("names an HTTP error whose status line has no reason phrase", async () => {
    // A server that answers 'HTTP/1.1 404 ' (no reason phrase, as HTTP/2 never has one),
    // or a status with no standard phrase and a body that says what went wrong.
    const raw = net.createServer((socket) => {
      socket.once("data", (chunk) => {
        const body = chunk.toString().includes("/estranho")
          ? "Cota do webhook esgotada\n  tente amanhã"
          : "";
        socket.end(
          `HTTP/1.1 ${body ? 599 : 404} \r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
        );
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, "127.0.0.1", resolve));
    const rawBase = `http://127.0.0.1:${(raw.address() as AddressInfo).port}`;
    try {
      const admin = await makeAdmin();
      await updateSettings(db(), { webhookUrl: `${rawBase}/sumiu` });
      expect(await run("webhook", admin.token)).toMatchObject({
        ok: false,
        message: "Erro HTTP: 404 - Not Found",
      });
      await updateSettings(db(), { webhookUrl: `${rawBase}/estranho` });
      expect(await run("webhook", admin.token)).toMatchObject({
        ok: false,
        message: "Erro HTTP: 599 - Cota do webhook esgotada tente amanhã",
      });
    } finally {
      await new Promise<void>((resolve) => raw.close(() => resolve()));
    }
  });
});
