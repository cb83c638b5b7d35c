// `npm run bench -- --admin-write`: what the staff's routine writes cost the shop while it
// sells, on the large shop (issue 39, point 8; decision 0055). On each database (PGlite;
// PostgreSQL too with DATABASE_URL) it builds the demo plus large-shop.ts, starts the app,
// signs in as an admin and times, through the admin's own forms:
// - saving a unit as it is (the dialog's "Salvar" with nothing changed), with its name
//   changed, and closed and opened again (what the store's lists read);
// - a product page's p99 asked by one client, quiet for a few seconds, then while a 2,000-row
//   import (half the rows products of the large shop, half new) is previewed and imported.
// Goals: a unit saved in under 1 s; the page's p99 during the import within 10× of quiet.
// Flags: --scale-fraction=<f> (a fraction of the large shop), --saves=<n> (3), --no-build.
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { queryRows } from "~/platform/db/client.server";
import { stopServer, table } from "../lib/server";
import * as harness from "./harness";
import { buildLargeShop } from "./large-shop";

const option = (name: string) =>
  harness.args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const FRACTION = Number(option("scale-fraction") ?? 1);
const ADMIN = { email: "escrita@agropet.com.br", password: "Escrita-Jacare-Milho-72" };
const IMPORT_ROWS = 2_000;
const SAVES = Number(option("saves") ?? 3);
const QUIET_MS = 5_000;
/** The page cache serves no request with one of our cookies (http/page-cache.ts). */
const UNCACHED = { ...harness.BROWSER, cookie: "agropet_bench=1" };

type UnitRow = Record<string, unknown> & { id: string; nome: string; em_breve: boolean };

interface WriteRun {
  kind: harness.Kind;
  produtos: number;
  /** Seconds of each save: as it is, renamed (and back), closed and opened again. */
  saves: Record<string, number[]>;
  quietP99: number;
  importP99: number;
  importSeconds: number;
  importStatus: number;
  pageStatuses: Record<string, number>;
}

/** The unit form as the edit dialog sends it back (tests/support/units.ts's unitForm). */
function unitFields(u: UnitRow, changes: Record<string, string | undefined> = {}) {
  const horarios = u.horarios as ({ abre: string; fecha: string } | null)[];
  const fields: Record<string, string | undefined> = {
    intent: "unit-update",
    id: u.id,
    slug: String(u.slug),
    nome: u.nome,
    posicao: String(u.posicao),
    endereco: String(u.endereco),
    bairro: String(u.bairro),
    cidade: String(u.cidade),
    uf: String(u.uf),
    cep: String(u.cep ?? ""),
    mapsUrl: String(u.maps_url ?? ""),
    telefone: String(u.telefone ?? ""),
    whatsapp: String(u.whatsapp ?? ""),
    servicos: (u.servicos as string[]).join("\n"),
    ativo: u.ativo ? "on" : undefined,
    emBreve: u.em_breve ? "on" : undefined,
    atendeEntregas: u.atende_entregas ? "on" : undefined,
    retiradaAtiva: u.retirada_ativa ? "on" : undefined,
    preparoHoras: String(u.preparo_horas),
    instrucoesRetirada: String(u.instrucoes_retirada ?? ""),
    ...Object.fromEntries(
      horarios.flatMap((h, d) => [
        [`abre_${d}`, h?.abre ?? ""],
        [`fecha_${d}`, h?.fecha ?? ""],
      ]),
    ),
    ...changes,
  };
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) form.set(k, v);
  return form;
}

/** A fresh large shop of this kind; the units' rows as the form needs them. */
async function prepare(kind: harness.Kind, dataDir: string) {
  return harness.withSeededShop(kind, "escrita", dataDir, async (database, { env, pgdb }) => {
    console.log(`[${kind}] loja grande (fração ${FRACTION}) ...`);
    const counts = await buildLargeShop(database, FRACTION, console.log);
    const units = await queryRows<UnitRow>(
      database.db,
      sql`select * from unidades order by posicao`,
    );
    const [product] = await queryRows<{ id: string }>(
      database.db,
      sql`select produto_id as id from produtos_resumo where disponivel > 0 order by produto_id limit 1`,
    );
    return { env, units, product: product!.id, produtos: counts.produtos, drop: pgdb?.drop };
  });
}

function sameOrigin(base: string, cookie?: string) {
  return {
    origin: base,
    "sec-fetch-site": "same-origin",
    "sec-fetch-mode": "navigate",
    ...(cookie ? { cookie } : {}),
  };
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    body: new URLSearchParams({ ...ADMIN, redirectTo: "" }),
    headers: sameOrigin(base),
  });
  await res.arrayBuffer();
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]!);
  if (res.status !== 302) throw new Error(`login do administrador falhou (${res.status})`);
  return cookies.join("; ");
}

/** Posts a unit form; seconds taken (throws unless the save succeeded). */
async function saveUnit(base: string, cookie: string, form: URLSearchParams): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/admin/unidades`, {
    method: "POST",
    redirect: "manual",
    body: form,
    headers: sameOrigin(base, cookie),
  });
  const text = await res.text();
  const seconds = (performance.now() - started) / 1000;
  if (res.status !== 200 || !text.includes("atualizada")) {
    throw new Error(`salvar unidade respondeu ${res.status}`);
  }
  return seconds;
}

/** A 2,000-row file: even rows name products of the large shop, odd ones are new. */
function importCsv(): Buffer {
  const lines = [
    "Nome do Produto;Descrição;Categoria;Subgrupo;Marca;Preço de Custo;Preço de Venda;Preço Promocional;Estoque;SKU;Unidade",
  ];
  for (let i = 1; i <= IMPORT_ROWS; i++) {
    const sku = i % 2 === 0 ? `ESC-${i}-1` : `ESCRITA-${i}`;
    lines.push(
      `Ração Golden Fórmula ${i};Importada durante as vendas;Rações;Ração seca;Golden;20,00;${30 + (i % 70)},90;;${i % 40};${sku};UN`,
    );
  }
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`);
}

/** Preview then import, as the import page does; the import's status and seconds. */
async function importFile(base: string, cookie: string) {
  const started = performance.now();
  const form = new FormData();
  form.set("intent", "preview");
  form.set("arquivo", new File([new Uint8Array(importCsv())], "escrita.csv", { type: "text/csv" }));
  const preview = await fetch(`${base}/admin/importar`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: sameOrigin(base, cookie),
  });
  const token = /[0-9a-f]{32}\.csv/.exec(await preview.text())?.[0];
  if (!token) throw new Error(`a prévia da importação não devolveu o arquivo (${preview.status})`);
  const confirm = new FormData();
  confirm.set("intent", "import");
  confirm.set("token", token);
  confirm.set("fileName", "escrita.csv");
  const res = await fetch(`${base}/admin/importar`, {
    method: "POST",
    body: confirm,
    redirect: "manual",
    headers: sameOrigin(base, cookie),
  });
  const text = await res.text();
  const ok = res.status === 200 && text.includes("importados com sucesso");
  return { status: ok ? 200 : res.status, seconds: (performance.now() - started) / 1000 };
}

/** Asks `url` one request after another until `until` resolves; times and statuses. */
async function probe(url: string, until: Promise<unknown>) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const times: number[] = [];
  const statuses: Record<string, number> = {};
  let done = false;
  void until.finally(() => {
    done = true;
  });
  while (!done) {
    const started = performance.now();
    const status = await new Promise<number>((resolve, reject) => {
      http
        .get(url, { agent, headers: UNCACHED }, (res) => {
          res.resume();
          res.on("end", () => resolve(res.statusCode ?? 0));
          res.on("error", reject);
        })
        .on("error", reject);
    });
    times.push(performance.now() - started);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  agent.destroy();
  return { times, statuses };
}

async function measure(kind: harness.Kind): Promise<WriteRun> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-escrita-"));
  const shop = await prepare(kind, dataDir);
  try {
    console.log(`[${kind}] iniciando servidor ...`);
    const { base, child } = await harness.startApp({
      ...shop.env,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    });
    try {
      const cookie = await signIn(base);
      const unit = shop.units.find((u) => !u.em_breve)!;
      const saves: Record<string, number[]> = {
        "unidade salva sem mudança": [],
        "unidade renomeada": [],
        "unidade fechada e reaberta": [],
      };
      console.log(`[${kind}] salvar unidade ...`);
      // Untimed: the first save loads the route and warms the caches.
      await saveUnit(base, cookie, unitFields(unit));
      for (let i = 0; i < SAVES; i++) {
        saves["unidade salva sem mudança"]!.push(await saveUnit(base, cookie, unitFields(unit)));
        saves["unidade renomeada"]!.push(
          await saveUnit(base, cookie, unitFields(unit, { nome: `${unit.nome} ${i + 2}` })),
        );
      }
      await saveUnit(base, cookie, unitFields(unit));
      for (let i = 0; i < SAVES; i++) {
        const on = await saveUnit(base, cookie, unitFields(unit, { ativo: undefined }));
        const off = await saveUnit(base, cookie, unitFields(unit));
        saves["unidade fechada e reaberta"]!.push(on, off);
      }
      const url = `${base}/loja/produto/${shop.product}`;
      console.log(`[${kind}] página de produto, quieta ...`);
      await probe(url, new Promise((r) => setTimeout(r, 1000)));
      const quiet = await probe(url, new Promise((r) => setTimeout(r, QUIET_MS)));
      console.log(`[${kind}] página de produto durante a importação de ${IMPORT_ROWS} linhas ...`);
      const importing = importFile(base, cookie);
      const during = await probe(url, importing);
      const imported = await importing;
      const pageStatuses: Record<string, number> = {};
      for (const s of [quiet.statuses, during.statuses]) {
        for (const [k, n] of Object.entries(s)) pageStatuses[k] = (pageStatuses[k] ?? 0) + n;
      }
      return {
        kind,
        produtos: shop.produtos,
        saves,
        quietP99: harness.quantile(quiet.times, 0.99),
        importP99: harness.quantile(during.times, 0.99),
        importSeconds: imported.seconds,
        importStatus: imported.status,
        pageStatuses,
      };
    } finally {
      await stopServer(child);
    }
  } finally {
    await shop.drop?.();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The whole run; true when every write answered and met its goal. */
export async function runAdminWrite(): Promise<boolean> {
  const kinds = harness.benchKinds();
  let ok = true;
  const rows = [["Banco", "medida", "valor", "meta", "OK"]];
  for (const kind of kinds) {
    const r = await measure(kind);
    for (const [name, times] of Object.entries(r.saves)) {
      const worst = Math.max(...times);
      ok &&= worst < 1;
      rows.push([
        kind,
        `${name} (${times.length}×, pior)`,
        `${worst.toFixed(2)} s (mediana ${harness.quantile(times, 0.5).toFixed(2)} s)`,
        "< 1 s",
        worst < 1 ? "sim" : "NÃO",
      ]);
    }
    const ratio = r.importP99 / r.quietP99;
    const pagesOk = Object.keys(r.pageStatuses).every((s) => s === "200");
    ok &&= ratio < 10 && r.importStatus === 200 && pagesOk;
    rows.push([
      kind,
      `importação de ${IMPORT_ROWS} linhas (prévia + importar)`,
      `${r.importSeconds.toFixed(1)} s (${r.importStatus})`,
      "—",
      r.importStatus === 200 ? "sim" : "NÃO",
    ]);
    rows.push([
      kind,
      "página de produto p99: quieta / durante a importação",
      `${r.quietP99.toFixed(1)} ms / ${r.importP99.toFixed(1)} ms = ${ratio.toFixed(1)}× (${Object.entries(
        r.pageStatuses,
      )
        .map(([s, n]) => `${n}× ${s}`)
        .join(", ")})`,
      "< 10×",
      ratio < 10 && pagesOk ? "sim" : "NÃO",
    ]);
    console.log(`[${kind}] ${r.produtos} produtos na loja grande (fração ${FRACTION})`);
  }
  console.log(`\nEscritas do admin na loja grande (fração ${FRACTION})\n`);
  console.log(table(rows));
  return ok;
}
