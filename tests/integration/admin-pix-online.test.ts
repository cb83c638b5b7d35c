// Issue 14, admin side: the 'Pix automático (Mercado Pago)' settings and the refund of a
// paid automatic-Pix order, through the real /admin/loja loader and the actions of
// /admin/loja/configuracoes and /admin/loja/pedidos, signed in as an
// admin, against a local server that answers as Mercado Pago's API does.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { REFUND_MESSAGES, reconcilePendingCobrancas } from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { getPaymentConfig } from "~/modules/payments/index.server";
import { cobrancas } from "~/modules/payments/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { configuracoes } from "~/modules/shop/testing.server";
import { resetEnvCache } from "~/platform/env.server";
import { adminAuditLog } from "~/platform/tables.server";
import { loader } from "~/routes/admin/loja";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { type makeAdmin, makeCustomer } from "../support/factories";
import { type LojaRoute, postLoja } from "../support/loja-actions";
import { mercadoPagoOn, pixOrderWithCharge, withFakeMercadoPago } from "../support/mercadopago";
import { call } from "../support/routes";
import { rowsWhere } from "../support/rows";
import { seededShopWithAdmin } from "../support/seeded-shop";

const ctx = withTestDatabase();
const mp = withFakeMercadoPago();
let admin: Awaited<ReturnType<typeof makeAdmin>>;

// biome-ignore lint/suspicious/noExplicitAny: test access to loose loader and action data
type Loose = any;

beforeEach(async () => {
  admin = await seededShopWithAdmin(ctx.database);
});

const post = (route: LojaRoute, fields: Record<string, string>, token = admin.token) =>
  postLoja(route, fields, token);
const page = async (view: string, token = admin.token) =>
  (await call(loader, makeRequest(`/admin/loja?view=${view}`, { token }))).data as Loose;

/** Posts the payment settings form (the admin's by default). */
const savePayments = (fields: Record<string, string>, token = admin.token) =>
  post("configuracoes", { intent: "payment-settings-save", ...fields }, token);

/** The payment settings form filled in: switched on, both secrets typed, 45-minute expiry. */
const PAYMENTS_FORM = {
  mercadopagoAtivo: "on",
  mercadopagoAccessToken: "APP_USR-painel-123",
  mercadopagoWebhookSecret: "assinatura-painel-456",
  pixExpiracaoMinutos: "45",
};

async function turnOnPix() {
  await updateSettings(ctx.database.db, mercadoPagoOn(mp, "assinatura-de-teste"));
}

/** An automatic-Pix order with its charge; paid when asked (read back from the provider). */
async function pixOrder(options: { paid?: boolean; forma?: string } = {}) {
  await turnOnPix();
  const { pedido, cobranca } = await pixOrderWithCharge(ctx.database);
  if (options.paid) {
    mp.setStatus(cobranca.externoId, "approved");
    expect(await reconcilePendingCobrancas()).toBe(1);
  }
  if (options.forma) {
    await ctx.database.db
      .update(pedidos)
      .set({ formaPagamento: options.forma as never })
      .where(eq(pedidos.id, pedido.id));
  }
  return { pedidoId: pedido.id, cobranca };
}

async function paymentOf(id: string) {
  const [row] = await rowsWhere(pedidos, eq(pedidos.id, id));
  return row!.statusPagamento;
}

const refundCalls = () => mp.requests.filter((r) => r.path.endsWith("/refunds"));

describe("Pix automático settings (/admin/loja?view=configuracoes)", () => {
  it("shows whether each secret is set, never the secret, and the webhook URL to register", async () => {
    let data = (await page("configuracoes")).configuracoes;
    expect(data.pagamentos).toEqual({
      mercadopagoAtivo: false,
      pixExpiracaoMinutos: 30,
      accessToken: { definido: false, doAmbiente: false },
      webhookSecret: { definido: false, doAmbiente: false },
      disponivel: false,
      // Cards through Checkout Pro (decision 0080): off, à vista.
      cartao: { ativo: false, parcelasMax: 1, parcelasSemJuros: 1, disponivel: false },
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
    const saved = await savePayments(PAYMENTS_FORM);
    expect(saved.status).toBe(200);
    expect(saved.data as Loose).toMatchObject({ ok: true, intent: "payment-settings-save" });
    expect(await getPaymentConfig()).toMatchObject({
      ativo: true,
      accessToken: "APP_USR-painel-123",
      webhookSecret: "assinatura-painel-456",
      expiracaoMinutos: 45,
    });

    // Blank secret fields (the page never fills them) keep what is saved.
    const again = await savePayments({
      ...PAYMENTS_FORM,
      mercadopagoAccessToken: "",
      mercadopagoWebhookSecret: "",
      pixExpiracaoMinutos: "60",
    });
    expect(again.status).toBe(200);
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
    const entries = await rowsWhere(adminAuditLog, eq(adminAuditLog.action, "settings_update"));
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
    const cleared = await savePayments({
      limparAccessToken: "on",
      limparWebhookSecret: "on",
      pixExpiracaoMinutos: "60",
    });
    expect(cleared.status).toBe(200);
    expect(await getPaymentConfig()).toMatchObject({
      ativo: false,
      accessToken: null,
      webhookSecret: null,
    });
  });

  it("refuses invalid input in pt-BR, field by field, and saves nothing", async () => {
    const [before] = await ctx.database.db.select().from(configuracoes);
    const tooShort = await savePayments({ pixExpiracaoMinutos: "10" });
    expect(tooShort.status).toBe(400);
    expect((tooShort.data as Loose).errors).toEqual({
      pixExpiracaoMinutos: "O prazo mínimo é de 30 minutos",
    });
    const spaces = await savePayments({
      mercadopagoAccessToken: "APP USR com espaço",
      pixExpiracaoMinutos: "30",
    });
    expect((spaces.data as Loose).errors).toEqual({
      mercadopagoAccessToken: "Access token inválido",
    });
    // Switched on with no token: the foundation's rule, shown under the token field.
    const noToken = await savePayments({ mercadopagoAtivo: "on", pixExpiracaoMinutos: "30" });
    expect(noToken.status).toBe(400);
    expect((noToken.data as Loose).errors).toEqual({
      mercadopagoAccessToken: "Informe o access token do Mercado Pago para ativar o Pix automático",
    });
    const [after] = await ctx.database.db.select().from(configuracoes);
    expect(after).toEqual(before);
    expect(
      await rowsWhere(adminAuditLog, eq(adminAuditLog.action, "settings_update")),
    ).toHaveLength(0);
  });

  it("says 'definido no servidor' when the environment variables win", async () => {
    process.env.MERCADOPAGO_ACCESS_TOKEN = "APP_USR-do-ambiente";
    process.env.MERCADOPAGO_WEBHOOK_SECRET = "segredo-do-ambiente";
    resetEnvCache();
    try {
      // Switching on needs no typed secret when the server has them.
      const on = await savePayments({ mercadopagoAtivo: "on", pixExpiracaoMinutos: "30" });
      expect(on.status).toBe(200);
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
    const result = await savePayments(
      { ...PAYMENTS_FORM, mercadopagoAccessToken: "APP_USR-intruso" },
      customer.token,
    );
    expect(result.response).toBeInstanceOf(Response);
    expect(result.response!.headers.get("location")).toBe("/");
    expect(await getPaymentConfig()).toMatchObject({ ativo: false, accessToken: null });
  });
});

describe("automatic-Pix orders in the orders view", () => {
  it("shows the provider, the charge id and its status, and nothing of the QR code", async () => {
    const { pedidoId, cobranca } = await pixOrder({ paid: true });
    const data = await page("pedidos");
    const order = data.pedidos.orders.find((o: Loose) => o.id === pedidoId);
    expect(order.cobranca).toMatchObject({
      provedor: "mercadopago",
      externoId: cobranca.externoId,
      status: "paga",
      statusProvedor: "approved/accredited",
    });
    expect(order.cobranca.pagoEm).toBeInstanceOf(Date);
    expect(order.cobranca).not.toHaveProperty("qrCode");
    expect(order.cobranca).not.toHaveProperty("idempotencyKey");
    // Orders paid another way carry no charge.
    expect(
      data.pedidos.orders.filter((o: Loose) => o.id !== pedidoId).every((o: Loose) => !o.cobranca),
    ).toBe(true);
  });

  it("refunds a paid order once: provider called, 'reembolsado', audited in the admin's name", async () => {
    const { pedidoId, cobranca } = await pixOrder({ paid: true });
    expect(await paymentOf(pedidoId)).toBe("pago");

    const result = await post("pedidos", { intent: "pix-refund", id: pedidoId });
    expect(result.status).toBe(200);
    expect(result.data as Loose).toMatchObject({
      ok: true,
      intent: "pix-refund",
      message: "Pagamento reembolsado",
    });
    expect(await paymentOf(pedidoId)).toBe("reembolsado");
    expect(refundCalls()).toHaveLength(1);
    expect(refundCalls()[0]!.path).toBe(`/v1/payments/${cobranca.externoId}/refunds`);
    const [charge] = await rowsWhere(cobrancas, eq(cobrancas.id, cobranca.id));
    expect(charge!.status).toBe("reembolsada");
    const entries = await rowsWhere(
      adminAuditLog,
      and(eq(adminAuditLog.resourceId, pedidoId), eq(adminAuditLog.action, "payment_refunded")),
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ adminUserId: admin.user.id });
    expect(entries[0]!.details).toMatchObject({ de: "pago", para: "reembolsado" });

    // A second click (another tab, a stale page) is refused without calling the provider.
    const again = await post("pedidos", { intent: "pix-refund", id: pedidoId });
    expect(again.status).toBe(400);
    expect((again.data as Loose).message).toBe(REFUND_MESSAGES.jaReembolsado);
    expect(refundCalls()).toHaveLength(1);

    const order = (await page("pedidos")).pedidos.orders.find((o: Loose) => o.id === pedidoId);
    expect(order).toMatchObject({
      statusPagamento: "reembolsado",
      cobranca: { status: "reembolsada" },
    });
  });

  it("re-checks the order on the server: unpaid, other payment methods and unknown ids are refused", async () => {
    const unpaid = await pixOrder();
    const r1 = await post("pedidos", { intent: "pix-refund", id: unpaid.pedidoId });
    expect(r1.status).toBe(400);
    expect((r1.data as Loose).message).toBe(REFUND_MESSAGES.naoPago);

    // Marked 'pago' by hand, but no charge was ever paid: nothing to give back.
    await ctx.database.db
      .update(pedidos)
      .set({ statusPagamento: "pago" })
      .where(eq(pedidos.id, unpaid.pedidoId));
    const r2 = await post("pedidos", { intent: "pix-refund", id: unpaid.pedidoId });
    expect(r2.status).toBe(400);
    expect((r2.data as Loose).message).toBe(
      "Este pedido não tem pagamento Pix confirmado para reembolsar",
    );

    const cash = await pixOrder({ paid: true, forma: "dinheiro" });
    const r3 = await post("pedidos", { intent: "pix-refund", id: cash.pedidoId });
    expect((r3.data as Loose).message).toBe(REFUND_MESSAGES.formaErrada);
    expect(await paymentOf(cash.pedidoId)).toBe("pago");

    const r4 = await post("pedidos", { intent: "pix-refund", id: crypto.randomUUID() });
    expect((r4.data as Loose).message).toBe(REFUND_MESSAGES.naoEncontrado);
    const r5 = await post("pedidos", { intent: "pix-refund", id: "não-é-um-id" });
    expect(r5.status).toBe(400);
    expect((r5.data as Loose).message).toBe("Erro ao reembolsar pagamento");
    expect(refundCalls()).toHaveLength(0);
  });

  it("keeps the order paid and says so in pt-BR when Mercado Pago fails, then refunds on retry", async () => {
    const { pedidoId } = await pixOrder({ paid: true });
    mp.failNext(1);
    const failed = await post("pedidos", { intent: "pix-refund", id: pedidoId });
    expect(failed.status).toBe(400);
    expect((failed.data as Loose).message).toBe(REFUND_MESSAGES.provedor);
    expect(await paymentOf(pedidoId)).toBe("pago");

    const retried = await post("pedidos", { intent: "pix-refund", id: pedidoId });
    expect(retried.status).toBe(200);
    expect(await paymentOf(pedidoId)).toBe("reembolsado");
  });

  it("refuses a refund from a non-admin session, changing nothing", async () => {
    const { pedidoId } = await pixOrder({ paid: true });
    const customer = await makeCustomer();
    const result = await post("pedidos", { intent: "pix-refund", id: pedidoId }, customer.token);
    expect(result.response).toBeInstanceOf(Response);
    const anonymous = await postLoja("pedidos", { intent: "pix-refund", id: pedidoId });
    expect(anonymous.response!.headers.get("location")).toMatch(/^\/admin\/login/);
    expect(await paymentOf(pedidoId)).toBe("pago");
    expect(refundCalls()).toHaveLength(0);
  });
});
