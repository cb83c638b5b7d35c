// Issue 14 (foundation): online Pix through Mercado Pago, against a local server that
// answers as its API does. Charges, signed notifications through the real route action,
// paid exactly once, reconciliation of missed notifications, refunds, settings.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookEntregas } from "~/modules/notifications/testing.server";
import {
  chargeOrderPix,
  reconcilePendingCobrancas,
  refundPixCobranca,
} from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { paymentSettingsSchema } from "~/modules/payments";
import {
  CobrancaError,
  getPaymentConfig,
  getPaymentSettingsView,
  savePaymentSettings,
  signNotification,
} from "~/modules/payments/index.server";
import { cobrancas } from "~/modules/payments/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { AdminError } from "~/platform/admin/actor.server";
import { resetEnvCache } from "~/platform/env.server";
import { adminAuditLog } from "~/platform/tables.server";
import { loader as lojaLoader } from "~/routes/admin/loja";
import { action as notificationAction } from "~/routes/webhooks/mercadopago";
import { makeRequest } from "../setup/requests";
import { makeAdmin } from "../support/factories";
import {
  PIX_WEBHOOK_SECRET,
  pixOrder as placePixOrder,
  pixOrderWithCharge as placePixOrderWithCharge,
  withPixShop,
} from "../support/mercadopago";
import { call, responseOf } from "../support/routes";

const SECRET = PIX_WEBHOOK_SECRET;
const { ctx, mp } = withPixShop({
  webhookUrl: "https://hooks.example.com/pedidos",
  webhookAtivo: true,
});

// Switched to online Pix after a cash order (quicker than a checkout;
// tests/integration/pix-checkout.test.ts goes through the checkout itself).
const pixOrder = (preco?: number) => placePixOrder(ctx.database, preco);
const pixOrderWithCharge = () => placePixOrderWithCharge(ctx.database);

/** A notification as Mercado Pago sends it: data.id and type in the query, signed headers. */
function notification(
  dataId: string,
  options: { secret?: string; ts?: number; signature?: string | null; type?: string } = {},
) {
  const ts = String(options.ts ?? Math.floor(Date.now() / 1000));
  const requestId = crypto.randomUUID();
  const type = options.type ?? "payment";
  const v1 = signNotification(options.secret ?? SECRET, dataId, requestId, ts);
  const headers: Record<string, string> = {
    "content-type": "application/json",
    "x-request-id": requestId,
  };
  if (options.signature !== null) headers["x-signature"] = options.signature ?? `ts=${ts},v1=${v1}`;
  return makeRequest(`/webhooks/mercadopago?data.id=${dataId}&type=${type}`, {
    method: "POST",
    headers,
    body: JSON.stringify({
      action: "payment.updated",
      api_version: "v1",
      type,
      data: { id: dataId },
      live_mode: false,
    }),
  });
}

async function notify(request: Request) {
  const response = await responseOf(notificationAction, request);
  return { status: response.status, text: await response.text() };
}

async function orderState(id: string) {
  const [pedido] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, id));
  const [cobranca] = await ctx.database.db
    .select()
    .from(cobrancas)
    .where(eq(cobrancas.pedidoId, id));
  const audits = await ctx.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.resourceId, id), eq(adminAuditLog.action, "payment_confirmed")));
  const updates = (
    await ctx.database.db.select().from(webhookEntregas).where(eq(webhookEntregas.resourceId, id))
  ).filter((w) => w.payload.evento === "pagamento_atualizado");
  return { pedido: pedido!, cobranca: cobranca!, audits, updates };
}

const lookups = (id: string) =>
  mp.requests.filter((r) => r.method === "GET" && r.path === `/v1/payments/${id}`).length;

describe("creating a Pix charge", () => {
  it("creates it through POST /v1/payments with an idempotency key and keeps the QR code", async () => {
    const pedido = await pixOrder(4590);
    const before = Date.now();
    const cobranca = await chargeOrderPix(pedido.id, { email: "maria@example.com" });

    const posts = mp.requests.filter((r) => r.method === "POST" && r.path === "/v1/payments");
    expect(posts).toHaveLength(1);
    const sent = posts[0]!;
    expect(sent.headers["x-idempotency-key"]).toBe(cobranca.idempotencyKey);
    expect(sent.headers.authorization).toBe(`Bearer ${mp.accessToken}`);
    expect(sent.body).toMatchObject({
      payment_method_id: "pix",
      transaction_amount: pedido.total / 100,
      external_reference: pedido.numeroPedido,
      notification_url: "https://loja.example.com/webhooks/mercadopago",
      payer: { email: "maria@example.com", first_name: "Maria", last_name: "Souza" },
    });
    expect(String(sent.body!.date_of_expiration)).toMatch(
      /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}-03:00$/,
    );

    expect(cobranca).toMatchObject({
      pedidoId: pedido.id,
      provedor: "mercadopago",
      status: "pendente",
      statusProvedor: "pending/pending_waiting_transfer",
      valor: pedido.total,
    });
    expect(cobranca.qrCode).toMatch(/^000201/);
    expect(cobranca.qrCodeBase64).toBeTruthy();
    expect(cobranca.ticketUrl).toContain("/ticket");
    // Default expiry: 30 minutes.
    const minutes = (cobranca.expiraEm!.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThan(30.2);
  });

  it("gives back the open charge, and a retry after a lost answer gets the same payment", async () => {
    const { pedido, cobranca } = await pixOrderWithCharge();
    const again = await chargeOrderPix(pedido.id, { email: "maria@example.com" });
    expect(again.id).toBe(cobranca.id);
    expect(mp.requests.filter((r) => r.method === "POST")).toHaveLength(1);

    // As if the first answer had never been stored: the same key goes out again and the
    // provider answers with the same payment, not a second one.
    await ctx.database.db.delete(cobrancas).where(eq(cobrancas.id, cobranca.id));
    const retried = await chargeOrderPix(pedido.id, { email: "maria@example.com" });
    expect(retried.externoId).toBe(cobranca.externoId);
    expect(retried.idempotencyKey).toBe(cobranca.idempotencyKey);
    const forOrder = [...mp.payments.values()].filter(
      (p) => p.external_reference === pedido.numeroPedido,
    );
    expect(forOrder).toHaveLength(1);
  });

  it("makes a new charge once the previous one expired", async () => {
    const { pedido, cobranca } = await pixOrderWithCharge();
    const later = new Date(cobranca.expiraEm!.getTime() + 60_000);
    const next = await chargeOrderPix(pedido.id, { email: "maria@example.com" }, () => later);
    expect(next.externoId).not.toBe(cobranca.externoId);
    expect(next.idempotencyKey).not.toBe(cobranca.idempotencyKey);
  });

  it("refuses orders not paid by online Pix, and while online Pix is off", async () => {
    const pedido = await pixOrder();
    await ctx.database.db
      .update(pedidos)
      .set({ formaPagamento: "dinheiro" })
      .where(eq(pedidos.id, pedido.id));
    await expect(chargeOrderPix(pedido.id, { email: "a@b.com" })).rejects.toThrow(
      "Este pedido não é pago por Pix online",
    );
    const other = await pixOrder();
    await updateSettings(ctx.database.db, { mercadopagoAtivo: false });
    await expect(chargeOrderPix(other.id, { email: "a@b.com" })).rejects.toThrow(CobrancaError);
    expect(mp.requests).toHaveLength(0);
  });
});

describe("POST /webhooks/mercadopago", () => {
  it("refuses unsigned, wrongly signed and stale notifications with 401, changing nothing", async () => {
    const { pedido, cobranca } = await pixOrderWithCharge();
    mp.setStatus(cobranca.externoId, "approved");
    const id = cobranca.externoId;
    const now = Math.floor(Date.now() / 1000);

    const answers = [
      await notify(notification(id, { signature: null })),
      await notify(notification(id, { secret: "outro-segredo" })),
      await notify(notification(id, { signature: `ts=${now},v1=${"ab".repeat(32)}` })),
      await notify(notification(id, { signature: "v1=abc" })),
      await notify(notification(id, { ts: now - 6 * 60 })),
      await notify(notification(id, { ts: now + 6 * 60 })),
    ];
    expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401, 401, 401]);
    expect(lookups(id)).toBe(0);
    const state = await orderState(pedido.id);
    expect(state.pedido.statusPagamento).toBe("aguardando");
    expect(state.cobranca.status).toBe("pendente");
    expect(state.audits).toHaveLength(0);
  });

  it("refuses every notification while no webhook secret is set", async () => {
    const { cobranca } = await pixOrderWithCharge();
    await updateSettings(ctx.database.db, { mercadopagoWebhookSecret: null });
    expect((await notify(notification(cobranca.externoId))).status).toBe(401);
  });

  it("pays the order once on 'approved', whatever comes after and however often", async () => {
    const { pedido, cobranca } = await pixOrderWithCharge();
    const id = cobranca.externoId;

    // Still pending at Mercado Pago: nothing changes.
    expect(await notify(notification(id))).toEqual({ status: 200, text: "sem_mudanca" });
    expect((await orderState(pedido.id)).pedido.statusPagamento).toBe("aguardando");

    mp.setStatus(id, "approved");
    expect(await notify(notification(id))).toEqual({ status: 200, text: "atualizada" });
    let state = await orderState(pedido.id);
    expect(state.pedido.statusPagamento).toBe("pago");
    expect(state.cobranca).toMatchObject({ status: "paga", statusProvedor: "approved/accredited" });
    expect(state.cobranca.pagoEm).toBeInstanceOf(Date);
    expect(state.audits).toHaveLength(1);
    expect(state.audits[0]!.details).toMatchObject({
      de: "aguardando",
      para: "pago",
      origem: "notificacao",
      numero_pedido: pedido.numeroPedido,
    });
    expect(state.updates).toHaveLength(1);
    expect(state.updates[0]!.payload).toMatchObject({
      tipo: "pedido",
      pedido: { id: pedido.id, status_pagamento: "pago", forma_pagamento: "pix_mercadopago" },
    });
    expect(state.updates[0]!.url).toBe("https://hooks.example.com/pedidos");

    // Repeated, and at the same time.
    const repeats = await Promise.all(Array.from({ length: 5 }, () => notify(notification(id))));
    expect(repeats.every((r) => r.status === 200)).toBe(true);
    // Out of order: an old 'pending' read never un-pays.
    mp.setStatus(id, "pending", "pending_waiting_transfer");
    expect((await notify(notification(id))).status).toBe(200);

    state = await orderState(pedido.id);
    expect(state.pedido.statusPagamento).toBe("pago");
    expect(state.cobranca.status).toBe("paga");
    expect(state.audits).toHaveLength(1);
    expect(state.updates).toHaveLength(1);
  });

  it("answers 200 without asking Mercado Pago about payments it did not create", async () => {
    await pixOrderWithCharge();
    expect(await notify(notification("987654321"))).toEqual({
      status: 200,
      text: "cobrança desconhecida",
    });
    expect(lookups("987654321")).toBe(0);
    // Authentic but about something else (a merchant order): 200, ignored.
    expect(await notify(notification("555", { type: "merchant_order" }))).toEqual({
      status: 200,
      text: "ignorada",
    });
    expect(mp.requests.filter((r) => r.method === "GET")).toHaveLength(0);
  });

  it("answers 503 when Mercado Pago cannot be read, and pays on the next try", async () => {
    const { pedido, cobranca } = await pixOrderWithCharge();
    mp.setStatus(cobranca.externoId, "approved");
    mp.failNext(1);
    expect((await notify(notification(cobranca.externoId))).status).toBe(503);
    expect((await orderState(pedido.id)).pedido.statusPagamento).toBe("aguardando");
    expect((await notify(notification(cobranca.externoId))).status).toBe(200);
    expect((await orderState(pedido.id)).pedido.statusPagamento).toBe("pago");
  });
});

describe("reconciliation", () => {
  it("pays a pending charge whose notification never came, once", async () => {
    const { pedido, cobranca } = await pixOrderWithCharge();
    const other = await pixOrderWithCharge();
    mp.setStatus(cobranca.externoId, "approved");
    mp.setStatus(other.cobranca.externoId, "cancelled", "expired");

    expect(await reconcilePendingCobrancas()).toBe(2);
    const state = await orderState(pedido.id);
    expect(state.pedido.statusPagamento).toBe("pago");
    expect(state.audits).toHaveLength(1);
    expect(state.audits[0]!.details).toMatchObject({ origem: "reconciliacao" });
    expect(state.updates).toHaveLength(1);
    // An expired charge leaves its order waiting (the customer may pay another way).
    const expired = await orderState(other.pedido.id);
    expect(expired.cobranca.status).toBe("expirada");
    expect(expired.pedido.statusPagamento).toBe("aguardando");

    // Nothing pending is left to ask about; the late notification changes nothing.
    mp.requests.length = 0;
    expect(await reconcilePendingCobrancas()).toBe(0);
    expect(mp.requests).toHaveLength(0);
    expect(await notify(notification(cobranca.externoId))).toEqual({
      status: 200,
      text: "sem_mudanca",
    });
    expect((await orderState(pedido.id)).audits).toHaveLength(1);
  });
});

describe("refund", () => {
  it("refunds the paid charge in full and marks the order 'reembolsado'", async () => {
    const admin = await makeAdmin();
    const actor = { request: makeRequest("/admin/loja"), userId: admin.user.id };
    const { pedido, cobranca } = await pixOrderWithCharge();
    await expect(refundPixCobranca(pedido.id, actor)).rejects.toThrow(AdminError);

    mp.setStatus(cobranca.externoId, "approved");
    await notify(notification(cobranca.externoId));
    const refunded = await refundPixCobranca(pedido.id, actor);
    expect(refunded.status).toBe("reembolsada");
    expect(refunded.reembolsadoEm).toBeInstanceOf(Date);

    const refundCalls = mp.requests.filter(
      (r) => r.method === "POST" && r.path === `/v1/payments/${cobranca.externoId}/refunds`,
    );
    expect(refundCalls).toHaveLength(1);
    expect(refundCalls[0]!.headers["x-idempotency-key"]).toBe(`reembolso-${cobranca.id}`);
    const [order] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, pedido.id));
    expect(order!.statusPagamento).toBe("reembolsado");
    const [entry] = await ctx.database.db
      .select()
      .from(adminAuditLog)
      .where(
        and(eq(adminAuditLog.resourceId, pedido.id), eq(adminAuditLog.action, "payment_refunded")),
      );
    expect(entry).toMatchObject({ adminUserId: admin.user.id });
    expect(entry!.details).toMatchObject({ de: "pago", para: "reembolsado", origem: "reembolso" });

    // A late 'approved' read (out of order) does not pay it again.
    mp.setStatus(cobranca.externoId, "approved");
    expect((await notify(notification(cobranca.externoId))).status).toBe(200);
    const [still] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, pedido.id));
    expect(still!.statusPagamento).toBe("reembolsado");
  });
});

describe("payment settings", () => {
  const form = (fields: Record<string, string>) =>
    paymentSettingsSchema.parse({ pixExpiracaoMinutos: "30", ...fields });

  it("saves the credentials, keeps them on a blank field and never shows them", async () => {
    await updateSettings(ctx.database.db, {
      mercadopagoAtivo: false,
      mercadopagoAccessToken: null,
      mercadopagoWebhookSecret: null,
    });
    const admin = await makeAdmin();
    const actor = { request: makeRequest("/admin/loja"), userId: admin.user.id };

    await expect(savePaymentSettings(form({ mercadopagoAtivo: "on" }), actor)).rejects.toThrow(
      "Informe o access token do Mercado Pago para ativar o Pix automático",
    );
    const saved = await savePaymentSettings(
      form({
        mercadopagoAtivo: "on",
        mercadopagoAccessToken: "APP_USR-segredo-1",
        mercadopagoWebhookSecret: "assinatura-secreta-1",
        pixExpiracaoMinutos: "45",
      }),
      actor,
    );
    expect(saved).toMatchObject({
      mercadopagoAtivo: true,
      pixExpiracaoMinutos: 45,
      disponivel: true,
      accessToken: { definido: true, doAmbiente: false },
      webhookSecret: { definido: true, doAmbiente: false },
    });
    // Blank fields keep the saved secrets.
    await savePaymentSettings(form({ mercadopagoAtivo: "on" }), actor);
    expect(await getPaymentConfig()).toMatchObject({
      accessToken: "APP_USR-segredo-1",
      webhookSecret: "assinatura-secreta-1",
      expiracaoMinutos: 30,
    });

    // Neither the read meant for pages, the audit trail nor the store settings page
    // carry a secret.
    const page = await call(
      lojaLoader,
      makeRequest("/admin/loja?view=configuracoes", { token: admin.token }),
    );
    const audits = await ctx.database.db.select().from(adminAuditLog);
    for (const text of [
      JSON.stringify(await getPaymentSettingsView()),
      JSON.stringify(audits),
      JSON.stringify(page),
    ]) {
      expect(text).not.toContain("APP_USR-segredo-1");
      expect(text).not.toContain("assinatura-secreta-1");
    }

    await savePaymentSettings(form({ limparAccessToken: "on", limparWebhookSecret: "on" }), actor);
    expect(await getPaymentConfig()).toMatchObject({ accessToken: null, webhookSecret: null });
  });

  it("lets the environment variables win over the saved values", async () => {
    process.env.MERCADOPAGO_ACCESS_TOKEN = "APP_USR-do-ambiente";
    process.env.MERCADOPAGO_WEBHOOK_SECRET = "segredo-do-ambiente";
    resetEnvCache();
    try {
      expect(await getPaymentConfig()).toMatchObject({
        accessToken: "APP_USR-do-ambiente",
        webhookSecret: "segredo-do-ambiente",
      });
      expect(await getPaymentSettingsView()).toMatchObject({
        accessToken: { definido: true, doAmbiente: true },
        webhookSecret: { definido: true, doAmbiente: true },
      });
    } finally {
      delete process.env.MERCADOPAGO_ACCESS_TOKEN;
      delete process.env.MERCADOPAGO_WEBHOOK_SECRET;
      resetEnvCache();
    }
  });

  it("checks the expiry in minutes", () => {
    expect(
      paymentSettingsSchema.safeParse({ pixExpiracaoMinutos: "10" }).error?.issues[0]?.message,
    ).toBe("O prazo mínimo é de 30 minutos");
    expect(paymentSettingsSchema.safeParse({ pixExpiracaoMinutos: "abc" }).success).toBe(false);
    expect(paymentSettingsSchema.parse({}).pixExpiracaoMinutos).toBe(30);
  });
});
