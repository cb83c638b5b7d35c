// Issue 43 point 1 (decision 0080): card online through Mercado Pago Checkout Pro, against
// the local fake (its hosted page, preferences, payment search, partial refunds). The
// checkout redirects to the preference; the order page reads the real state from the
// provider; notifications and the reconciliation confirm card payments as they do Pix.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { avisos } from "~/modules/alerts/testing.server";
import { emails } from "~/modules/mail/testing.server";
import {
  expireUnpaidCardOrders,
  reconcilePendingCobrancas,
  refundOrderPix,
  syncOpenCardOrders,
} from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { paymentSettingsSchema } from "~/modules/payments";
import { getPaymentConfig, savePaymentSettings } from "~/modules/payments/index.server";
import { cobrancas } from "~/modules/payments/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { AdminError } from "~/platform/admin/actor.server";
import { adminAuditLog } from "~/platform/tables.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/loja/checkout";
import { action as orderAction, loader as orderLoader } from "~/routes/loja/pedido";
import { action as notificationAction } from "~/routes/webhooks/mercadopago";
import { formRequest, makeRequest } from "../setup/requests";
import { checkoutForm, createProduct, makeAdmin, stockOf } from "../support/factories";
import { postLoja } from "../support/loja-actions";
import { PIX_WEBHOOK_SECRET, signedNotification, withPixShop } from "../support/mercadopago";
import { staffSession } from "../support/staff";

const { ctx, mp } = withPixShop({
  cartaoAtivo: true,
  cartaoParcelasMax: 6,
  cartaoParcelasSemJuros: 3,
});

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as never;

async function product(preco = 12990, estoque = 10) {
  return createProduct(ctx.database, { nome: `Ração ${crypto.randomUUID()}`, preco, estoque });
}

/** Checkout with the card chosen: the redirect to the provider's page, and the order. */
async function cardCheckout(produtoId: string, quantidade = 2) {
  const response = (await checkoutAction(
    args(
      formRequest(
        "/loja/checkout",
        checkoutForm(`${produtoId}:${quantidade}`, {
          formaPagamento: "cartao_mercadopago",
          email: "maria@example.com",
        }),
      ),
    ),
  )) as Response;
  expect(response.status).toBe(303);
  const location = response.headers.get("location")!;
  const [pedido] = await ctx.database.db.select().from(pedidos);
  return { location, pedido: pedido! };
}

const prefIdOf = (location: string) => new URL(location).pathname.split("/").pop()!;

/** The order page as the provider's back_url reaches it (query string and all). */
async function orderPage(location: string) {
  const url = new URL(location, "http://localhost");
  const numero = url.pathname.split("/").pop()!;
  const result = (await orderLoader(
    args(makeRequest(`${url.pathname}${url.search}`), { numero }),
  )) as {
    data: { cartao: { estado: string; motivo?: string | null; parcelas?: number | null } | null };
  };
  return result.data;
}

async function orderAct(pedido: { numeroPedido: string }, token: string, intent: string) {
  return (await orderAction(
    args(
      formRequest(`/loja/pedido/${pedido.numeroPedido}?token=${encodeURIComponent(token)}`, {
        intent,
      }),
      { numero: pedido.numeroPedido },
    ),
  )) as Response;
}

/** Delivers what the hosted page sent (the fake records it; the test plays the network). */
async function deliver(n = mp.cardPayments.length - 1) {
  const sent = mp.cardPayments[n]!.notification!;
  const url = new URL(sent.url);
  const response = (await notificationAction(
    args(
      makeRequest(`${url.pathname}${url.search}`, {
        method: "POST",
        headers: sent.headers,
        body: sent.body,
      }),
    ),
  )) as Response;
  return { status: response.status, text: await response.text() };
}

async function notify(id: number | string) {
  const response = (await notificationAction(args(signedNotification(String(id))))) as Response;
  return { status: response.status, text: await response.text() };
}

async function state(id: string) {
  const [pedido] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, id));
  const rows = await ctx.database.db.select().from(cobrancas).where(eq(cobrancas.pedidoId, id));
  const confirmed = await ctx.database.db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.resourceId, id), eq(adminAuditLog.action, "payment_confirmed")));
  return { pedido: pedido!, cobrancas: rows, confirmed: confirmed.length };
}

const tokenOf = (backUrl: string) => new URL(backUrl).searchParams.get("token")!;

function setWebhook() {
  mp.setWebhookSecret(PIX_WEBHOOK_SECRET);
  mp.setNotifyBase(null);
}

/**
 * With the webhook set, an order of `produtoId` (a new product, 2 of it, unless told) paid on
 * the provider's page with `choice`; `back` is where the page sends the customer.
 */
async function cardOrderPaidWith(
  choice: Parameters<typeof mp.payPreference>[1],
  produtoId?: string,
  quantidade?: number,
) {
  setWebhook();
  const { location, pedido } = await cardCheckout(produtoId ?? (await product()).id, quantidade);
  const { location: back, payment } = await mp.payPreference(prefIdOf(location), choice);
  return { location, pedido, back, payment };
}

describe("owner's card settings", () => {
  it("keeps the interest-free installments within the maximum, 1 to 12", () => {
    const base = { mercadopagoAtivo: "on", cartaoAtivo: "on" };
    expect(
      paymentSettingsSchema.safeParse({
        ...base,
        cartaoParcelasMax: "3",
        cartaoParcelasSemJuros: "6",
      }).success,
    ).toBe(false);
    expect(paymentSettingsSchema.safeParse({ ...base, cartaoParcelasMax: "13" }).success).toBe(
      false,
    );
    const ok = paymentSettingsSchema.parse({
      ...base,
      cartaoParcelasMax: "12",
      cartaoParcelasSemJuros: "3",
    });
    expect(ok).toMatchObject({
      cartaoAtivo: true,
      cartaoParcelasMax: 12,
      cartaoParcelasSemJuros: 3,
    });
  });

  it("are saved with the Pix credentials and shown at checkout as 'em até' installments", async () => {
    const admin = await makeAdmin();
    const actor = { request: makeRequest("/admin/loja"), userId: admin.user.id };
    const saved = await savePaymentSettings(
      paymentSettingsSchema.parse({
        mercadopagoAtivo: "on",
        cartaoAtivo: "on",
        cartaoParcelasMax: "4",
        cartaoParcelasSemJuros: "4",
        pixExpiracaoMinutos: "60",
      }),
      actor,
    );
    expect(saved.cartao).toMatchObject({ ativo: true, parcelasMax: 4, disponivel: true });
    const page = (await checkoutLoader(args(makeRequest("/loja/checkout")))) as {
      cartao: { parcelasMax: number; parcelasSemJuros: number } | null;
    };
    expect(page.cartao).toEqual({ parcelasMax: 4, parcelasSemJuros: 4 });

    await updateSettings(ctx.database.db, { cartaoAtivo: false });
    const off = (await checkoutLoader(args(makeRequest("/loja/checkout")))) as {
      cartao: unknown;
    };
    expect(off.cartao).toBeNull();
    // A form older than the switch-off is refused by the server.
    const item = await product();
    const refused = (await checkoutAction(
      args(
        formRequest(
          "/loja/checkout",
          checkoutForm(`${item.id}:1`, {
            formaPagamento: "cartao_mercadopago",
            email: "maria@example.com",
          }),
        ),
      ),
    )) as { init: { status: number } };
    expect(refused.init.status).toBe(400);
    expect(await ctx.database.db.select().from(pedidos)).toHaveLength(0);
  });
});

describe("paying by card", () => {
  it("approved: order saved and reserved, a preference, the hosted page, back to 'aprovado'", async () => {
    setWebhook();
    const item = await product(12990, 10);
    const { location, pedido } = await cardCheckout(item.id, 2);
    // Written and reserved before the customer pays, as for Pix.
    expect(pedido).toMatchObject({
      formaPagamento: "cartao_mercadopago",
      statusPagamento: "aguardando",
    });
    expect(pedido.estoqueSituacao).toBe("reservado");
    expect(await stockOf(ctx.database, item.id)).toBe(8);
    // The redirect is the preference's init_point (the fake's hosted page).
    expect(location.startsWith(`${mp.url}/checkout/pref-`)).toBe(true);
    const pref = mp.preferences.get(prefIdOf(location))!;
    const sent = mp.requests.find((r) => r.path === "/checkout/preferences")!;
    expect(sent.headers["x-idempotency-key"]).toBe(`preferencia-${pedido.id}-1`);
    expect(sent.body).toMatchObject({
      external_reference: pedido.numeroPedido,
      notification_url: "https://loja.example.com/webhooks/mercadopago",
      payment_methods: { installments: 6, default_installments: 1 },
      expires: true,
      payer: { email: "maria@example.com" },
    });
    expect(pref.items.reduce((a, i) => a + i.quantity * i.unit_price, 0)).toBeCloseTo(
      pedido.total / 100,
    );
    expect(pref.back_urls.success).toContain(`/loja/pedido/${pedido.numeroPedido}?token=`);

    // The hosted page is a plain form; paying it redirects back to the order page.
    const html = await (await fetch(location)).text();
    expect(html).toContain('name="parcelas"');
    const paid = await fetch(`${mp.url}/checkout/${pref.id}/pay`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "resultado=approved&parcelas=3",
      redirect: "manual",
    });
    expect(paid.status).toBe(303);
    const back = paid.headers.get("location")!;
    expect(back).toContain("status=approved");

    expect(await deliver()).toEqual({ status: 200, text: "atualizada" });
    const after = await state(pedido.id);
    expect(after.pedido.statusPagamento).toBe("pago");
    expect(after.cobrancas).toHaveLength(1);
    expect(after.cobrancas[0]).toMatchObject({ meio: "cartao", parcelas: 3, status: "paga" });
    expect(after.confirmed).toBe(1);
    const page = await orderPage(back);
    expect(page.cartao).toEqual({ estado: "aprovado", parcelas: 3 });
  });

  it("the return page never believes the query string: 'approved' in the URL of a refused card", async () => {
    const { pedido, back } = await cardOrderPaidWith({
      resultado: "rejected",
    });
    const forged = new URL(back);
    forged.searchParams.set("status", "approved");
    forged.searchParams.set("collection_status", "approved");
    const page = await orderPage(forged.toString());
    expect(page.cartao?.estado).toBe("recusado");
    expect((await state(pedido.id)).pedido.statusPagamento).toBe("aguardando");
  });

  it("pending then approved: 'em análise', then paid on the next notification", async () => {
    const { pedido, back, payment } = await cardOrderPaidWith({
      resultado: "in_process",
      parcelas: 2,
    });
    expect(await deliver()).toEqual({ status: 200, text: "sem_mudanca" });
    expect((await orderPage(back)).cartao?.estado).toBe("analise");
    expect((await state(pedido.id)).pedido.statusPagamento).toBe("aguardando");

    mp.setStatus(payment.id, "approved");
    expect((await notify(payment.id)).text).toBe("atualizada");
    expect((await state(pedido.id)).pedido.statusPagamento).toBe("pago");
    expect((await orderPage(back)).cartao?.estado).toBe("aprovado");
  });

  it("rejected: the order and its reservation stay; 'Tentar de novo' makes a new preference; then paid by Pix", async () => {
    setWebhook();
    const item = await product(5000, 5);
    const { location, pedido } = await cardCheckout(item.id, 1);
    const { location: back } = await mp.payPreference(prefIdOf(location), {
      resultado: "rejected",
    });
    await deliver();
    const page = await orderPage(back);
    expect(page.cartao).toMatchObject({ estado: "recusado", pix: true });
    const refused = await state(pedido.id);
    expect(refused.pedido).toMatchObject({
      statusPagamento: "aguardando",
      estoqueSituacao: "reservado",
    });
    expect(refused.cobrancas[0]).toMatchObject({ meio: "cartao", status: "falhou" });
    expect(await stockOf(ctx.database, item.id)).toBe(4);

    const token = tokenOf(back);
    const again = await orderAct(pedido, token, "cartao-de-novo");
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).not.toBe(location);
    expect(mp.preferences.size).toBeGreaterThanOrEqual(2);

    const toPix = await orderAct(pedido, token, "cartao-para-pix");
    expect(toPix.status).toBe(303);
    const switched = await state(pedido.id);
    expect(switched.pedido.formaPagamento).toBe("pix_mercadopago");
    const pix = switched.cobrancas.find((c) => c.meio === "pix")!;
    mp.setStatus(pix.externoId, "approved");
    expect((await notify(pix.externoId)).text).toBe("atualizada");
    const done = await state(pedido.id);
    expect(done.pedido.statusPagamento).toBe("pago");
    expect(await stockOf(ctx.database, item.id)).toBe(4);
  });

  it("installments within the owner's limit are taken; a tampered number is refunded and refused", async () => {
    // 12x when the owner allows 6x: the provider's page was bypassed.
    const { pedido, back, payment } = await cardOrderPaidWith({
      resultado: "approved",
      parcelas: 12,
    });
    expect((await deliver()).text).toBe("estornada");
    const refused = await state(pedido.id);
    expect(refused.pedido.statusPagamento).toBe("aguardando");
    expect(refused.cobrancas[0]).toMatchObject({ parcelas: 12, status: "reembolsada" });
    expect(mp.payments.get(payment.id)!.status).toBe("refunded");
    const page = await orderPage(back);
    expect(page.cartao?.estado).toBe("recusado");
    expect(page.cartao?.motivo).toContain("até 6x");

    // Within the limit, on a new preference: taken.
    const again = await orderAct(pedido, tokenOf(back), "cartao-de-novo");
    await mp.payPreference(prefIdOf(again.headers.get("location")!), {
      resultado: "approved",
      parcelas: 6,
    });
    expect((await deliver()).text).toBe("atualizada");
    expect((await state(pedido.id)).pedido.statusPagamento).toBe("pago");
  });

  it("a payment on another reference, amount or by Pix inside the checkout is not taken", async () => {
    setWebhook();
    const { location, pedido } = await cardCheckout((await product()).id);
    const pref = mp.preferences.get(prefIdOf(location))!;
    pref.items = [{ title: "x", quantity: 1, unit_price: 1 }];
    await mp.payPreference(pref.id, { resultado: "approved" });
    expect((await deliver()).text).toBe("cobrança desconhecida");
    expect((await state(pedido.id)).cobrancas).toHaveLength(0);
  });
});

describe("confirmed like Pix", () => {
  it("replayed and out of order: one confirmation, an older status changes nothing", async () => {
    const { pedido, payment } = await cardOrderPaidWith({ resultado: "approved" });
    expect((await deliver()).text).toBe("atualizada");
    expect((await deliver()).text).toBe("sem_mudanca");
    mp.setStatus(payment.id, "in_process");
    expect((await notify(payment.id)).text).toBe("sem_mudanca");
    const after = await state(pedido.id);
    expect(after.pedido.statusPagamento).toBe("pago");
    expect(after.cobrancas[0]!.status).toBe("paga");
    expect(after.confirmed).toBe(1);
  });

  it("the same notification on two processes at once: one charge, paid once", async () => {
    const { pedido } = await cardOrderPaidWith({ resultado: "approved", parcelas: 2 });
    const answers = await Promise.all([deliver(), deliver(), deliver()]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(answers.filter((a) => a.text === "atualizada")).toHaveLength(1);
    const after = await state(pedido.id);
    expect(after.cobrancas).toHaveLength(1);
    expect(after.confirmed).toBe(1);
  });

  it("a bad signature changes nothing and reads nothing", async () => {
    const { pedido, payment } = await cardOrderPaidWith({ resultado: "approved" });
    const before = mp.requests.length;
    const forged = signedNotification(String(payment.id));
    forged.headers.set("x-signature", `ts=${Math.floor(Date.now() / 1000)},v1=${"0".repeat(64)}`);
    const response = (await notificationAction(args(forged))) as Response;
    expect(response.status).toBe(401);
    expect(mp.requests.length).toBe(before);
    expect((await state(pedido.id)).cobrancas).toHaveLength(0);
  });

  it("a lost notification: the reconciliation searches by external_reference", async () => {
    const { pedido } = await cardOrderPaidWith({ resultado: "approved" });
    expect(await syncOpenCardOrders()).toBe(1);
    expect(mp.requests.some((r) => r.path === "/v1/payments/search" && r.method === "GET")).toBe(
      true,
    );
    expect((await state(pedido.id)).pedido.statusPagamento).toBe("pago");
    expect(await reconcilePendingCobrancas()).toBe(0);
  });

  it("unpaid past the deadline: cancelled, stock back once; paid afterwards is 'pago após cancelamento'", async () => {
    setWebhook();
    const item = await product(5000, 5);
    const { location, pedido } = await cardCheckout(item.id, 1);
    expect(await stockOf(ctx.database, item.id)).toBe(4);
    const later = new Date(Date.now() + 2 * 3600_000);
    expect(await expireUnpaidCardOrders({ now: later })).toBe(1);
    expect(await expireUnpaidCardOrders({ now: later })).toBe(0);
    const cancelled = await state(pedido.id);
    expect(cancelled.pedido.statusPedido).toBe("cancelado");
    expect(await stockOf(ctx.database, item.id)).toBe(5);

    await mp.payPreference(prefIdOf(location), { resultado: "approved" });
    expect((await deliver()).text).toBe("atualizada");
    const after = await state(pedido.id);
    expect(after.pedido.statusPagamento).toBe("pago");
    expect(after.pedido.pagoAposCancelamentoEm).not.toBeNull();
    const alerts = await ctx.database.db.select().from(avisos);
    expect(alerts.some((a) => a.tipo === "pago_apos_cancelamento")).toBe(true);
  });
});

describe("refunds and chargebacks", () => {
  async function paidCardOrder(parcelas = 1) {
    setWebhook();
    const { location, pedido } = await cardCheckout((await product(10000, 5)).id, 1);
    const { payment } = await mp.payPreference(prefIdOf(location), {
      resultado: "approved",
      parcelas,
    });
    await deliver();
    const admin = await makeAdmin();
    const actor = { request: makeRequest("/admin/loja"), userId: admin.user.id };
    return { pedido, payment, actor };
  }

  it("partial then the rest: the amount is bounded by what is left, settled from the provider", async () => {
    const { pedido, payment, actor } = await paidCardOrder();
    const total = pedido.total;
    await expect(refundOrderPix(pedido.id, actor, total + 1)).rejects.toThrow(AdminError);
    const partial = await refundOrderPix(pedido.id, actor, 3000);
    expect(partial).toMatchObject({ status: "paga", valorReembolsado: 3000 });
    // Dated, so the day close counts the partial refund on its own day.
    expect(partial.reembolsadoEm).toBeInstanceOf(Date);
    expect((await state(pedido.id)).pedido.statusPagamento).toBe("pago");
    expect(mp.payments.get(payment.id)!.transaction_amount_refunded).toBeCloseTo(30);
    // More than is left: refused, nothing sent.
    await expect(refundOrderPix(pedido.id, actor, total - 3000 + 1)).rejects.toThrow(AdminError);
    const rest = await refundOrderPix(pedido.id, actor, total - 3000);
    expect(rest.status).toBe("reembolsada");
    expect((await state(pedido.id)).pedido.statusPagamento).toBe("reembolsado");
    expect(mp.payments.get(payment.id)!.status).toBe("refunded");
  });

  it("from the admin order screen: the owner refunds part; a gerente may not switch cards on", async () => {
    const { pedido, payment } = await paidCardOrder();
    const owner = await makeAdmin();
    const response = await postLoja(
      "pedidos",
      { intent: "pix-refund", id: pedido.id, valor: "12,50" },
      owner.token,
    );
    expect(response.status).toBe(200);
    const [row] = (await state(pedido.id)).cobrancas;
    expect(row).toMatchObject({ status: "paga", valorReembolsado: 1250 });
    expect(mp.payments.get(payment.id)!.transaction_amount_refunded).toBeCloseTo(12.5);
    // More than what is left: refused with a message, nothing refunded.
    const tooMuch = await postLoja(
      "pedidos",
      { intent: "pix-refund", id: pedido.id, valor: "99999,00" },
      owner.token,
    );
    expect(tooMuch.status).toBe(400);
    expect(mp.payments.get(payment.id)!.transaction_amount_refunded).toBeCloseTo(12.5);

    // The card settings ride with the Pix credentials: the owner's capability only.
    const gerente = await staffSession({ papel: "gerente", unidades: null });
    const refused = await postLoja(
      "configuracoes",
      {
        intent: "payment-settings-save",
        mercadopagoAtivo: "on",
        cartaoAtivo: "",
        cartaoParcelasMax: "12",
      },
      gerente.token,
    );
    expect(refused.status).toBe(403);
    expect((await getPaymentConfig()).cartao).toMatchObject({ ativo: true, parcelasMax: 6 });
  });

  it("a total refund accepted but not settled is re-read until it is", async () => {
    const { pedido, payment, actor } = await paidCardOrder();
    mp.delayRefunds(true);
    await expect(refundOrderPix(pedido.id, actor)).rejects.toThrow(AdminError);
    expect((await state(pedido.id)).pedido.statusPagamento).toBe("pago");
    mp.setStatus(payment.id, "refunded");
    expect(await reconcilePendingCobrancas()).toBe(1);
    expect((await state(pedido.id)).pedido.statusPagamento).toBe("reembolsado");
  });

  it("a chargeback marks the charge contested, in the live feed and by e-mail to the owner", async () => {
    const { pedido, payment } = await paidCardOrder();
    const owner = await makeAdmin();
    mp.setStatus(payment.id, "in_mediation");
    expect((await notify(payment.id)).text).toBe("atualizada");
    const disputed = await state(pedido.id);
    expect(disputed.cobrancas[0]!.contestadaEm).not.toBeNull();
    expect(disputed.pedido.statusPagamento).toBe("pago");
    // Told once, however often it is announced.
    expect((await notify(payment.id)).text).toBe("sem_mudanca");
    const alerts = (await ctx.database.db.select().from(avisos)).filter(
      (a) => a.tipo === "contestacao",
    );
    expect(alerts).toHaveLength(1);
    const mails = (await ctx.database.db.select().from(emails)).filter(
      (m) => m.tipo === "loja_contestacao",
    );
    expect(mails.map((m) => m.destinatario)).toContain(owner.user.email);

    mp.setStatus(payment.id, "charged_back");
    expect((await notify(payment.id)).text).toBe("atualizada");
    expect((await state(pedido.id)).pedido.statusPagamento).toBe("reembolsado");
  });
});
