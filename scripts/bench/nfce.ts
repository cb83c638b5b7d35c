// The counter sales' own benchmark (issue 44 point 3, decision 0089), in a process of its own
// like nfe-entry.ts: a day of 2,000 NFC-e files of one unit (1 to 4 items each, GTIN-matched,
// a cancellation every 50 notes) dropped in the import folder and applied by the folder's
// job code (read in the worker thread, one transaction per note), on PGlite and on PostgreSQL
// when DATABASE_URL is set. Meanwhile a product page's reads (the store product and its
// variants' stock per unit, as /loja/produto/:id loads them) run one after the other: their
// p50, p99 and max say how the shop's pages answer during the import; the event loop's
// longest hold is printed too.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { getStoreProduct, productSaleVariants } from "~/modules/catalog/index.server";
import { importNfceFolder, NFCE_FOLDER } from "~/modules/fiscal/index.server";
import { type Database, runSql } from "~/platform/db/client.server";
import { storage } from "~/platform/storage.server";
import { cancelamentoXml, notaXml } from "../../tests/support/nota-fiscal";
import { fmtInt, quantile } from "./harness";
import { ean, runFiscalBench, seedStockedProducts, UNIDADE } from "./lib/fiscal";

const NOTES = 2_000;
const PRODUCTS = 300;
/** A day's files applied within this (the job runs every 5 minutes). */
const GOAL_S = 120;
/** A product page's reads during the import, p99. */
const GOAL_PAGE_P99_MS = 500;

function seed(database: Database): Promise<string[]> {
  return seedStockedProducts(database, {
    categoria: "Bench NFC-e",
    count: PRODUCTS,
    nome: (i) => `Produto balcão ${i}`,
    sku: "BAL-",
    gtin: ean,
    emMaos: 1000,
  });
}

/** The day's files in the folder: 2,000 sales and a cancellation every 50. */
async function dropTheDay(): Promise<number> {
  let bytes = 0;
  const day = new Date("2026-11-27T11:00:00Z");
  for (let n = 1; n <= NOTES; n++) {
    const { xml, chave } = notaXml({
      modelo: "65",
      numero: n,
      emitente: UNIDADE,
      destinatario: null,
      emitidaEm: new Date(day.getTime() + n * 15_000),
      itens: Array.from({ length: 1 + (n % 4) }, (_, k) => {
        const p = ((n * 7 + k * 13) % PRODUCTS) + 1;
        return {
          codigo: `P${p}`,
          descricao: `PRODUTO BALCAO ${p}`,
          gtin: ean(p),
          quantidade: 1 + (k % 2),
          valorUnitario: 4990,
        };
      }),
    });
    const name = `${NFCE_FOLDER}NFCe${String(n).padStart(5, "0")}.xml`;
    await storage().put("private", name, Buffer.from(xml));
    bytes += xml.length;
    if (n % 50 === 0) {
      const can = cancelamentoXml(chave, UNIDADE.cnpj, new Date(day.getTime() + n * 15_000 + 5000));
      await storage().put(
        "private",
        `${NFCE_FOLDER}NFCe${String(n).padStart(5, "0")}-can.xml`,
        Buffer.from(can),
      );
      bytes += can.length;
    }
  }
  return bytes;
}

async function run(label: string, database: Database) {
  const ids = await seed(database);
  // Warm the worker thread (tsx, the parser) and the page's reads, as a running shop has them.
  await storage().put("private", `${NFCE_FOLDER}aquecer.xml`, Buffer.from("<x/>"));
  await importNfceFolder();
  const page = async (i: number) => {
    const product = await getStoreProduct(ids[i % ids.length]!);
    if (product) await productSaleVariants(product.id);
  };
  await page(0);
  const bytes = await dropTheDay();
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  let done = false;
  const latencies: number[] = [];
  const reader = (async () => {
    let i = 0;
    while (!done) {
      const t = performance.now();
      await page(i++);
      latencies.push(performance.now() - t);
      // Yield: a read served from memory must not starve the import of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  const t = performance.now();
  const counts = await importNfceFolder();
  const seconds = (performance.now() - t) / 1000;
  done = true;
  await reader;
  lag.disable();
  latencies.sort((a, b) => a - b);
  const p50 = quantile(latencies, 0.5);
  const p99 = quantile(latencies, 0.99);
  const max = latencies.at(-1) ?? 0;
  const [moved] = await runSql<{ n: number }>(
    database.db,
    "select count(*)::int as n from movimentos_estoque where tipo = 'venda_balcao'",
    [],
  );
  const ok =
    counts.vendas === NOTES && counts.recusados === 0 && seconds < GOAL_S && p99 < GOAL_PAGE_P99_MS;
  console.log(
    `${label.padEnd(10)} dia de ${fmtInt(NOTES)} NFC-e + ${fmtInt(counts.devolvidas)} cancelamentos (${fmtInt(bytes / 1024)} KB, ${counts.arquivos} arquivos): aplicar ${seconds.toFixed(1)} s (${fmtInt(NOTES / seconds)} notas/s, ${fmtInt(moved!.n)} movimentos); página de produto durante: p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, máx. ${max.toFixed(0)} ms (${fmtInt(latencies.length)} leituras); event loop preso no máx. ${(lag.max / 1e6).toFixed(0)} ms ${ok ? `OK (< ${GOAL_S} s, p99 < ${GOAL_PAGE_P99_MS} ms)` : "ACIMA DA META"}`,
  );
  return ok;
}

await runFiscalBench("bench-nfce-", run);
