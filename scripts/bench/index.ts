// `npm run bench`: builds, then on a fresh seeded database measures what browsers get.
// - A yardstick first: a bare node:http + database server answering the rows of /loja's
//   first page as gzip JSON (scripts/bench-reference.ts), then the app's pages (/, /produtos,
//   /loja, a product page) and an uncached render of /loja (a cookie of ours bypasses the
//   page cache), all with autocannon, 50 connections for 10 s, every request sending
//   `Accept-Encoding: gzip, deflate, br` as browsers do; each page's ratio to the yardstick.
// - Checkout, posted as the checkout page posts it (a form sent as a document, answered with
//   a redirect), after a warm-up of 200 concurrent orders on products of its own: one
//   client placing orders one after another (p50); 200 concurrent checkouts
//   spread over 10 products with stock 20 each (200 orders, stock 0 after, none oversold);
//   the same over 10 other products with stock 15 each (150 orders, 50 refused customers
//   who get the checkout page again); 100 concurrent orders of one product with stock 10
//   (exactly 10).
// - A login flood: 300 concurrent admin logins from 300 IPs (unknown e-mails) while one client
//   asks /loja/resumo again and again; its p99 during the flood against its quiet p99 (goal:
//   under 10×), and how the logins were answered (503 at once when argon2's turns are taken).
// Runs on PGlite, and on PostgreSQL too when DATABASE_URL is set (a throwaway database).
// Flags: --no-build, --duration=<s>, --connections=<n>, --only=login-flood (that part alone).
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import { openDatabase, queryRows } from "../app/infra/db/client.server";
import { buildUnlessSkipped, root, startServer, stopServer, table } from "./lib/server";
import { createThrowawayDatabase } from "./lib/throwaway-postgres";

const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split("=")[1]) : fallback;
};
const DURATION = flag("duration", 10);
const CONNECTIONS = flag("connections", 50);
const RACE_ORDERS = 100;
const SPREAD_ORDERS = 200;
const SPREAD_PRODUCTS = 10;
/** Stock per product: every checkout of the first spread run finds its unit... */
const SPREAD_STOCK = SPREAD_ORDERS / SPREAD_PRODUCTS;
/** ...and in the second, a quarter of them find none. */
const SHORT_STOCK = 15;
const SERIAL_ORDERS = 60;
const BROWSER = { "accept-encoding": "gzip, deflate, br" };
/** Seeded product with stock 10 (Tapete Higiênico Super Secão 30 unidades). */
const RACE_SKU = "HIG-TAPE-30";
const FLOOD_LOGINS = 300;
/** `--only=login-flood`: the login flood alone (no pages, no checkout). */
const ONLY_FLOOD = args.includes("--only=login-flood");

interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

interface RaceResult {
  created: number;
  refused: number;
  serverErrors: number;
  other: number;
  stockAfter: number;
  seconds: number;
}

/** The built app on a database of the run's own; no webhook worker, a fresh secret. */
function startApp(env: Record<string, string>) {
  return startServer(
    {
      WEBHOOK_WORKER_INTERVAL: "0",
      SESSION_SECRET: crypto.randomBytes(16).toString("hex"),
      ...env,
    },
    { output: "inherit" },
  );
}

async function load(url: string, headers: Record<string, string> = BROWSER): Promise<LoadResult> {
  // A short warm-up so the first JIT and connection costs do not count.
  await autocannon({ url, headers, connections: 10, duration: 2 });
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Waits until the server has worked off what a load run left queued (an uncached page under
 * 50 connections leaves up to a second of renders behind): the next figure is its own.
 */
async function settle(base: string) {
  const until = Date.now() + 15_000;
  let quick = 0;
  while (quick < 3 && Date.now() < until) {
    const started = performance.now();
    await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
    quick = performance.now() - started < 5 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function productIdBySku(base: string, sku: string): Promise<string> {
  const html = await (await fetch(`${base}/loja?q=${encodeURIComponent(sku)}`)).text();
  const id = html.match(/\/loja\/produto\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error(`produto ${sku} não encontrado na loja`);
  return id;
}

async function stockOf(base: string, id: string): Promise<number> {
  const quote = (await (await fetch(`${base}/loja/resumo?itens=${id}:1`)).json()) as {
    linhas: { estoque: number }[];
  };
  return quote.linhas[0]?.estoque ?? 0;
}

/** A placed order is answered with a redirect (to the store, with the success message). */
const PLACED = 302;

function checkoutBody(i: number, productId: string) {
  return new URLSearchParams({
    nome: `Cliente Benchmark ${i}`,
    telefone: "47999990000",
    endereco: "Rua 416",
    numero: String(i + 1),
    bairro: "Meia Praia",
    janelaEntrega: "tarde",
    formaPagamento: "dinheiro",
    itens: `${productId}:1`,
    idempotencyKey: crypto.randomUUID(),
  });
}

/**
 * Posts the checkout as the page does (served without React, decision 0013): the form goes as
 * a document, a placed order is answered with a redirect (302), a refusal with the page again
 * (409), and the redirect is not followed. One customer's checkout on a connection of its
 * own, as separate phones would post it.
 * node:http rather than fetch: the load generator shares the two cores with the server, and
 * fetch cost it about 4 ms of CPU per order, a third of what it measured.
 */
function placeOrder(base: string, i: number, productId: string): Promise<number> {
  // One client address per buyer, as different customers would have.
  return postForm(base, "/loja/checkout", checkoutBody(i, productId), clientAddress(77, i));
}

/** The i-th of many client addresses from 10.<first>.0.1 on, 250 per /24. */
function clientAddress(first: number, i: number): string {
  return `10.${first + Math.floor(i / 62500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
}

/** A form posted as a page posts it (same origin, a navigation), on its own connection. */
function postForm(
  base: string,
  path: string,
  form: URLSearchParams,
  forwardedFor: string,
): Promise<number> {
  const body = form.toString();
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL(path, base),
      {
        method: "POST",
        agent: false,
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "content-length": Buffer.byteLength(body),
          origin: base,
          "sec-fetch-mode": "navigate",
          "sec-fetch-site": "same-origin",
          "x-forwarded-for": forwardedFor,
        },
      },
      (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
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
  for (const id of products) stockAfter += await stockOf(base, id);
  return {
    created: statuses.filter((s) => s === PLACED).length,
    refused: statuses.filter((s) => s === 409).length,
    serverErrors: statuses.filter((s) => s >= 500).length,
    other: statuses.filter((s) => s !== PLACED && s !== 409 && s < 500).length,
    stockAfter,
    seconds,
  };
}

/** One client, one order after another: the latency a customer waits for 'Confirmar pedido'. */
async function serial(base: string, productId: string, offset: number) {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < SERIAL_ORDERS; i++) {
    const started = performance.now();
    const status = await placeOrder(base, offset + i, productId);
    times.push(performance.now() - started);
    if (status !== PLACED) failed++;
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!;
  return { p50: at(0.5), p99: at(0.99), failed };
}

interface FloodResult {
  quietP99: number;
  floodP99: number;
  quietSamples: number;
  floodSamples: number;
  seconds: number;
  statuses: Record<string, number>;
}

/** One admin login posted as the login page posts it, from its own connection and IP. */
function postLogin(base: string, i: number): Promise<number> {
  const form = new URLSearchParams({
    email: `invasor${i}@exemplo.com`,
    password: `tentativa-${i}-senha`,
    redirectTo: "",
  });
  return postForm(base, "/admin/login", form, clientAddress(90, i));
}

/** Asks `url` one request after another (one kept-alive connection) until `until` resolves. */
async function probe(url: string, until: Promise<unknown>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  let done = false;
  void until.then(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      http
        .get(url, { agent, headers: BROWSER }, (res) => {
          res.resume();
          res.on("end", () => resolve());
          res.on("error", reject);
        })
        .on("error", reject);
    });
    times.push(performance.now() - started);
  }
  agent.destroy();
  return times;
}

function p99(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(0.99 * sorted.length))] ?? 0;
}

/** /loja/resumo's p99 alone for 5 s, then during FLOOD_LOGINS concurrent logins. */
async function loginFlood(base: string, productId: string): Promise<FloodResult> {
  const url = `${base}/loja/resumo?itens=${productId}:1`;
  await probe(url, new Promise((r) => setTimeout(r, 1000)));
  const quiet = await probe(url, new Promise((r) => setTimeout(r, 5000)));
  const started = performance.now();
  const logins = Promise.all(Array.from({ length: FLOOD_LOGINS }, (_, i) => postLogin(base, i)));
  // At least a second of probing, and for as long as the logins take.
  const flood = await probe(url, Promise.all([logins, new Promise((r) => setTimeout(r, 1000))]));
  const statuses: Record<string, number> = {};
  for (const status of await logins) statuses[status] = (statuses[status] ?? 0) + 1;
  return {
    quietP99: p99(quiet),
    floodP99: p99(flood),
    quietSamples: quiet.length,
    floodSamples: flood.length,
    seconds: (performance.now() - started) / 1000,
    statuses,
  };
}

function postgresDatabase(url: string) {
  return createThrowawayDatabase(url, "bench");
}

/** Starts the yardstick (scripts/bench-reference.ts) and waits until it answers. */
function startReference(env: Record<string, string>) {
  return startServer(env, { script: "scripts/bench-reference.ts", readyPath: "/" });
}

/** Stock for the checkout runs, set in the database before the app starts. */
async function prepareStock(env: Record<string, string>) {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR!, "db"),
  });
  try {
    const spread = await queryRows<{ id: string }>(
      database.db,
      sql`select id from produtos where sku is distinct from ${RACE_SKU} and ativo
          and excluido_em is null order by nome limit ${3 * SPREAD_PRODUCTS + 1}`,
    );
    const serialProduct = spread.pop()!.id;
    const ids = spread.slice(0, SPREAD_PRODUCTS).map((r) => r.id);
    const short = spread.slice(SPREAD_PRODUCTS, 2 * SPREAD_PRODUCTS).map((r) => r.id);
    const warmUp = spread.slice(2 * SPREAD_PRODUCTS).map((r) => r.id);
    const list = (some: string[]) => sql.raw(`('${some.join("','")}')`);
    await database.db.execute(
      sql`update produtos set estoque = ${SPREAD_STOCK} where id in ${list(ids)}`,
    );
    // What the seed leaves for the warm-up (five products) gets stock for all of it.
    if (warmUp.length === 0) throw new Error("Sem produtos para o aquecimento do checkout");
    await database.db.execute(
      sql`update produtos set estoque = ${SPREAD_ORDERS} where id in ${list(warmUp)}`,
    );
    await database.db.execute(
      sql`update produtos set estoque = ${SHORT_STOCK} where id in ${list(short)}`,
    );
    await database.db.execute(
      sql`update produtos set estoque = ${SERIAL_ORDERS * 2} where id = ${serialProduct}`,
    );
    return { spread: ids, short, warmUp, serialProduct };
  } finally {
    await database.close();
  }
}

type Kind = "PGlite" | "PostgreSQL";

async function runBackend(kind: Kind) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-bench-"));
  const pgdb = kind === "PostgreSQL" ? await postgresDatabase(process.env.DATABASE_URL!) : null;
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: pgdb?.url ?? "" };
  try {
    // The yardstick migrates and seeds the database the app will then use.
    console.log(`\n[${kind}] referência: node:http + banco, JSON gzip ...`);
    const reference = await startReference({
      DATABASE_URL: env.DATABASE_URL!,
      BENCH_DATA_DIR: path.join(dataDir, "db"),
    });
    const yardstick = await load(reference.base);
    await stopServer(reference.child);
    const stock = await prepareStock(env);

    console.log(`[${kind}] iniciando servidor ...`);
    const { base, child } = await startApp(env);
    try {
      const productId = await productIdBySku(base, RACE_SKU);
      if (ONLY_FLOOD) {
        console.log(`[${kind}] enxurrada de ${FLOOD_LOGINS} logins ...`);
        return { kind, flood: await loginFlood(base, productId) };
      }
      const pages: [string, LoadResult][] = [];
      for (const [name, url, headers] of [
        ["GET /", "/", BROWSER],
        ["GET /produtos", "/produtos", BROWSER],
        ["GET /loja", "/loja", BROWSER],
        ["GET /loja/produto/{id}", `/loja/produto/${productId}`, BROWSER],
        ["GET /loja sem cache", "/loja", { ...BROWSER, cookie: "agropet_bench=1" }],
      ] as const) {
        console.log(`[${kind}] ${name} ...`);
        pages.push([name, await load(`${base}${url}`, headers)]);
        await settle(base);
      }
      // As for the pages: a warm-up (the same 200 concurrent orders, on products of its own)
      // so the first JIT and connection costs do not count.
      console.log(`[${kind}] checkout: aquecimento ...`);
      await race(base, stock.warmUp, SPREAD_ORDERS, 40_000);
      await settle(base);
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
      const stockBefore = await stockOf(base, productId);
      console.log(
        `[${kind}] corrida: ${RACE_ORDERS} checkouts de 1 unidade, estoque ${stockBefore} ...`,
      );
      const checkout = await race(base, [productId], RACE_ORDERS, 20_000);
      await settle(base);
      console.log(`[${kind}] enxurrada de ${FLOOD_LOGINS} logins ...`);
      const flood = await loginFlood(base, productId);
      return {
        kind,
        yardstick,
        pages,
        single,
        spread,
        spreadBefore,
        short,
        shortBefore,
        checkout,
        stockBefore,
        flood,
      };
    } finally {
      await stopServer(child);
    }
  } finally {
    await pgdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!args.includes("--no-build")) console.log("Compilando (react-router build)...");
  buildUnlessSkipped(args);
  const backends: ("PGlite" | "PostgreSQL")[] = ["PGlite"];
  if (process.env.DATABASE_URL) backends.push("PostgreSQL");
  const runs = [];
  for (const kind of backends) runs.push(await runBackend(kind));

  const floodRows = [
    [
      "Banco",
      "logins",
      "respostas",
      "tempo (s)",
      "p99 quieto (ms)",
      "p99 na enxurrada (ms)",
      "×",
      "amostras",
      "OK (< 10×)",
    ],
  ];
  let floodOk = true;
  for (const { kind, flood } of runs) {
    const ratio = flood.floodP99 / flood.quietP99;
    floodOk &&= ratio < 10;
    floodRows.push([
      kind,
      String(FLOOD_LOGINS),
      Object.entries(flood.statuses)
        .map(([status, n]) => `${n}× ${status}`)
        .join(", "),
      flood.seconds.toFixed(2),
      flood.quietP99.toFixed(1),
      flood.floodP99.toFixed(1),
      ratio.toFixed(1),
      `${flood.quietSamples}/${flood.floodSamples}`,
      ratio < 10 ? "sim" : "NÃO",
    ]);
  }
  const printFlood = () => {
    console.log(
      `\n/loja/resumo durante ${FLOOD_LOGINS} logins simultâneos de ${FLOOD_LOGINS} IPs\n`,
    );
    console.log(table(floodRows));
  };
  if (ONLY_FLOOD) {
    printFlood();
    if (!floodOk) process.exit(1);
    return;
  }
  const results = runs as Exclude<(typeof runs)[number], { pages?: undefined }>[];

  const rows = [["Banco", "Alvo", "req/s", "× ref.", "p50 (ms)", "p99 (ms)", "não-2xx", "erros"]];
  for (const r of results) {
    const ref = r.yardstick.reqPerSec;
    for (const [name, x] of [
      ["referência (node:http + banco, JSON gzip)", r.yardstick],
      ...r.pages,
    ] as const) {
      rows.push([
        r.kind,
        name,
        x.reqPerSec.toFixed(0),
        (x.reqPerSec / ref).toFixed(2),
        String(x.p50),
        String(x.p99),
        String(x.non2xx),
        String(x.errors),
      ]);
    }
  }
  console.log(
    `\nCarga: ${CONNECTIONS} conexões por ${DURATION} s, Accept-Encoding de navegador (${os.cpus().length} núcleos)\n`,
  );
  console.log(table(rows));

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
  for (const r of results) {
    singleRows.push([
      r.kind,
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
        r.kind,
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
  printFlood();
  allOk &&= floodOk;

  const importBench = path.join(root, "scripts", "bench-import.ts");
  if (fs.existsSync(importBench)) {
    console.log("\nscripts/bench-import.ts\n");
    const r = spawnSync(process.execPath, ["--import", "tsx", importBench], {
      cwd: root,
      stdio: "inherit",
    });
    allOk &&= r.status === 0;
  }
  if (!allOk) process.exit(1);
}

await main();
