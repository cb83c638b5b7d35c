// `npm run bench -- --scale`: whether costs stay flat as the shop grows. On each database
// (PGlite; PostgreSQL too with DATABASE_URL) it builds a small shop (the seeded demo) and a
// large one (the demo plus large-shop.ts), backs each up with `npm run backup`, starts the
// app on it, signs in as an admin and times every screen of the list below: the median of
// sequential requests after a warm-up, uncached (a cookie of ours bypasses the page cache),
// sent with a browser's Accept-Encoding. One table per database: small, large, ratio (goal
// ≤ 2; the backup grows linearly and says how long it takes), also written as JSON.
// Exits non-zero when a screen answers an unexpected status (never on timing).
// Flags: --scale-fraction=<f> (0.1 builds a tenth of the large shop), --samples=<n>,
// --warmup=<n>, --out=<dir> (bench-results by default), --no-build.
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrateDatabase, openDatabase, queryRows, setDatabase } from "~/platform/db/client.server";
import { seedDatabase } from "~/startup/seed.server";
import { customerCheckout } from "../lib/checkout-form";
import { root, stopServer, table } from "../lib/server";
import { setStockInHandAtDeliveringUnit } from "../lib/stock";
import { createThrowawayDatabase } from "../lib/throwaway-postgres";
import {
  args,
  BROWSER,
  clientAddress,
  type Kind,
  postForm,
  quantile,
  RACE_SKU,
  startApp,
} from "./harness";
import { buildLargeShop, type LargeShopCounts } from "./large-shop";

const option = (name: string) =>
  args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const FRACTION = Number(option("scale-fraction") ?? 1);
const SAMPLES = Number(option("samples") ?? 40);
const WARMUP = Number(option("warmup") ?? 5);
const OUT_DIR = path.resolve(root, option("out") ?? "bench-results");
const ADMIN = { email: "escala@agropet.com.br", password: "Escala-Jacare-Milho-72" };
/** The page cache serves no request with one of our cookies (http/page-cache.ts). */
const UNCACHED = { ...BROWSER, cookie: "agropet_bench=1" };
const IMPORT_ROWS = 5_000;
/** Orders placed after the timed checkout, untimed: the small shop's lists get a page 2. */
const ORDERS_FOR_LISTS = 40;
const GOAL = 2;

type Size = "pequena" | "grande";

interface Screen {
  name: string;
  /** Path and query; `null` when this shop has nothing to ask (shown as "—"). */
  url: string;
  admin?: boolean;
  /** A route that may not exist yet: a 404 is shown as "—", not a failure. */
  optional?: boolean;
  /**
   * A store read the app keeps until the catalogue changes: on PostgreSQL it is also timed
   * "frio", each request after an announcement that drops what was kept (as a sale or an
   * edit does), so the figure is the database's work and not the kept copy's.
   */
  kept?: boolean;
}

interface Timing {
  /** Median milliseconds; null when the route does not exist (optional screens). */
  p50: number | null;
  reqPerSec: number | null;
  status: number;
  ok: boolean;
}

/** One download of every order's export: time, size and the server's memory meanwhile. */
interface ExportRun {
  seconds: number;
  bytes: number;
  /** The server's resident memory before the download and its peak during it (MB). */
  rssBefore: number;
  rssPeak: number;
  ok: boolean;
}

interface ShopRun {
  counts: LargeShopCounts | null;
  build: number;
  backup: { seconds: number; bytes: number; ok: boolean };
  timings: Record<string, Timing>;
  exports: Record<string, ExportRun>;
}

/** One GET as a browser sends it; the body is read, not decoded. */
function get(base: string, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; ms: number }>((resolve, reject) => {
    const started = performance.now();
    http
      .get(new URL(url, base), { headers }, (res) => {
        res.resume();
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, ms: performance.now() - started }),
        );
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

/** A multipart POST as the import page sends it (same origin), with the admin's cookie. */
async function postImportPreview(base: string, cookie: string, csv: Buffer) {
  const form = new FormData();
  form.set("intent", "preview");
  form.set("arquivo", new File([new Uint8Array(csv)], "escala.csv", { type: "text/csv" }));
  const started = performance.now();
  const res = await fetch(`${base}/admin/importar`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: {
      cookie,
      origin: base,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "navigate",
    },
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

/** Median of sequential runs after a warm-up; every answer must have an expected status. */
async function time(
  run: (i: number) => Promise<{ status: number; ms: number }>,
  expected: (status: number) => boolean,
  samples = SAMPLES,
): Promise<Timing> {
  let status = 0;
  for (let i = 0; i < WARMUP; i++) status = (await run(i)).status;
  if (!expected(status)) return { p50: null, reqPerSec: null, status, ok: false };
  const times: number[] = [];
  const started = performance.now();
  let ok = true;
  for (let i = 0; i < samples; i++) {
    const r = await run(WARMUP + i);
    times.push(r.ms);
    if (!expected(r.status)) {
      ok = false;
      status = r.status;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { p50: quantile(times, 0.5), reqPerSec: samples / seconds, status, ok };
}

/** Signs in through the login form; the session cookie(s) to send back. */
async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ ...ADMIN, redirectTo: "" }),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: base,
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "navigate",
    },
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (res.status !== 302 || cookies.length === 0) {
    throw new Error(`login do administrador falhou (${res.status})`);
  }
  return cookies.join("; ");
}

/**
 * A 5,000-row import file: half the rows name products of the large shop, half are new; or,
 * `allNew`, every row a product no shop has (the same work in both shops: what the catalogue's
 * size alone costs the preview).
 */
function importCsv(allNew = false): Buffer {
  const lines = [
    "Nome do Produto;Descrição;Categoria;Subgrupo;Marca;Preço de Custo;Preço de Venda;Preço Promocional;Estoque;SKU;Unidade",
  ];
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    const sku = i % 2 === 0 && !allNew ? `ESC-${i}-1` : `IMP-${i}`;
    lines.push(
      `Ração Golden Fórmula ${i};Importada na prévia de escala;Rações;Ração seca;Golden;20,00;${30 + (i % 70)},90;;${i % 40};${sku};UN`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`);
}

/** A fresh database of this kind, migrated, seeded, and grown when `large`. */
export async function prepareShop(kind: Kind, size: Size, dataDir: string) {
  const pgdb =
    kind === "PostgreSQL"
      ? await createThrowawayDatabase(process.env.DATABASE_URL!, "escala")
      : null;
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: pgdb?.url ?? "" };
  const database = await openDatabase({
    databaseUrl: pgdb?.url,
    dataDir: pgdb ? undefined : path.join(dataDir, "db"),
  });
  const started = performance.now();
  let counts: LargeShopCounts | null = null;
  try {
    setDatabase(database);
    await migrateDatabase(database);
    await seedDatabase({ images: false });
    if (size === "grande") {
      console.log(`[${kind}] loja grande (fração ${FRACTION}) ...`);
      counts = await buildLargeShop(database, FRACTION, console.log);
    }
    // The checkout buys the race product; enough of it for every sample.
    const [race] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from variantes where sku = ${RACE_SKU}`,
    );
    await setStockInHandAtDeliveringUnit(database, [race!.id], 10_000, "bench escala");
    const facts = await shopFacts(database);
    return {
      env,
      counts,
      facts: { ...facts, raceVariant: race!.id },
      build: (performance.now() - started) / 1000,
      announce: pgdb ? await announcer(pgdb.url) : null,
      drop: async () => pgdb?.drop(),
    };
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

/**
 * On PostgreSQL: announces a catalogue change as the triggers do (NOTIFY, no row written),
 * then gives the app a moment to hear it. The connection closes with the database's drop.
 */
async function announcer(url: string) {
  const { default: pg } = await import("pg");
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  client.on("error", () => {});
  return async () => {
    await client.query("select pg_notify('agropet_paginas', 'produtos')");
    await new Promise((r) => setTimeout(r, 15));
  };
}

/** What the screens of one shop ask for: a product, a brand, the last pages. */
async function shopFacts(database: Awaited<ReturnType<typeof openDatabase>>) {
  const [row] = await queryRows<{
    produto: string;
    categoria: string;
    marca: string;
    pedidos: number;
    meio: string | null;
  }>(
    database.db,
    sql`select
      (select p.id::text from produtos p join variantes v on v.produto_id = p.id
        where p.ativo and p.excluido_em is null
        group by p.id order by count(*) desc, p.id limit 1) as produto,
      (select c.nome from categorias c where c.nome = 'Rações') as categoria,
      (select marca from produtos where marca is not null group by marca order by count(*) desc limit 1) as marca,
      (select count(*)::int from pedidos) as pedidos,
      (select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || id
        from pedidos order by created_at desc, id desc
        offset (select count(*) / 2 from pedidos) limit 1) as meio`,
  );
  return {
    produto: row!.produto,
    categoria: slug(row!.categoria),
    marca: row!.marca,
    pedidos: Number(row!.pedidos),
    /** Halfway through the orders' history, where a deep page of the admin list starts. */
    deepCursor: Number(row!.pedidos) > 60 ? row!.meio : null,
  };
}

const slug = (s: string) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

/** `npm run backup` on the stopped shop: seconds and archive size. */
function backup(env: Record<string, string>): ShopRun["backup"] {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-escala-backup-"));
  try {
    const started = performance.now();
    const r = spawnSync(
      process.execPath,
      ["--import", "tsx", path.join(root, "scripts/backup.ts"), "--out", out],
      {
        cwd: root,
        env: { ...process.env, ...env, LOG_LEVEL: "error" },
        stdio: ["ignore", "ignore", "inherit"],
      },
    );
    const seconds = (performance.now() - started) / 1000;
    const bytes = fs.readdirSync(out).reduce((a, f) => a + fs.statSync(path.join(out, f)).size, 0);
    return { seconds, bytes, ok: r.status === 0 && bytes > 0 };
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

/**
 * Where the admin's deep page of orders starts: halfway through a large shop's history, or
 * where page 1's 'Próxima' goes on a small one (the checkout's orders).
 */
async function deepOrdersPage(base: string, cookie: string, cursor: string | null, orders: number) {
  if (cursor) return { page: Math.ceil(orders / 2 / 30) + 1, cursor };
  const html = await (
    await fetch(`${base}/admin/loja?view=pedidos`, { headers: { cookie } })
  ).text();
  const next = html.match(/antes=([^&"]+)/)?.[1];
  if (!next) throw new Error("a lista de pedidos não tem página 2");
  return { page: 2, cursor: decodeURIComponent(next) };
}

/** The largest `pagina=N` a store page links to (its last page). */
async function lastStorePage(base: string): Promise<number> {
  const html = await (await fetch(`${base}/loja`, { headers: UNCACHED })).text();
  const pages = [...html.matchAll(/pagina=(\d+)/g)].map((m) => Number(m[1]));
  return Math.max(1, ...pages);
}

const is2xx = (s: number) => s >= 200 && s < 300;

/** The process's resident memory in MB (Linux /proc), or 0 where it cannot be read. */
function rssMb(pid: number | undefined): number {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}

/**
 * Downloads the export of every order, one row per line item (issue 26: streamed, so the
 * server's memory stays flat however many orders there are), sampling the server's resident
 * memory every 20 ms.
 */
async function exportAll(
  base: string,
  cookie: string,
  pid: number | undefined,
  formato: "csv" | "xlsx",
): Promise<ExportRun> {
  const rssBefore = rssMb(pid);
  let rssPeak = rssBefore;
  const sampler = setInterval(() => {
    rssPeak = Math.max(rssPeak, rssMb(pid));
  }, 20);
  const started = performance.now();
  try {
    const { status, bytes } = await new Promise<{ status: number; bytes: number }>(
      (resolve, reject) => {
        http
          .get(
            new URL(`/admin/loja/pedidos/exportar?formato=${formato}&linhas=itens`, base),
            { headers: { ...BROWSER, cookie } },
            (res) => {
              let bytes = 0;
              res.on("data", (chunk: Buffer) => {
                bytes += chunk.length;
              });
              res.on("end", () => resolve({ status: res.statusCode ?? 0, bytes }));
              res.on("error", reject);
            },
          )
          .on("error", reject);
      },
    );
    return {
      seconds: (performance.now() - started) / 1000,
      bytes,
      rssBefore,
      rssPeak: Math.max(rssPeak, rssMb(pid)),
      ok: status === 200 && bytes > 0,
    };
  } finally {
    clearInterval(sampler);
  }
}

async function measure(kind: Kind, size: Size): Promise<ShopRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-escala-"));
  const shop = await prepareShop(kind, size, dataDir);
  try {
    console.log(`[${kind}] loja ${size}: backup ...`);
    const bkp = backup(shop.env);
    console.log(`[${kind}] loja ${size}: iniciando servidor ...`);
    const { base, child } = await startApp({
      ...shop.env,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      const cookie = await signIn(base);
      const f = shop.facts;
      const storeLast = await lastStorePage(base);
      const deepStore = Math.min(50, storeLast);
      // The checkout first: the small shop then has orders for the admin's lists.
      console.log(`[${kind}] loja ${size}: checkout ...`);
      const checkout = await time(
        async (i) => {
          const started = performance.now();
          const form = new URLSearchParams(
            customerCheckout(i, f.raceVariant, `Cliente Escala ${i}`),
          );
          const status = await postForm(base, "/loja/checkout", form, clientAddress(120, i));
          return { status, ms: performance.now() - started };
        },
        (status) => status === 302,
      );
      // A few more (untimed), so the small shop's order list has full pages past the first.
      for (let i = 0; i < ORDERS_FOR_LISTS; i++) {
        const form = new URLSearchParams(customerCheckout(i, f.raceVariant, `Cliente Lista ${i}`));
        const status = await postForm(base, "/loja/checkout", form, clientAddress(140, i));
        if (status !== 302) throw new Error(`checkout respondeu ${status}`);
      }
      const deep = await deepOrdersPage(base, cookie, f.deepCursor, f.pedidos);
      const screens: Screen[] = [
        { name: "/loja página 1", url: "/loja", kept: true },
        {
          name: `/loja página ${deepStore === 50 ? 50 : "última"}`,
          url: `/loja?pagina=${deepStore}`,
          kept: true,
        },
        { name: "busca 'racao golden'", url: "/loja?q=racao%20golden", kept: true },
        { name: "busca com erro 'bravekto'", url: "/loja?q=bravekto", kept: true },
        {
          name: "categoria + marca + menor preço",
          url: `/loja?categoria=${f.categoria}&ordem=menor-preco&marca=${encodeURIComponent(f.marca)}`,
          kept: true,
        },
        { name: "página de produto", url: `/loja/produto/${f.produto}` },
        { name: "sugestões 'rac'", url: "/loja/sugestoes?q=rac", optional: true },
        { name: "admin: pedidos página 1", url: "/admin/loja?view=pedidos", admin: true },
        {
          name: "admin: pedidos, página funda",
          url: `/admin/loja?view=pedidos&pagina=${deep.page}&antes=${encodeURIComponent(deep.cursor)}`,
          admin: true,
        },
        {
          name: "admin: produtos, busca 'racao'",
          url: "/admin/loja?view=produtos&q=racao",
          admin: true,
        },
        // One product in both shops (the demo's): the same page to draw, so the ratio is the
        // catalogue's size alone ('racao' fills the large shop's page of 50, the small one's 8).
        {
          name: "admin: produtos, busca 'drontal'",
          url: "/admin/loja?view=produtos&q=drontal",
          admin: true,
        },
        { name: "admin: painel", url: "/admin/dashboard", admin: true },
        { name: "admin: painel da loja", url: "/admin/loja", admin: true },
        { name: "admin: estoque", url: "/admin/estoque", admin: true },
      ];
      const timings: Record<string, Timing> = { checkout };
      for (const s of screens) {
        console.log(`[${kind}] loja ${size}: ${s.name} ...`);
        const headers = s.admin ? { ...BROWSER, cookie } : UNCACHED;
        const t = await time(
          () => get(base, s.url, headers),
          (status) => is2xx(status) || (s.optional === true && status === 404),
        );
        timings[s.name] = t.status === 404 && s.optional ? { ...t, p50: null, reqPerSec: null } : t;
        if (!s.kept) continue;
        // Its req/s would count the pause after each announcement: none shown.
        timings[`${s.name} (frio)`] = shop.announce
          ? await time(async () => {
              await shop.announce?.();
              return get(base, s.url, headers);
            }, is2xx)
          : { p50: null, reqPerSec: null, status: 0, ok: true };
      }
      for (const allNew of [false, true]) {
        const name = `prévia da importação (${IMPORT_ROWS} linhas${allNew ? ", todas novas" : ""})`;
        console.log(`[${kind}] loja ${size}: ${name} ...`);
        const csv = importCsv(allNew);
        timings[name] = await time(
          () => postImportPreview(base, cookie, csv),
          is2xx,
          // Each preview takes a few hundred ms: fewer samples than a page, but enough for
          // the median not to be one slow answer (4 samples moved it by a third).
          Math.max(3, Math.round(SAMPLES / 3)),
        );
      }
      const exports: Record<string, ExportRun> = {};
      for (const formato of ["csv", "xlsx"] as const) {
        console.log(`[${kind}] loja ${size}: exportar todos os pedidos (${formato}) ...`);
        exports[formato] = await exportAll(base, cookie, child.pid, formato);
      }
      return { counts: shop.counts, build: shop.build, backup: bkp, timings, exports };
    } finally {
      await stopServer(child);
    }
  } finally {
    await shop.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (t: Timing | undefined) => (t?.p50 == null ? "—" : t.p50.toFixed(1));
const mb = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${(bytes / 1024).toFixed(0)} kB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function report(kind: Kind, small: ShopRun, large: ShopRun) {
  const rows = [
    ["Tela", "pequena (ms)", "grande (ms)", "razão", "meta", "req/s grande (1 cliente)", "OK"],
  ];
  const json: Record<string, unknown>[] = [];
  let allOk = true;
  for (const name of Object.keys(small.timings)) {
    const a = small.timings[name]!;
    const b = large.timings[name]!;
    const ratio = a.p50 != null && b.p50 != null && a.p50 > 0 ? b.p50 / a.p50 : null;
    const ok = a.ok && b.ok;
    allOk &&= ok;
    rows.push([
      name,
      ms(a),
      ms(b),
      ratio == null ? "—" : ratio.toFixed(2),
      `≤ ${GOAL}`,
      b.reqPerSec == null ? "—" : b.reqPerSec.toFixed(0),
      ok
        ? ratio == null || ratio <= GOAL
          ? "sim"
          : "acima da meta"
        : `NÃO (${a.ok ? b.status : a.status})`,
    ]);
    json.push({
      tela: name,
      pequenaMs: a.p50,
      grandeMs: b.p50,
      razao: ratio,
      reqPorSegGrande: b.reqPerSec,
      ok,
    });
  }
  const bOk = small.backup.ok && large.backup.ok;
  allOk &&= bOk;
  rows.push([
    "npm run backup (s)",
    `${small.backup.seconds.toFixed(1)} s, ${mb(small.backup.bytes)}`,
    `${large.backup.seconds.toFixed(1)} s, ${mb(large.backup.bytes)}`,
    (large.backup.seconds / small.backup.seconds).toFixed(1),
    "linear",
    "—",
    bOk ? "sim" : "NÃO",
  ]);
  json.push({ tela: "npm run backup", pequena: small.backup, grande: large.backup });
  // The export of every order: the server's memory growth must not follow the orders.
  for (const formato of Object.keys(small.exports)) {
    const a = small.exports[formato]!;
    const b = large.exports[formato]!;
    const growth = (e: ExportRun) => Math.max(0, e.rssPeak - e.rssBefore);
    const eOk = a.ok && b.ok;
    allOk &&= eOk;
    rows.push([
      `exportar todos os pedidos, ${formato} por item (s; memória do servidor +MB)`,
      `${a.seconds.toFixed(1)} s, ${mb(a.bytes)}; +${growth(a).toFixed(0)} MB`,
      `${b.seconds.toFixed(1)} s, ${mb(b.bytes)}; +${growth(b).toFixed(0)} MB`,
      (b.seconds / Math.max(a.seconds, 0.001)).toFixed(1),
      "memória plana",
      "—",
      eOk ? "sim" : "NÃO",
    ]);
    json.push({ tela: `exportar pedidos ${formato}`, pequena: a, grande: b });
  }
  const c = large.counts;
  console.log(
    `\n[${kind}] loja pequena: a demonstração; loja grande (fração ${FRACTION}): ${c?.produtos} produtos, ${c?.variantes} variações, ${c?.pedidos} pedidos, ${c?.itens} itens, ${c?.movimentos} movimentos, ${c?.servicos} serviços, ${c?.curriculos} currículos, ${c?.auditoria} linhas de auditoria, gerada em ${c?.seconds.toFixed(1)} s. Mediana de ${SAMPLES} pedidos em sequência, sem cache.\n`,
  );
  console.log(table(rows));
  return {
    ok: allOk,
    json: { banco: kind, fracao: FRACTION, amostras: SAMPLES, lojaGrande: c, telas: json },
  };
}

/** The whole run; true when every screen answered as expected on every database. */
export async function runScale(): Promise<boolean> {
  const kinds: Kind[] = ["PGlite"];
  if (process.env.DATABASE_URL) kinds.push("PostgreSQL");
  const results: unknown[] = [];
  let allOk = true;
  for (const kind of kinds) {
    const small = await measure(kind, "pequena");
    const large = await measure(kind, "grande");
    const r = report(kind, small, large);
    allOk &&= r.ok;
    results.push(r.json);
  }
  fs.mkdirSync(OUT_DIR, { recursive: true });
  const file = path.join(
    OUT_DIR,
    `escala-${new Date().toISOString().replace(/[:.]/g, "-")}-${crypto.randomBytes(2).toString("hex")}.json`,
  );
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  console.log(`\nTabela em JSON: ${path.relative(root, file)}`);
  if (!allOk) console.error("Alguma tela respondeu com erro (veja a coluna OK).");
  return allOk;
}
