// Checkout with the card chosen (issue 43, decision 0080) against Pix in the same run: the
// order is written and reserved, then a Checkout Pro preference is created at a local
// stand-in for Mercado Pago (tests/support/fake-mercadopago.ts) and the answer is the
// redirect to it; Pix creates its charge the same way. One client ordering one after another
// (p50, p99), then 100 concurrent checkouts of each (orders per second). The provider is a
// local process: the figures are the shop's own cost, not Mercado Pago's latency.
import { sql } from "drizzle-orm";
import { updateSettings } from "~/modules/shop/index.server";
import { queryRows } from "~/platform/db/client.server";
import { type FakeMercadoPago, startFakeMercadoPago } from "../../tests/support/fake-mercadopago";
import { customerCheckout } from "../lib/checkout-form";
import { table } from "../lib/server";
import { setStockInHandAtDeliveringUnit } from "../lib/stock";
import * as harness from "./harness";

const SERIAL = 40;
const CONCURRENT = 100;
type Forma = "cartao_mercadopago" | "pix_mercadopago";
const FORMAS: Forma[] = ["cartao_mercadopago", "pix_mercadopago"];
const placed = (status: number) => status >= 300 && status < 400;

interface Prepared {
  products: string[];
  mp: FakeMercadoPago;
}

function order(base: string, i: number, productId: string, forma: Forma) {
  const form = new URLSearchParams({
    ...customerCheckout(i, productId, `Cliente Cartão ${i}`),
    formaPagamento: forma,
    email: `cliente${i}@example.com`,
  });
  return harness.postForm(base, "/loja/checkout", form, harness.clientAddress(91, i));
}

interface Figures {
  p50: number;
  p99: number;
  serialFailed: number;
  created: number;
  failed: number;
  seconds: number;
}

async function measure(base: string, productId: string, forma: Forma, offset: number) {
  const { times, failed: serialFailed } = await harness.inSequence(
    SERIAL,
    (i) => order(base, offset + i, productId, forma),
    placed,
  );
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) =>
      order(base, offset + SERIAL + i, productId, forma),
    ),
  );
  const seconds = (performance.now() - started) / 1000;
  const created = statuses.filter(placed).length;
  return {
    p50: harness.quantile(times, 0.5),
    p99: harness.quantile(times, 0.99),
    serialFailed,
    created,
    failed: CONCURRENT - created,
    seconds,
  } satisfies Figures;
}

export const checkoutCard: harness.Scenario<Prepared, Record<Forma, Figures>> = {
  name: "checkout-card",
  async prepare(env) {
    const mp = await startFakeMercadoPago("TEST-bench-token");
    // The app reads these at start (env wins over the saved credentials).
    env.MERCADOPAGO_API_URL = mp.url;
    env.MERCADOPAGO_ACCESS_TOKEN = mp.accessToken;
    env.MERCADOPAGO_WEBHOOK_SECRET = "segredo-bench";
    env.PAYMENT_RECONCILE_INTERVAL = "0";
    const products = await harness.withRunDatabase(env, async (database) => {
      await updateSettings(database.db, {
        mercadopagoAtivo: true,
        cartaoAtivo: true,
        cartaoParcelasMax: 6,
        cartaoParcelasSemJuros: 3,
      });
      const rows = await queryRows<{ id: string }>(
        database.db,
        sql`select v.id from variantes v join produtos p on p.id = v.produto_id
            where v.ativo and p.ativo and p.excluido_em is null
            order by p.nome desc, v.posicao limit 3`,
      );
      const ids = rows.map((r) => r.id);
      await setStockInHandAtDeliveringUnit(database, ids, 10 * (SERIAL + CONCURRENT), "bench");
      return ids;
    });
    return { products, mp };
  },
  async run({ kind, base }, { products, mp }) {
    try {
      console.log(`[${kind}] checkout com cartão x Pix: aquecimento ...`);
      await Promise.all(
        Array.from({ length: 40 }, (_, i) =>
          order(base, 900_000 + i, products[2]!, FORMAS[i % 2]!),
        ),
      );
      await harness.settle(base);
      const result = {} as Record<Forma, Figures>;
      for (const [n, forma] of FORMAS.entries()) {
        console.log(
          `[${kind}] checkout ${forma}: ${SERIAL} em sequência, ${CONCURRENT} simultâneos ...`,
        );
        result[forma] = await measure(base, products[n]!, forma, 100_000 * (n + 1));
        await harness.settle(base);
      }
      return result;
    } finally {
      await mp.close();
    }
  },
  report(results) {
    const rows = [
      [
        "Banco",
        "forma",
        "p50 (ms)",
        "p99 (ms)",
        "falhas",
        `${CONCURRENT} simultâneos: pedidos`,
        "tempo (s)",
        "pedidos/s",
      ],
    ];
    let ok = true;
    for (const { kind, result } of results) {
      for (const forma of FORMAS) {
        const r = result[forma];
        ok &&= r.serialFailed === 0 && r.failed === 0;
        rows.push([
          kind,
          forma === "cartao_mercadopago" ? "cartão (Checkout Pro)" : "Pix automático",
          r.p50.toFixed(1),
          r.p99.toFixed(1),
          String(r.serialFailed + r.failed),
          String(r.created),
          r.seconds.toFixed(2),
          (r.created / r.seconds).toFixed(1),
        ]);
      }
    }
    console.log("\nCheckout com cartão x Pix (provedor local)\n");
    console.log(table(rows));
    return ok;
  },
};
