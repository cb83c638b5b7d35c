// `npm run bench`: builds, starts the production server on a fresh seeded database and
// measures the store with autocannon (GET /loja and a product page, 50 connections for
// 10 s), then runs a checkout race: 100 concurrent orders of 1 unit of a product with
// stock 10 must give exactly 10 orders, stock 0 and no 5xx. Runs on PGlite, and on
// PostgreSQL too when DATABASE_URL is set (a throwaway database on that server).
// Flags: --no-build, --duration=<s>, --connections=<n>.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";

const root = path.resolve(import.meta.dirname, "..");
const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split("=")[1]) : fallback;
};
const DURATION = flag("duration", 10);
const CONNECTIONS = flag("connections", 50);
const RACE_ORDERS = 100;
/** Seeded product with stock 10 (Tapete Higiênico Super Secão 30 unidades). */
const RACE_SKU = "HIG-TAPE-30";

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

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

async function waitFor(url: string, timeoutMs = 120_000) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`servidor não respondeu em ${url}`);
}

async function startServer(
  env: Record<string, string>,
): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      // Request logs would measure the terminal; refused checkouts log at warn level.
      LOG_LEVEL: "error",
      WEBHOOK_WORKER_INTERVAL: "0",
      SESSION_SECRET: crypto.randomBytes(16).toString("hex"),
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/`);
  return { base, child };
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
  if (child.exitCode === null) child.kill("SIGKILL");
}

async function load(url: string): Promise<LoadResult> {
  // A short warm-up so the first JIT and connection costs do not count.
  await autocannon({ url, connections: 10, duration: 2 });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
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

async function race(base: string, productId: string): Promise<RaceResult> {
  const started = performance.now();
  const statuses = await Promise.all(
    Array.from({ length: RACE_ORDERS }, async (_, i) => {
      const body = new URLSearchParams({
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
      const res = await fetch(`${base}/loja/checkout`, {
        method: "POST",
        body,
        redirect: "manual",
        // One client address per buyer, as 100 different customers would have.
        headers: { "x-forwarded-for": `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      });
      await res.arrayBuffer();
      return res.status;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return {
    created: statuses.filter((s) => s === 302).length,
    refused: statuses.filter((s) => s === 409).length,
    serverErrors: statuses.filter((s) => s >= 500).length,
    other: statuses.filter((s) => s !== 302 && s !== 409 && s < 500).length,
    stockAfter: await stockOf(base, productId),
    seconds,
  };
}

async function postgresDatabase(url: string) {
  const { default: pg } = await import("pg");
  const name = `bench_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  return {
    url: dbUrl.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

async function runBackend(kind: "PGlite" | "PostgreSQL") {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-bench-"));
  const pgdb = kind === "PostgreSQL" ? await postgresDatabase(process.env.DATABASE_URL!) : null;
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: pgdb?.url ?? "" };
  console.log(`\n[${kind}] iniciando servidor (banco novo com a semente)...`);
  const { base, child } = await startServer(env);
  try {
    const productId = await productIdBySku(base, RACE_SKU);
    const stockBefore = await stockOf(base, productId);
    console.log(`[${kind}] GET /loja ...`);
    const list = await load(`${base}/loja`);
    console.log(`[${kind}] GET /loja/produto/${productId} ...`);
    const product = await load(`${base}/loja/produto/${productId}`);
    console.log(
      `[${kind}] corrida: ${RACE_ORDERS} checkouts de 1 unidade, estoque ${stockBefore} ...`,
    );
    const checkout = await race(base, productId);
    return { kind, list, product, checkout, stockBefore };
  } finally {
    await stopServer(child);
    await pgdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function table(rows: string[][]) {
  const widths = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const line = (r: string[]) => `| ${r.map((cell, c) => cell.padEnd(widths[c]!)).join(" | ")} |`;
  const sep = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  return [line(rows[0]!), sep, ...rows.slice(1).map(line)].join("\n");
}

async function main() {
  if (!args.includes("--no-build")) {
    console.log("Compilando (react-router build)...");
    const built = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) process.exit(built.status ?? 1);
  }
  const backends: ("PGlite" | "PostgreSQL")[] = ["PGlite"];
  if (process.env.DATABASE_URL) backends.push("PostgreSQL");
  const results = [];
  for (const kind of backends) results.push(await runBackend(kind));

  const rows = [["Banco", "Rota", "req/s", "p50 (ms)", "p99 (ms)", "não-2xx", "erros"]];
  for (const r of results) {
    for (const [name, x] of [
      ["GET /loja", r.list],
      ["GET /loja/produto/{id}", r.product],
    ] as const) {
      rows.push([
        r.kind,
        name,
        x.reqPerSec.toFixed(0),
        String(x.p50),
        String(x.p99),
        String(x.non2xx),
        String(x.errors),
      ]);
    }
  }
  console.log(`\nCarga: ${CONNECTIONS} conexões por ${DURATION} s (${os.cpus().length} núcleos)\n`);
  console.log(table(rows));

  const raceRows = [
    [
      "Banco",
      "checkouts",
      "estoque antes",
      "pedidos",
      "recusados",
      "5xx",
      "outros",
      "estoque depois",
      "tempo (s)",
      "checkouts/s",
      "OK",
    ],
  ];
  let allOk = true;
  for (const r of results) {
    const c = r.checkout;
    const ok =
      c.created === r.stockBefore && c.stockAfter === 0 && c.serverErrors === 0 && c.other === 0;
    allOk &&= ok;
    raceRows.push([
      r.kind,
      String(RACE_ORDERS),
      String(r.stockBefore),
      String(c.created),
      String(c.refused),
      String(c.serverErrors),
      String(c.other),
      String(c.stockAfter),
      c.seconds.toFixed(2),
      (RACE_ORDERS / c.seconds).toFixed(1),
      ok ? "sim" : "NÃO",
    ]);
  }
  console.log("\nCorrida de checkout (1 unidade cada)\n");
  console.log(table(raceRows));

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
