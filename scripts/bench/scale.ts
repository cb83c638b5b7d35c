import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryRows } from "~/platform/db/client.server";
import { customerCheckout } from "../lib/checkout-form";
import { root, stopServer, table } from "../lib/server";
import { setStockInHandAtDeliveringUnit } from "../lib/stock";
import * as harness from "./harness";
import { buildLargeShop, type LargeShopCounts } from "./large-shop";
import { get, postImportPreview, signIn, type Timing, time } from "./lib/requests";
import {
  backup,
  deepOrdersPage,
  type ExportRun,
  exportAll,
  type ShopRun,
  shopFacts,
} from "./lib/shop-facts";

const option = (name: string) =>
  harness.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const FRACTION = Number(option("scale-fraction") ?? 1);
const SAMPLES = Number(option("samples") ?? 40);
const WARMUP = Number(option("warmup") ?? 5);
const RUNS = { samples: SAMPLES, warmup: WARMUP };
const OUT_DIR = path.resolve(root, option("out") ?? "bench-results");
const ADMIN = { email: "escala@agropet.com.br", password: "Escala-Jacare-Milho-72" };
/** The page cache serves no request with one of our cookies (http/page-cache.ts). */
const UNCACHED = { ...harness.BROWSER, cookie: "agropet_bench=1" };
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
export async function prepareShop(kind: harness.Kind, size: Size, dataDir: string) {
  const started = performance.now();
  return harness.withSeededShop(kind, "escala", dataDir, async (database, { env, pgdb }) => {
    let counts: LargeShopCounts | null = null;
    if (size === "grande") {
      console.log(`[${kind}] loja grande (fração ${FRACTION}) ...`);
      counts = await buildLargeShop(database, FRACTION, console.log);
    }
    // The checkout buys the race product; enough of it for every sample.
    const [race] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from variantes where sku = ${harness.RACE_SKU}`,
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
  });
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

/** The largest `pagina=N` a store page links to (its last page). */
async function lastStorePage(base: string): Promise<number> {
  const html = await (await fetch(`${base}/loja`, { headers: UNCACHED })).text();
  const pages = [...html.matchAll(/pagina=(\d+)/g)].map((m) => Number(m[1]));
  return Math.max(1, ...pages);
}

const is2xx = (s: number) => s >= 200 && s < 300;

async function measure(kind: harness.Kind, size: Size): Promise<ShopRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-escala-"));
  const shop = await prepareShop(kind, size, dataDir);
  try {
    console.log(`[${kind}] loja ${size}: backup ...`);
    const bkp = backup(shop.env);
    console.log(`[${kind}] loja ${size}: iniciando servidor ...`);
    const { base, child } = await harness.startApp({
      ...shop.env,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // This bench times cold searches one after another (render speed), faster than the
      // shop-wide cap lets a real shop's visitors start them; the hostile-search bench keeps it.
      SEARCH_RATE_PER_SECOND: "0",
    });
    try {
      const cookie = await signIn(base, ADMIN);
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
          const status = await harness.postForm(
            base,
            "/loja/checkout",
            form,
            harness.clientAddress(120, i),
          );
          return { status, ms: performance.now() - started };
        },
        (status) => status === 302,
        RUNS,
      );
      // A few more (untimed), so the small shop's order list has full pages past the first.
      for (let i = 0; i < ORDERS_FOR_LISTS; i++) {
        const form = new URLSearchParams(customerCheckout(i, f.raceVariant, `Cliente Lista ${i}`));
        const status = await harness.postForm(
          base,
          "/loja/checkout",
          form,
          harness.clientAddress(140, i),
        );
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
        const headers = s.admin ? { ...harness.BROWSER, cookie } : UNCACHED;
        const t = await time(
          () => get(base, s.url, headers),
          (status) => is2xx(status) || (s.optional === true && status === 404),
          RUNS,
        );
        timings[s.name] = t.status === 404 && s.optional ? { ...t, p50: null, reqPerSec: null } : t;
        if (!s.kept) continue;
        // Its req/s would count the pause after each announcement: none shown.
        timings[`${s.name} (frio)`] = shop.announce
          ? await time(
              async () => {
                await shop.announce?.();
                return get(base, s.url, headers);
              },
              is2xx,
              RUNS,
            )
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
          { samples: Math.max(3, Math.round(SAMPLES / 3)), warmup: WARMUP },
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

function report(kind: harness.Kind, small: ShopRun, large: ShopRun) {
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
  const kinds = harness.benchKinds();
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
