// Checkout, posted as the checkout page posts it (a form sent as a document, answered with a
// redirect), after a warm-up of 200 concurrent orders on products of its own: one client
// placing orders one after another (p50); 200 concurrent checkouts spread over 10 products
// with stock 20 each (200 orders, stock 0 after, none oversold); the same over 10 other
// products with stock 15 each (150 orders, 50 refused customers who get the checkout page
// again); 100 concurrent orders of one product with stock 10 (exactly 10).
import { sql } from "drizzle-orm";
import { queryRows } from "~/platform/db/client.server";
import { customerCheckout } from "../lib/checkout-form";
import { table } from "../lib/server";
import { setStockInHandAtDeliveringUnit } from "../lib/stock";
import * as harness from "./harness";

const RACE_ORDERS = 100;
const SPREAD_ORDERS = 200;
const SPREAD_PRODUCTS = 10;
/** Stock per product: every checkout of the first spread run finds its unit... */
const SPREAD_STOCK = SPREAD_ORDERS / SPREAD_PRODUCTS;
/** ...and in the second, a quarter of them find none. */
const SHORT_STOCK = 15;
const SERIAL_ORDERS = 60;

interface RaceResult {
  created: number;
  refused: number;
  serverErrors: number;
  other: number;
  stockAfter: number;
  seconds: number;
}

/**
 * Posts the checkout as the page does (served without React, decision 0013): a placed order
 * is answered with a redirect (302), a refusal with the page again (409).
 */
function placeOrder(base: string, i: number, productId: string): Promise<number> {
  // One client address per buyer, as different customers would have.
  const form = new URLSearchParams(customerCheckout(i, productId, `Cliente Benchmark ${i}`));
  return harness.postForm(base, "/loja/checkout", form, harness.clientAddress(77, i));
}

/** Concurrent checkouts, order i buying one unit of products[i % products.length]. */
async function race(
  base: string,
  products: string[],
  orders: number,
  offset: number,
): Promise<RaceResult> {
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: orders }, (_, i) =>
      placeOrder(base, offset + i, products[i % products.length]!),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  let stockAfter = 0;
  for (const id of products) stockAfter += await harness.stockOf(base, id);
  return {
    created: statuses.filter((s) => s === harness.PLACED).length,
    refused: statuses.filter((s) => s === 409).length,
    serverErrors: statuses.filter((s) => s >= 500).length,
    other: statuses.filter((s) => s !== harness.PLACED && s !== 409 && s < 500).length,
    stockAfter,
    seconds,
  };
}

/** One client, one order after another: the latency a customer waits for 'Confirmar pedido'. */
async function serial(base: string, productId: string, offset: number) {
  const { times, failed } = await harness.inSequence(
    SERIAL_ORDERS,
    (i) => placeOrder(base, offset + i, productId),
    (status) => status === harness.PLACED,
  );
  return { p50: harness.quantile(times, 0.5), p99: harness.quantile(times, 0.99), failed };
}

/** Stock for the checkout runs, set in the database before the app starts. */
async function prepareStock(env: Record<string, string>) {
  return harness.withRunDatabase(env, async (database) => {
    // Variants on sale (a product's only one has the product's id; packs have their own).
    const spread = await queryRows<{ id: string }>(
      database.db,
      sql`select v.id from variantes v join produtos p on p.id = v.produto_id
          where v.sku is distinct from ${harness.RACE_SKU} and v.ativo and p.ativo
          and p.excluido_em is null order by p.nome, v.posicao limit ${3 * SPREAD_PRODUCTS + 1}`,
    );
    const serialProduct = spread.pop()!.id;
    const ids = spread.slice(0, SPREAD_PRODUCTS).map((r) => r.id);
    const short = spread.slice(SPREAD_PRODUCTS, 2 * SPREAD_PRODUCTS).map((r) => r.id);
    const warmUp = spread.slice(2 * SPREAD_PRODUCTS).map((r) => r.id);
    const set = (some: string[], n: number) =>
      setStockInHandAtDeliveringUnit(database, some, n, "bench");
    await set(ids, SPREAD_STOCK);
    // What the seed leaves for the warm-up (five products) gets stock for all of it.
    if (warmUp.length === 0) throw new Error("Sem produtos para o aquecimento do checkout");
    await set(warmUp, SPREAD_ORDERS);
    await set(short, SHORT_STOCK);
    await set([serialProduct], SERIAL_ORDERS * 2);
    return { spread: ids, short, warmUp, serialProduct };
  });
}

type Stock = Awaited<ReturnType<typeof prepareStock>>;

interface CheckoutResult {
  single: Awaited<ReturnType<typeof serial>>;
  spread: RaceResult;
  spreadBefore: number;
  short: RaceResult;
  shortBefore: number;
  checkout: RaceResult;
  stockBefore: number;
}

export const checkout: harness.Scenario<Stock, CheckoutResult> = {
  name: "checkout",
  prepare: prepareStock,
  async run({ kind, base, productId }, stock) {
    // As for the pages: a warm-up (the same 200 concurrent orders, on products of its own)
    // so the first JIT and connection costs do not count.
    console.log(`[${kind}] checkout: aquecimento ...`);
    await race(base, stock.warmUp, SPREAD_ORDERS, 40_000);
    await harness.settle(base);
    console.log(`[${kind}] checkout: ${SERIAL_ORDERS} pedidos em sequência ...`);
    const single = await serial(base, stock.serialProduct, 0);
    console.log(
      `[${kind}] checkout: ${SPREAD_ORDERS} simultâneos em ${SPREAD_PRODUCTS} produtos ...`,
    );
    const spreadBefore = SPREAD_STOCK * SPREAD_PRODUCTS;
    const spread = await race(base, stock.spread, SPREAD_ORDERS, 10_000);
    console.log(
      `[${kind}] checkout: ${SPREAD_ORDERS} simultâneos em ${SPREAD_PRODUCTS} produtos, estoque ${SHORT_STOCK} cada ...`,
    );
    const shortBefore = SHORT_STOCK * SPREAD_PRODUCTS;
    const short = await race(base, stock.short, SPREAD_ORDERS, 30_000);
    const stockBefore = await harness.stockOf(base, productId);
    console.log(
      `[${kind}] corrida: ${RACE_ORDERS} checkouts de 1 unidade, estoque ${stockBefore} ...`,
    );
    const checkout = await race(base, [productId], RACE_ORDERS, 20_000);
    await harness.settle(base);
    return { single, spread, spreadBefore, short, shortBefore, checkout, stockBefore };
  },
  report(results) {
    const raceRows = [
      [
        "Banco",
        "corrida",
        "pedidos tentados",
        "estoque antes",
        "pedidos",
        "recusados",
        "5xx",
        "outros",
        "estoque depois",
        "tempo (s)",
        "pedidos/s",
        "OK",
      ],
    ];
    let allOk = true;
    const singleRows = [["Banco", "pedidos em sequência", "p50 (ms)", "p99 (ms)", "falhas"]];
    for (const { kind, result: r } of results) {
      singleRows.push([
        kind,
        String(SERIAL_ORDERS),
        r.single.p50.toFixed(1),
        r.single.p99.toFixed(1),
        String(r.single.failed),
      ]);
      allOk &&= r.single.failed === 0;
      for (const [name, c, tried, before] of [
        [`${SPREAD_PRODUCTS} produtos`, r.spread, SPREAD_ORDERS, r.spreadBefore],
        [`${SPREAD_PRODUCTS} produtos, 1/4 sem estoque`, r.short, SPREAD_ORDERS, r.shortBefore],
        ["1 produto", r.checkout, RACE_ORDERS, r.stockBefore],
      ] as const) {
        // Nothing oversold: exactly the stock became orders, and none is left.
        const ok =
          c.created === before && c.stockAfter === 0 && c.serverErrors === 0 && c.other === 0;
        allOk &&= ok;
        raceRows.push([
          kind,
          name,
          String(tried),
          String(before),
          String(c.created),
          String(c.refused),
          String(c.serverErrors),
          String(c.other),
          String(c.stockAfter),
          c.seconds.toFixed(2),
          (c.created / c.seconds).toFixed(1),
          ok ? "sim" : "NÃO",
        ]);
      }
    }
    console.log("\nCheckout de um cliente só\n");
    console.log(table(singleRows));
    console.log("\nCheckouts simultâneos (1 unidade cada)\n");
    console.log(table(raceRows));
    return allOk;
  },
};
