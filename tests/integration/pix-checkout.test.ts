// Issue 14: online Pix from the customer's side, against a local server that answers as
// Mercado Pago's API does. The checkout offers it only while it is on and asks for the
// payer's e-mail; the order is saved before the charge (a provider outage never loses it)
// and the order page offers to try again; the page shows the QR code and a small status
// resource says when it was paid; an unpaid charge past its expiry cancels the order and
// returns the stock once.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { expireUnpaidPixOrders, placeOrder } from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { cobrancas } from "~/modules/payments/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/loja/checkout";
import { action as orderAction, loader as orderLoader } from "~/routes/loja/pedido";
import { loader as statusLoader } from "~/routes/loja/pedido-status";
import { action as notificationAction } from "~/routes/webhooks/mercadopago";
import { formRequest, makeRequest } from "../setup/requests";
import * as factories from "../support/factories";
import { PIX_WEBHOOK_SECRET, signedNotification, withPixShop } from "../support/mercadopago";
import { rowsWhere } from "../support/rows";

const _SECRET = PIX_WEBHOOK_SECRET;
const { ctx, mp } = withPixShop();

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as never;

const checkoutFields = (produtoId: string, overrides: Record<string, string> = {}) =>
  factories.checkoutForm(`${produtoId}:2`, {
    formaPagamento: "pix_mercadopago",
    email: "maria@example.com",
    ...overrides,
  });

async function checkout(fields: Record<string, string>) {
  return (await checkoutAction(args(formRequest("/loja/checkout", fields)))) as Response;
}

/** A refused checkout: data() with the field errors, not a redirect. */
const invalid = (result: unknown) =>
  result as { data: { errors: Record<string, string> }; init: { status: number } };

async function product(preco = 2590, estoque = 10) {
  return factories.createProduct(ctx.database, {
    nome: `Ração ${crypto.randomUUID()}`,
    preco,
    estoque,
  });
}

const posts = () => mp.requests.filter((r) => r.method === "POST" && r.path === "/v1/payments");

async function onlyOrder() {
  const rows = await ctx.database.db.select().from(pedidos);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

async function chargesOf(pedidoId: string) {
  return rowsWhere(cobrancas, eq(cobrancas.pedidoId, pedidoId));
}

function orderPage(location: string) {
  const url = new URL(location, "http://localhost");
  return {
    url,
    numero: url.pathname.split("/").pop()!,
    token: url.searchParams.get("token")!,
  };
}

async function pageData(location: string) {
  const { numero } = orderPage(location);
  const result = (await orderLoader(args(makeRequest(location), { numero }))) as {
    data: Awaited<ReturnType<typeof orderLoader>> extends { data: infer D } ? D : never;
  };
  return result.data;
}

/** The loader's arguments for a visit of the checkout. */
const checkoutPage = () =>
  ({ request: makeRequest("/loja/checkout"), params: {}, context: {} }) as never;

describe("checkout with online Pix", () => {
  it("is offered only while online Pix is on with an access token", async () => {
    const on = (await checkoutLoader(checkoutPage())) as {
      pixOnline: boolean;
      idempotencyKey: string;
    };
    // Each visit of the checkout gets its own key for the order (a retried post finds it).
    const again = (await checkoutLoader(checkoutPage())) as { idempotencyKey: string };
    expect(on.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.idempotencyKey).not.toBe(on.idempotencyKey);
    expect(on.pixOnline).toBe(true);

    await updateSettings(ctx.database.db, { mercadopagoAtivo: false });
    const off = (await checkoutLoader(checkoutPage())) as { pixOnline: boolean };
    expect(off.pixOnline).toBe(false);
    const item = await product();
    const refused = invalid(await checkout(checkoutFields(item.id)));
    expect(refused.init.status).toBe(400);
    expect(refused.data.errors.formaPagamento).toBe("Forma de pagamento indisponível");
    expect(await ctx.database.db.select().from(pedidos)).toHaveLength(0);
    expect(mp.requests).toHaveLength(0);

    await updateSettings(ctx.database.db, {
      mercadopagoAtivo: true,
      mercadopagoAccessToken: null,
    });
    expect(((await checkoutLoader(checkoutPage())) as { pixOnline: boolean }).pixOnline).toBe(
      false,
    );
  });

  it("requires the payer's e-mail only for online Pix, and keeps an optional one for any payment", async () => {
    const item = await product();
    for (const [email, message] of [
      ["", "Informe seu e-mail para receber o Pix"],
      ["maria@", "E-mail inválido"],
    ] as const) {
      const refused = invalid(await checkout(checkoutFields(item.id, { email })));
      expect(refused.init.status).toBe(400);
      expect(refused.data.errors.email).toBe(message);
    }
    expect(await ctx.database.db.select().from(pedidos)).toHaveLength(0);

    const cash = await checkout(checkoutFields(item.id, { formaPagamento: "dinheiro", email: "" }));
    expect(cash.status).toBe(302);
    expect((await onlyOrder()).clienteEmail).toBeNull();

    const wrong = invalid(
      await checkout(checkoutFields(item.id, { formaPagamento: "dinheiro", email: "ana@" })),
    );
    expect(wrong.data.errors.email).toBe("E-mail inválido");
    await ctx.database.db.delete(pedidos);
    const withEmail = await checkout(
      checkoutFields(item.id, { formaPagamento: "dinheiro", email: "ana@example.com" }),
    );
    expect(withEmail.status).toBe(302);
    expect((await onlyOrder()).clienteEmail).toBe("ana@example.com");
  });

  it("is re-checked by the server when it was switched off after the form was loaded", async () => {
    const item = await product();
    await updateSettings(ctx.database.db, { mercadopagoAtivo: false });
    const result = await placeOrder(
      factories.orderInput([{ varianteId: item.id, quantidade: 1 }], {
        bairro: "Centro",
        formaPagamento: "pix_mercadopago",
        email: "maria@example.com",
      }),
    );
    expect(result).toMatchObject({ ok: false, error: "pagamento" });
    expect(await factories.stockOf(ctx.database, item.id)).toBe(10);
  });

  it("saves the order, then charges the server's total with the expiry setting, once", async () => {
    await updateSettings(ctx.database.db, { pixDescontoPercentual: 5, pixExpiracaoMinutos: 45 });
    const item = await product(2590, 10);
    const fields = checkoutFields(item.id, { cupom: "BEMVINDO10", total: "0,01" });
    const before = Date.now();
    const response = await checkout(fields);
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    const pedido = await onlyOrder();
    expect(location).toMatch(new RegExp(`^/loja/pedido/${pedido.numeroPedido}\\?token=`));
    expect(response.headers.get("set-cookie")).toContain("agropet_pedido=");
    expect(pedido).toMatchObject({
      formaPagamento: "pix_mercadopago",
      clienteEmail: "maria@example.com",
      statusPagamento: "aguardando",
    });
    expect(pedido.desconto).toBeGreaterThan(0);
    expect(pedido.descontoPix).toBeGreaterThan(0);
    expect(await factories.stockOf(ctx.database, item.id)).toBe(8);

    const [charge] = await chargesOf(pedido.id);
    expect(charge).toMatchObject({ valor: pedido.total, status: "pendente" });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.body).toMatchObject({
      transaction_amount: pedido.total / 100,
      payer: { email: "maria@example.com" },
    });
    const minutes = (charge!.expiraEm!.getTime() - before) / 60_000;
    expect(minutes).toBeGreaterThan(44.9);
    expect(minutes).toBeLessThan(45.2);

    // The same submit again (double click, retried request): same order, no new charge.
    const again = await checkout(fields);
    expect(again.headers.get("location")).toBe(location);
    expect(await ctx.database.db.select().from(pedidos)).toHaveLength(1);
    expect(await chargesOf(pedido.id)).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    expect(await factories.stockOf(ctx.database, item.id)).toBe(8);
  });

  it("keeps the order when Mercado Pago is down and lets the customer try again", async () => {
    await updateSettings(ctx.database.db, {
      pixManualAtivo: true,
      pixChave: "loja@example.com",
      whatsappNumero: "5547999990000",
    });
    const item = await product();
    mp.failNext(1);
    const response = await checkout(checkoutFields(item.id));
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    const pedido = await onlyOrder();
    expect(await chargesOf(pedido.id)).toHaveLength(0);
    expect(await factories.stockOf(ctx.database, item.id)).toBe(8);

    const page = await pageData(location);
    expect(page.pixOnline).toMatchObject({ estado: "indisponivel" });
    // The shop's manual Pix, for the same total, and the chat link as the other ways.
    const view = page.pixOnline as { manual: { payload: string; chave: string } | null };
    expect(view.manual?.chave).toBe("loja@example.com");
    expect(view.manual?.payload).toContain(String((pedido.total / 100).toFixed(2)));
    expect(page.chatUrl).toContain("wa.me");

    const { numero } = orderPage(location);
    const retry = () =>
      orderAction(
        args(formRequest(location, { intent: "gerar-pix" }), { numero }),
      ) as Promise<Response>;
    // Still down: back to the page with the message, nothing created.
    mp.failNext(1);
    const failed = await retry();
    expect(failed.status).toBe(302);
    expect(failed.headers.get("set-cookie")).toContain("agropet_toast=");
    expect(await chargesOf(pedido.id)).toHaveLength(0);

    const ok = await retry();
    expect(ok.headers.get("location")).toBe(location);
    const charges = await chargesOf(pedido.id);
    expect(charges).toHaveLength(1);
    expect(charges[0]!.idempotencyKey).toBe(`pedido-${pedido.id}-1`);
    // Every attempt used the same key: the provider can only ever make one payment.
    expect(new Set(posts().map((p) => p.headers["x-idempotency-key"]))).toEqual(
      new Set([`pedido-${pedido.id}-1`]),
    );
    // Tried again with a charge open: nothing new.
    await retry();
    expect(await chargesOf(pedido.id)).toHaveLength(1);
    expect(posts()).toHaveLength(3);

    // A wrong token cannot trigger anything.
    await expect(
      orderAction(
        args(formRequest(`/loja/pedido/${numero}?token=errado`, { intent: "gerar-pix" }), {
          numero,
        }),
      ),
    ).rejects.toMatchObject({ init: { status: 404 } });
  });
});

describe("order page and its status resource", () => {
  it("shows the QR code, copia e cola and expiry, then 'pago' once the payment arrives", async () => {
    const item = await product();
    const location = (await checkout(checkoutFields(item.id))).headers.get("location")!;
    const pedido = await onlyOrder();
    const [charge] = await chargesOf(pedido.id);

    const page = await pageData(location);
    expect(page.pixOnline).toMatchObject({
      estado: "pendente",
      copiaECola: charge!.qrCode,
      expiraEm: charge!.expiraEm!.toISOString(),
    });
    expect((page.pixOnline as { qrSvg: string }).qrSvg).toMatch(/^<svg/);
    expect(page.novo).toBe(false);

    const { numero, token } = orderPage(location);
    const status = async (t: string) =>
      (await statusLoader(
        args(makeRequest(`/loja/pedido/${numero}/status?token=${encodeURIComponent(t)}`), {
          numero,
        }),
      )) as Response;
    const waiting = await status(token);
    expect(waiting.status).toBe(200);
    expect(waiting.headers.get("cache-control")).toBe("no-store");
    expect(await waiting.json()).toEqual({
      statusPedido: "novo",
      statusPagamento: "aguardando",
      pix: "pendente",
    });
    expect((await status("errado")).status).toBe(404);

    mp.setStatus(charge!.externoId, "approved");
    const notified = (await notificationAction(
      args(signedNotification(charge!.externoId)),
    )) as Response;
    expect(notified.status).toBe(200);
    expect(await (await status(token)).json()).toMatchObject({
      statusPagamento: "pago",
      pix: "pago",
    });
    expect((await pageData(location)).pixOnline).toEqual({ estado: "pago" });
  });
});

describe("expiry of an unpaid online Pix", () => {
  async function pendingOrder(estoque = 5) {
    const item = await product(2590, estoque);
    const location = (await checkout(checkoutFields(item.id))).headers.get("location")!;
    const pedido = await onlyOrder();
    const [charge] = await chargesOf(pedido.id);
    return { item, location, pedido, charge: charge! };
  }
  const plusMinutes = (d: Date, minutes: number) => new Date(d.getTime() + minutes * 60_000);

  it("cancels the order and returns the stock exactly once", async () => {
    const { item, location, pedido, charge } = await pendingOrder(5);
    expect(await factories.stockOf(ctx.database, item.id)).toBe(3);

    // Within the grace period after the expiry, nothing yet.
    expect(await expireUnpaidPixOrders({ now: plusMinutes(charge.expiraEm!, 1) })).toBe(0);
    expect((await onlyOrder()).statusPedido).toBe("novo");

    const later = plusMinutes(charge.expiraEm!, 5);
    const runs = await Promise.all([
      expireUnpaidPixOrders({ now: later }),
      expireUnpaidPixOrders({ now: later }),
    ]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await expireUnpaidPixOrders({ now: later })).toBe(0);

    const order = await onlyOrder();
    expect(order).toMatchObject({
      statusPedido: "cancelado",
      statusPagamento: "aguardando",
      estoqueSituacao: "liberado",
    });
    expect(await factories.stockOf(ctx.database, item.id)).toBe(5);
    expect((await chargesOf(pedido.id))[0]!.status).toBe("expirada");
    const entries = (await factories.auditEntries("order_status_update")).filter(
      (entry) => entry.resourceId === pedido.id,
    );
    expect(entries).toHaveLength(1);
    expect(entries[0]!.details).toMatchObject({
      para: "cancelado",
      estoque: "liberado",
      origem: "pix_expirado",
    });

    const page = await pageData(location);
    expect(page.pixOnline).toEqual({ estado: "expirado", cancelado: true });
  });

  it("confirms instead when the provider says it was paid, and waits while it cannot be read", async () => {
    const paid = await pendingOrder(5);
    const later = plusMinutes(paid.charge.expiraEm!, 5);

    mp.failNext(1);
    expect(await expireUnpaidPixOrders({ now: later })).toBe(0);
    expect((await onlyOrder()).statusPedido).toBe("novo");

    mp.setStatus(paid.charge.externoId, "approved");
    expect(await expireUnpaidPixOrders({ now: later })).toBe(0);
    const order = await onlyOrder();
    expect(order).toMatchObject({ statusPedido: "novo", statusPagamento: "pago" });
    expect(await factories.stockOf(ctx.database, paid.item.id)).toBe(3);
  });

  it("cancels when the provider itself reports the charge expired", async () => {
    const { item, charge } = await pendingOrder(5);
    mp.setStatus(charge.externoId, "cancelled", "expired");
    expect(await expireUnpaidPixOrders({ now: plusMinutes(charge.expiraEm!, 5) })).toBe(1);
    expect((await onlyOrder()).statusPedido).toBe("cancelado");
    expect(await factories.stockOf(ctx.database, item.id)).toBe(5);
  });
});
