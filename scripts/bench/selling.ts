// "Páginas enquanto vende": /loja and a product page under browser-like load, first while
// nobody buys, then while checkouts arrive at 10 orders a second (a busy Saturday) on ten
// products, that page's product among them. A sale that crosses nothing a page tells must
// not throw the shared page cache away (migration 0007, app/platform/page-data.server.ts).
// Goal: selling, each page keeps at least half its quiet throughput and stays at 1.5× the
// bare yardstick or more.
import { sql } from "drizzle-orm";
import { queryRows } from "~/platform/db/client.server";
import { customerCheckout } from "../lib/checkout-form";
import { table } from "../lib/server";
import { setStockInHandAtDeliveringUnit } from "../lib/stock";
import * as harness from "./harness";

const ORDERS_PER_SECOND = 10;
const SELLING_PRODUCTS = 10;
/** Plenty: a sale leaves thousands, as a ração on a pallet. */
const SELLING_STOCK = 100_000;

interface SellingResult {
  yardstick: harness.LoadResult;
  rows: { page: string; quiet: harness.LoadResult; selling: harness.LoadResult }[];
  orders: number;
  failed: number;
  seconds: number;
}

async function prepareSelling(env: Record<string, string>): Promise<string[]> {
  return harness.withRunDatabase(env, async (database) => {
    // Products with one variant (its id is the product's), the last of the list by name, so
    // the checkout bench's products (the first ones) are not these.
    const rows = await queryRows<{ id: string }>(
      database.db,
      sql`select p.id from produtos p join variantes v on v.id = p.id
          where p.ativo and p.excluido_em is null and v.ativo and p.opcoes = '[]'::jsonb
          order by p.nome desc limit ${SELLING_PRODUCTS}`,
    );
    const ids = rows.map((r) => r.id);
    await setStockInHandAtDeliveringUnit(database, ids, SELLING_STOCK, "bench");
    return ids;
  });
}

/** Places ORDERS_PER_SECOND orders a second on `products` until stopped. */
function sell(base: string, products: string[]) {
  let i = 0;
  let placed = 0;
  let failed = 0;
  const pending = new Set<Promise<void>>();
  const started = performance.now();
  const timer = setInterval(() => {
    const n = i++;
    const form = new URLSearchParams(
      customerCheckout(60_000 + n, products[n % products.length]!, `Cliente Sábado ${n}`),
    );
    const p: Promise<void> = harness
      .postForm(base, "/loja/checkout", form, harness.clientAddress(90, n))
      .then((status) => {
        if (status === harness.PLACED) placed++;
        else failed++;
      })
      .catch(() => {
        failed++;
      })
      .finally(() => pending.delete(p));
    pending.add(p);
  }, 1000 / ORDERS_PER_SECOND);
  return async () => {
    clearInterval(timer);
    await Promise.all(pending);
    return { orders: placed, failed, seconds: (performance.now() - started) / 1000 };
  };
}

export const selling: harness.Scenario<string[], SellingResult> = {
  name: "selling",
  prepare: prepareSelling,
  async run({ kind, base, yardstick }, products) {
    const pages = [
      ["GET /loja", "/loja"],
      ["GET /loja/produto/{id} (à venda)", `/loja/produto/${products[0]}`],
    ] as const;
    const quiet: harness.LoadResult[] = [];
    for (const [name, url] of pages) {
      console.log(`[${kind}] ${name}, ninguém comprando ...`);
      quiet.push(await harness.load(`${base}${url}`, harness.BROWSER));
      await harness.settle(base);
    }
    console.log(`[${kind}] vendendo ${ORDERS_PER_SECOND} pedidos/s ...`);
    const stop = sell(base, products);
    const busy: harness.LoadResult[] = [];
    for (const [name, url] of pages) {
      console.log(`[${kind}] ${name}, vendendo ...`);
      busy.push(await harness.load(`${base}${url}`, harness.BROWSER));
    }
    const sold = await stop();
    await harness.settle(base);
    return {
      yardstick,
      rows: pages.map(([page], i) => ({ page, quiet: quiet[i]!, selling: busy[i]! })),
      ...sold,
    };
  },
  report(results) {
    const rows = [
      [
        "Banco",
        "Página",
        "parada (req/s)",
        "vendendo (req/s)",
        "vendendo ÷ parada",
        "vendendo × ref.",
        "p99 vendendo (ms)",
        "OK",
      ],
    ];
    let allOk = true;
    const sales: string[] = [];
    for (const { kind, result } of results) {
      const ref = result.yardstick.reqPerSec;
      for (const { page, quiet, selling: busy } of result.rows) {
        const kept = busy.reqPerSec / quiet.reqPerSec;
        const vsRef = busy.reqPerSec / ref;
        const ok = kept >= 0.5 && vsRef >= 1.5 && busy.non2xx === 0 && busy.errors === 0;
        allOk &&= ok;
        rows.push([
          kind,
          page,
          quiet.reqPerSec.toFixed(0),
          busy.reqPerSec.toFixed(0),
          kept.toFixed(2),
          vsRef.toFixed(2),
          String(busy.p99),
          ok ? "sim" : "NÃO",
        ]);
      }
      const rate = result.orders / result.seconds;
      allOk &&= result.failed === 0;
      sales.push(
        `${kind}: ${result.orders} pedidos em ${result.seconds.toFixed(0)} s (${rate.toFixed(1)}/s), ${result.failed} falhas; referência ${ref.toFixed(0)} req/s`,
      );
    }
    console.log("\nPáginas enquanto vende (10 pedidos/s)\n");
    console.log(table(rows));
    for (const line of sales) console.log(line);
    return allOk;
  },
};
