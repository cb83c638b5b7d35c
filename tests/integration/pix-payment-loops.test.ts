// Issue 26, payments close their loops (decision 0035), against the local fake of Mercado
// Pago, on the real database (PGlite, and PostgreSQL with DATABASE_URL): an order the admin
// cancels cancels its open charge (no QR on the order page); a charge paid after its order
// was cancelled is kept and flagged, heard live and e-mailed to the shop, and the admin
// refunds it or reopens the order (refused when the stock is gone); a refund accepted but
// not confirmed is read again by the reconciliation until it settles.
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Aviso } from "~/modules/alerts";
import { createAlertFeed } from "~/modules/alerts/index.server";
import { emails } from "~/modules/mail/testing.server";
import { REFUND_MESSAGES, reconcilePendingCobrancas } from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { cobrancas } from "~/modules/payments/testing.server";
import { action as checkoutAction } from "~/routes/loja/checkout";
import { loader as orderLoader } from "~/routes/loja/pedido";
import { formRequest, makeRequest } from "../setup/requests";
import { checkoutForm, createProduct, makeAdmin, stockOf } from "../support/factories";
import { runDeclaredJob } from "../support/jobs";
import { postLoja } from "../support/loja-actions";
import { withPixShop } from "../support/mercadopago";

const LOJA = "pedidos@agropet.example.com";
const { ctx, mp } = withPixShop({ emailNovosPedidos: LOJA });
let admin: Awaited<ReturnType<typeof makeAdmin>>;
let feed: Awaited<ReturnType<typeof createAlertFeed>>;
const heard: Aviso[] = [];

// biome-ignore lint/suspicious/noExplicitAny: test access to loose loader and action data
type Loose = any;

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as never;

beforeAll(async () => {
  feed = await createAlertFeed(ctx.database);
  await feed.subscribe(await feed.latest(), (aviso) => heard.push(aviso));
});
afterAll(async () => {
  await feed?.stop();
});
beforeEach(async () => {
  admin = await makeAdmin();
});

/** A customer's online-Pix checkout of 2 units (of 3 in stock): the order, its page, its charge. */
async function pixCheckout() {
  const item = await createProduct(ctx.database, {
    nome: `Ração ${crypto.randomUUID()}`,
    preco: 4590,
    estoque: 3,
  });
  const response = (await checkoutAction(
    args(
      formRequest(
        "/loja/checkout",
        checkoutForm(`${item.id}:2`, { formaPagamento: "pix_mercadopago", email: "m@example.com" }),
      ),
    ),
  )) as Response;
  const location = response.headers.get("location")!;
  const numero = new URL(location, "http://localhost").pathname.split("/").pop()!;
  const [pedido] = await ctx.database.db
    .select()
    .from(pedidos)
    .where(eq(pedidos.numeroPedido, numero));
  const [cobranca] = await ctx.database.db
    .select()
    .from(cobrancas)
    .where(eq(cobrancas.pedidoId, pedido!.id));
  expect(cobranca!.status).toBe("pendente");
  return { item, pedido: pedido!, cobranca: cobranca!, location, numero };
}

async function orderPage(location: string, numero: string): Promise<Loose> {
  return ((await orderLoader(args(makeRequest(location), { numero }))) as Loose).data;
}

const post = (fields: Record<string, string>) => postLoja("pedidos", fields, admin.token);
const cancel = (id: string) => post({ intent: "order-status", id, status: "cancelado" });

async function orderRow(id: string) {
  const [row] = await ctx.database.db.select().from(pedidos).where(eq(pedidos.id, id));
  return row!;
}

async function chargeRow(id: string) {
  const [row] = await ctx.database.db.select().from(cobrancas).where(eq(cobrancas.id, id));
  return row!;
}

describe("an order the admin cancels", () => {
  it("cancels its open charge at Mercado Pago, and its page shows no QR", async () => {
    const { pedido, cobranca, location, numero } = await pixCheckout();
    expect((await orderPage(location, numero)).pixOnline).toMatchObject({ estado: "pendente" });

    expect((await cancel(pedido.id)).status).toBe(200);
    const put = mp.requests.filter((r) => r.method === "PUT");
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({
      path: `/v1/payments/${cobranca.externoId}`,
      body: { status: "cancelled" },
    });
    expect(mp.payments.get(Number(cobranca.externoId))!.status).toBe("cancelled");
    expect((await chargeRow(cobranca.id)).status).toBe("cancelada");
    const page = await orderPage(location, numero);
    expect(page.pixOnline?.estado).not.toBe("pendente");
    expect(JSON.stringify(page)).not.toContain(cobranca.qrCode!);
  });

  it("with Mercado Pago down, leaves the charge to the reconciliation pass, which cancels it", async () => {
    const { pedido, cobranca } = await pixCheckout();
    mp.failNext(1);
    expect((await cancel(pedido.id)).status).toBe(200);
    expect((await chargeRow(cobranca.id)).status).toBe("pendente");
    // The orders module's payments job, run as the server runs it.
    const run = await runDeclaredJob("orders.reconcile-payments");
    expect(run.outcome).toBe("ok");
    expect((await chargeRow(cobranca.id)).status).toBe("cancelada");
    expect(mp.payments.get(Number(cobranca.externoId))!.status).toBe("cancelled");
  });
});

describe("a charge paid after its order was cancelled", () => {
  /** Cancelled while Mercado Pago was down; then the customer paid; then the pass ran. */
  async function paidAfterCancel() {
    const checkout = await pixCheckout();
    mp.failNext(1);
    await cancel(checkout.pedido.id);
    mp.setStatus(checkout.cobranca.externoId, "approved");
    heard.length = 0;
    expect(await reconcilePendingCobrancas()).toBe(1);
    return checkout;
  }

  it("is kept and flagged, heard live, and e-mailed to the shop's new-order address", async () => {
    const { pedido, item } = await paidAfterCancel();
    const row = await orderRow(pedido.id);
    expect(row).toMatchObject({ statusPedido: "cancelado", statusPagamento: "pago" });
    expect(row.pagoAposCancelamentoEm).toBeInstanceOf(Date);
    // The stock stays released: the cancellation stands until the admin reopens.
    expect(await stockOf(ctx.database, item.id)).toBe(3);

    await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1);
    expect(heard[0]).toMatchObject({
      tipo: "pago_apos_cancelamento",
      referenciaId: pedido.id,
      dados: { numero: pedido.numeroPedido, total: pedido.total },
    });
    const mails = await ctx.database.db
      .select()
      .from(emails)
      .where(and(eq(emails.resourceId, pedido.id), eq(emails.tipo, "loja_pago_apos_cancelamento")));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.destinatario).toBe(LOJA);

    // The admin's list shows it flagged.
    const { loader } = await import("~/routes/admin/loja");
    const list = (
      (await loader(args(makeRequest("/admin/loja?view=pedidos", { token: admin.token })))) as Loose
    ).pedidos.orders as Loose[];
    expect(list.find((o) => o.id === pedido.id).pagoAposCancelamentoEm).toBeTruthy();
  });

  it("a charge paid just before the cancellation reached Mercado Pago is flagged at once", async () => {
    const { pedido, cobranca } = await pixCheckout();
    mp.setStatus(cobranca.externoId, "approved");
    await cancel(pedido.id);
    const row = await orderRow(pedido.id);
    expect(row).toMatchObject({ statusPedido: "cancelado", statusPagamento: "pago" });
    expect(row.pagoAposCancelamentoEm).toBeInstanceOf(Date);
  });

  it("can be refunded", async () => {
    const { pedido, cobranca } = await paidAfterCancel();
    const result = await post({ intent: "pix-refund", id: pedido.id });
    expect(result.data).toMatchObject({ ok: true });
    expect((await orderRow(pedido.id)).statusPagamento).toBe("reembolsado");
    expect(mp.payments.get(Number(cobranca.externoId))!.status).toBe("refunded");
    // A refunded one is not reopened.
    expect((await post({ intent: "order-reopen", id: pedido.id })).status).toBe(400);
  });

  it("can reopen the order, reserving its items again", async () => {
    const { pedido, item } = await paidAfterCancel();
    const result = await post({ intent: "order-reopen", id: pedido.id });
    expect(result.data).toMatchObject({ ok: true, message: "Pedido reaberto" });
    expect(await orderRow(pedido.id)).toMatchObject({
      statusPedido: "novo",
      statusPagamento: "pago",
      estoqueSituacao: "reservado",
    });
    expect(await stockOf(ctx.database, item.id)).toBe(1);
    // Once: a second click finds it open.
    expect((await post({ intent: "order-reopen", id: pedido.id })).status).toBe(400);
    expect(await stockOf(ctx.database, item.id)).toBe(1);
  });

  it("refuses to reopen when the stock is gone, and changes nothing", async () => {
    const { pedido, item } = await paidAfterCancel();
    // Sold at the counter meanwhile: 1 left of the 2 the order needs.
    await ctx.database.db.execute(
      sql`update estoque set em_maos = reservado + 1 where variante_id = ${item.id}`,
    );
    const result = await post({ intent: "order-reopen", id: pedido.id });
    expect(result.status).toBe(400);
    expect((result.data as Loose).message).toMatch(/^Sem estoque para reabrir o pedido/);
    expect(await orderRow(pedido.id)).toMatchObject({
      statusPedido: "cancelado",
      estoqueSituacao: "liberado",
    });
    expect(await stockOf(ctx.database, item.id)).toBe(1);
  });

  it("an order cancelled without a late payment never reopens", async () => {
    const { pedido } = await pixCheckout();
    await cancel(pedido.id);
    const result = await post({ intent: "order-reopen", id: pedido.id });
    expect(result.status).toBe(400);
    expect((await orderRow(pedido.id)).statusPedido).toBe("cancelado");
  });
});

describe("a refund Mercado Pago accepted but has not confirmed", () => {
  it("is read again by the reconciliation until it settles, then the order is refunded", async () => {
    const { pedido, cobranca } = await pixCheckout();
    mp.setStatus(cobranca.externoId, "approved");
    expect(await reconcilePendingCobrancas()).toBe(1);
    mp.delayRefunds(true);
    const result = await post({ intent: "pix-refund", id: pedido.id });
    expect(result.status).toBe(400);
    expect((result.data as Loose).message).toBe(REFUND_MESSAGES.pendente);
    expect((await chargeRow(cobranca.id)).reembolsoSolicitadoEm).toBeInstanceOf(Date);

    const reads = () =>
      mp.requests.filter(
        (r) => r.method === "GET" && r.path === `/v1/payments/${cobranca.externoId}`,
      ).length;
    const before = reads();
    expect(await reconcilePendingCobrancas()).toBe(0);
    expect(reads()).toBe(before + 1);
    expect((await orderRow(pedido.id)).statusPagamento).toBe("pago");

    mp.setStatus(cobranca.externoId, "refunded");
    expect(await reconcilePendingCobrancas()).toBe(1);
    expect((await orderRow(pedido.id)).statusPagamento).toBe("reembolsado");
    expect((await chargeRow(cobranca.id)).status).toBe("reembolsada");
    // Settled: no longer asked about.
    const settled = reads();
    await reconcilePendingCobrancas();
    expect(reads()).toBe(settled);
  });
});
