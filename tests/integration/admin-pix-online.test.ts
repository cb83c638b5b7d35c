// Issue 14, admin side: the 'Pix automático (Mercado Pago)' settings, through the real
// /admin/loja loader and action, signed in as an admin.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action, loader } from "~/routes/admin/loja";
import { adminAuditLog, configuracoes } from "~/server/db/schema";
import { resetEnvCache } from "~/server/env.server";
import { getPaymentConfig } from "~/server/payments/settings.server";
import { seedDatabase } from "~/server/seed.server";
import { body, call, makeAdmin, makeCustomer, status } from "../setup/admin";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { type FakeMercadoPago, startFakeMercadoPago } from "../support/fake-mercadopago";

const ctx = withTestDatabase();
const ENV_KEYS = [
  "MERCADOPAGO_API_URL",
  "MERCADOPAGO_ACCESS_TOKEN",
  "MERCADOPAGO_WEBHOOK_SECRET",
  "PUBLIC_URL",
] as const;
const savedEnv = Object.fromEntries(ENV_KEYS.map((k) => [k, process.env[k]]));
let mp: FakeMercadoPago;
let admin: Awaited<ReturnType<typeof makeAdmin>>;

// biome-ignore lint/suspicious/noExplicitAny: test access to loose loader and action data
type Loose = any;

beforeAll(async () => {
  mp = await startFakeMercadoPago();
  process.env.MERCADOPAGO_API_URL = mp.url;
  delete process.env.PUBLIC_URL;
  delete process.env.MERCADOPAGO_ACCESS_TOKEN;
  delete process.env.MERCADOPAGO_WEBHOOK_SECRET;
  resetEnvCache();
});
afterAll(async () => {
  for (const k of ENV_KEYS) {
    if (savedEnv[k] === undefined) delete process.env[k];
    else process.env[k] = savedEnv[k];
  }
  resetEnvCache();
  await mp.close();
});
beforeEach(async () => {
  await truncateAll(ctx.database);
  await seedDatabase({ images: false });
  admin = await makeAdmin();
  mp.requests.length = 0;
  mp.failNext(0);
});

const post = (fields: Record<string, string>, token = admin.token) =>
  call(action, formRequest("/admin/loja?view=configuracoes", fields, { token }));
const page = async (view: string, token = admin.token) =>
  body<Loose>(await call(loader, makeRequest(`/admin/loja?view=${view}`, { token })));

describe("Pix automático settings (/admin/loja?view=configuracoes)", () => {
  it("shows whether each secret is set, never the secret, and the webhook URL to register", async () => {
    let data = (await page("configuracoes")).configuracoes;
    expect(data.pagamentos).toEqual({
      mercadopagoAtivo: false,
      pixExpiracaoMinutos: 30,
      accessToken: { definido: false, doAmbiente: false },
      webhookSecret: { definido: false, doAmbiente: false },
      disponivel: false,
    });
    // Without PUBLIC_URL: the address the page was opened at.
    expect(data.mercadoPagoWebhookUrl).toBe("http://localhost/webhooks/mercadopago");

    process.env.PUBLIC_URL = "https://loja.example.com";
    resetEnvCache();
    try {
      data = (await page("configuracoes")).configuracoes;
      expect(data.mercadoPagoWebhookUrl).toBe("https://loja.example.com/webhooks/mercadopago");
    } finally {
      delete process.env.PUBLIC_URL;
      resetEnvCache();
    }
  });

  it("saves switch, secrets and expiry, audited by field name; a blank secret keeps the saved one", async () => {
    const saved = await post({
      intent: "payment-settings-save",
      mercadopagoAtivo: "on",
      mercadopagoAccessToken: "APP_USR-painel-123",
      mercadopagoWebhookSecret: "assinatura-painel-456",
      pixExpiracaoMinutos: "45",
    });
    expect(status(saved)).toBe(200);
    expect(body<Loose>(saved)).toMatchObject({ ok: true, intent: "payment-settings-save" });
    expect(await getPaymentConfig()).toMatchObject({
      ativo: true,
      accessToken: "APP_USR-painel-123",
      webhookSecret: "assinatura-painel-456",
      expiracaoMinutos: 45,
    });

    // Blank secret fields (the page never fills them) keep what is saved.
    const again = await post({
      intent: "payment-settings-save",
      mercadopagoAtivo: "on",
      mercadopagoAccessToken: "",
      mercadopagoWebhookSecret: "",
      pixExpiracaoMinutos: "60",
    });
    expect(status(again)).toBe(200);
    expect(await getPaymentConfig()).toMatchObject({
      accessToken: "APP_USR-painel-123",
      webhookSecret: "assinatura-painel-456",
      expiracaoMinutos: 60,
    });

    const view = await page("configuracoes");
    expect(view.configuracoes.pagamentos).toMatchObject({
      mercadopagoAtivo: true,
      pixExpiracaoMinutos: 60,
      disponivel: true,
      accessToken: { definido: true, doAmbiente: false },
      webhookSecret: { definido: true, doAmbiente: false },
    });
    const entries = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(eq(adminAuditLog.action, "settings_update"));
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.adminUserId === admin.user.id)).toBe(true);
    expect(entries.map((e) => e.details)).toContainEqual({
      origem: "pagamentos",
      campos: expect.arrayContaining(["mercadopagoAtivo", "mercadopagoAccessToken"]),
    });
    for (const text of [JSON.stringify(view), JSON.stringify(entries)]) {
      expect(text).not.toContain("APP_USR-painel-123");
      expect(text).not.toContain("assinatura-painel-456");
    }

    // The 'remover' boxes clear them (and online Pix cannot stay on without them).
    const cleared = await post({
      intent: "payment-settings-save",
      limparAccessToken: "on",
      limparWebhookSecret: "on",
      pixExpiracaoMinutos: "60",
    });
    expect(status(cleared)).toBe(200);
    expect(await getPaymentConfig()).toMatchObject({
      ativo: false,
      accessToken: null,
      webhookSecret: null,
    });
  });

  it("refuses invalid input in pt-BR, field by field, and saves nothing", async () => {
    const [before] = await ctx.database.db.select().from(configuracoes);
    const tooShort = await post({ intent: "payment-settings-save", pixExpiracaoMinutos: "10" });
    expect(status(tooShort)).toBe(400);
    expect(body<Loose>(tooShort).errors).toEqual({
      pixExpiracaoMinutos: "O prazo mínimo é de 30 minutos",
    });
    const spaces = await post({
      intent: "payment-settings-save",
      mercadopagoAccessToken: "APP USR com espaço",
      pixExpiracaoMinutos: "30",
    });
    expect(body<Loose>(spaces).errors).toEqual({
      mercadopagoAccessToken: "Access token inválido",
    });
    // Switched on with no token: the foundation's rule, shown under the token field.
    const noToken = await post({
      intent: "payment-settings-save",
      mercadopagoAtivo: "on",
      pixExpiracaoMinutos: "30",
    });
    expect(status(noToken)).toBe(400);
    expect(body<Loose>(noToken).errors).toEqual({
      mercadopagoAccessToken: "Informe o access token do Mercado Pago para ativar o Pix automático",
    });
    const [after] = await ctx.database.db.select().from(configuracoes);
    expect(after).toEqual(before);
    expect(
      await ctx.database.db
        .select()
        .from(adminAuditLog)
        .where(eq(adminAuditLog.action, "settings_update")),
    ).toHaveLength(0);
  });

  it("says 'definido no servidor' when the environment variables win", async () => {
    process.env.MERCADOPAGO_ACCESS_TOKEN = "APP_USR-do-ambiente";
    process.env.MERCADOPAGO_WEBHOOK_SECRET = "segredo-do-ambiente";
    resetEnvCache();
    try {
      // Switching on needs no typed secret when the server has them.
      expect(
        status(
          await post({
            intent: "payment-settings-save",
            mercadopagoAtivo: "on",
            pixExpiracaoMinutos: "30",
          }),
        ),
      ).toBe(200);
      const view = await page("configuracoes");
      expect(view.configuracoes.pagamentos).toMatchObject({
        disponivel: true,
        accessToken: { definido: true, doAmbiente: true },
        webhookSecret: { definido: true, doAmbiente: true },
      });
      expect(JSON.stringify(view)).not.toContain("do-ambiente");
    } finally {
      delete process.env.MERCADOPAGO_ACCESS_TOKEN;
      delete process.env.MERCADOPAGO_WEBHOOK_SECRET;
      resetEnvCache();
    }
  });

  it("is for admins only", async () => {
    const customer = await makeCustomer();
    const result = await post(
      {
        intent: "payment-settings-save",
        mercadopagoAtivo: "on",
        mercadopagoAccessToken: "APP_USR-intruso",
        mercadopagoWebhookSecret: "intruso",
        pixExpiracaoMinutos: "30",
      },
      customer.token,
    );
    expect(result).toBeInstanceOf(Response);
    expect((result as Response).headers.get("location")).toBe("/");
    expect(await getPaymentConfig()).toMatchObject({ ativo: false, accessToken: null });
  });
});
