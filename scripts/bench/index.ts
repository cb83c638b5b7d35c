// `npm run bench`: builds, then on a fresh seeded database measures what browsers get.
// A yardstick first: a bare node:http + database server answering the rows of /loja's first
// page as gzip JSON (reference-server.ts); then the app is started and each scenario runs
// against it: the pages (pages.ts), the checkout (checkout.ts), a login flood
// (login-flood.ts), the pages while checkouts arrive at 10 a second (selling.ts), grooming
// booking (grooming.ts: p50 and 100 tutors racing), customers (customers.ts: /loja and a
// product page with half the requests signed in, and the sign-in code's p50); after the tables, the product import
// (import.ts, a process of its own), and the preview and apply of a supplier's 500-item NF-e
// (nfe-entry.ts, a process of its own too), and a day of 2,000 counter NFC-e applied from the
// import folder with a product page's latency meanwhile (nfce.ts, its own process).
// Load is autocannon, 50 connections for 10 s, every request sending
// `Accept-Encoding: gzip, deflate, br` as browsers do.
// Runs on PGlite, and on PostgreSQL too when DATABASE_URL is set (a throwaway database).
// Flags: --no-build, --duration=<s>, --connections=<n>, --only=<scenario>[,<scenario>...]
// (pages, selling, checkout, checkout-card, grooming, customers, login-flood, import, nfe-entry, nfce, hostile-search,
// and counter, which runs only when named; e.g. --only=grooming
// for that part alone). hostile-search (hostile-search.ts) builds the large shop of its own
// (--scale-fraction=<f> for a part of it) after the other tables.
// --scale runs the scale benchmark instead (scale.ts: a small and a large shop, screen by
// screen; --scale-fraction=0.1 for a tenth of the large shop).
// --admin-write runs the admin-write benchmark instead (admin-write.ts: saving a unit, and a
// page's p99 while 2,000 rows are imported, on the large shop; --scale-fraction too).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildUnlessSkipped, root, stopServer } from "../lib/server";
import { createThrowawayDatabase } from "../lib/throwaway-postgres";
import { runAdminWrite } from "./admin-write";
import { checkout } from "./checkout";
import { checkoutCard } from "./checkout-card";
import { customers } from "./customers";
import { grooming } from "./grooming";
import * as harness from "./harness";
import { runHostileSearch } from "./hostile-search";
import { loginFlood } from "./login-flood";
import { pages } from "./pages";
import { runScale } from "./scale";
import { selling } from "./selling";

/** In the order they run and report. */
const SCENARIOS = [
  pages,
  selling,
  checkout,
  checkoutCard,
  grooming,
  customers,
  loginFlood,
] as harness.Scenario<never, unknown>[];
const IMPORT = "import";
const NFE_ENTRY = "nfe-entry";
const NFCE = "nfce";
const HOSTILE_SEARCH = "hostile-search";
/** The counter's pages on the large shop (counter.ts): only when asked, it builds that shop. */
const COUNTER = "counter";
/** The renewal job over 10,000 subscriptions (subscriptions.ts): only when asked. */
const SUBSCRIPTIONS = "subscriptions";
/** Long runs of their own (minutes each): only when named in --only. */
const ONLY_WHEN_NAMED = [COUNTER, SUBSCRIPTIONS, NFCE];

function selected(): Set<string> {
  const all = [
    ...SCENARIOS.map((s) => s.name),
    IMPORT,
    NFE_ENTRY,
    NFCE,
    HOSTILE_SEARCH,
    COUNTER,
    SUBSCRIPTIONS,
  ];
  const only = harness.args.find((a) => a.startsWith("--only="));
  if (!only) return new Set(all.filter((n) => !ONLY_WHEN_NAMED.includes(n)));
  const names = only.slice("--only=".length).split(",");
  const unknown = names.filter((n) => !all.includes(n));
  if (unknown.length > 0) {
    console.error(`Cenário desconhecido: ${unknown.join(", ")} (há: ${all.join(", ")})`);
    process.exit(2);
  }
  return new Set(names);
}

/** One database: the yardstick, then the app with every chosen scenario, in order. */
async function runBackend(kind: harness.Kind, scenarios: harness.Scenario<never, unknown>[]) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-bench-"));
  const pgdb =
    kind === "PostgreSQL"
      ? await createThrowawayDatabase(process.env.DATABASE_URL!, "bench")
      : null;
  const env: Record<string, string> = { DATA_DIR: dataDir, DATABASE_URL: pgdb?.url ?? "" };
  try {
    // The yardstick migrates and seeds the database the app will then use.
    console.log(`\n[${kind}] referência: node:http + banco, JSON gzip ...`);
    const reference = await harness.startReference({
      DATABASE_URL: env.DATABASE_URL!,
      BENCH_DATA_DIR: path.join(dataDir, "db"),
    });
    const yardstick = await harness.load(reference.base);
    await stopServer(reference.child);
    const prepared: unknown[] = [];
    for (const scenario of scenarios) prepared.push(await scenario.prepare?.(env));

    console.log(`[${kind}] iniciando servidor ...`);
    const { base, child } = await harness.startApp(env);
    try {
      const backend = {
        kind,
        env,
        base,
        yardstick,
        productId: await harness.productIdBySku(base, harness.RACE_SKU),
      };
      const results: unknown[] = [];
      for (const [i, scenario] of scenarios.entries()) {
        results.push(await scenario.run(backend, prepared[i] as never));
      }
      return results;
    } finally {
      await stopServer(child);
    }
  } finally {
    await pgdb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A benchmark in a process of its own (the import, the NF-e entry); true when it met its goal. */
function runOwnProcess(script: string, flags: string[] = []): boolean {
  console.log(`\nscripts/bench/${script}\n`);
  const r = spawnSync(
    process.execPath,
    ["--import", "tsx", path.join(root, "scripts/bench", script), ...flags],
    {
      cwd: root,
      stdio: "inherit",
    },
  );
  return r.status === 0;
}

async function main() {
  if (harness.args.includes("--scale")) {
    if (!harness.args.includes("--no-build")) console.log("Compilando (react-router build)...");
    buildUnlessSkipped(harness.args);
    if (!(await runScale())) process.exit(1);
    return;
  }
  if (harness.args.includes("--admin-write")) {
    if (!harness.args.includes("--no-build")) console.log("Compilando (react-router build)...");
    buildUnlessSkipped(harness.args);
    if (!(await runAdminWrite())) process.exit(1);
    return;
  }
  const chosen = selected();
  const scenarios = SCENARIOS.filter((s) => chosen.has(s.name));
  if (!harness.args.includes("--no-build")) console.log("Compilando (react-router build)...");
  buildUnlessSkipped(harness.args);
  const backends: harness.Kind[] = ["PGlite"];
  if (process.env.DATABASE_URL) backends.push("PostgreSQL");
  const runs: { kind: harness.Kind; results: unknown[] }[] = [];
  if (scenarios.length > 0) {
    for (const kind of backends) runs.push({ kind, results: await runBackend(kind, scenarios) });
  }
  let allOk = true;
  for (const [i, scenario] of scenarios.entries()) {
    allOk =
      scenario.report(runs.map(({ kind, results }) => ({ kind, result: results[i] }))) && allOk;
  }
  if (chosen.has(IMPORT)) allOk = runOwnProcess("import.ts") && allOk;
  if (chosen.has(NFE_ENTRY)) allOk = runOwnProcess("nfe-entry.ts") && allOk;
  if (chosen.has(NFCE)) allOk = runOwnProcess("nfce.ts") && allOk;
  if (chosen.has(COUNTER)) allOk = runOwnProcess("counter.ts", harness.args) && allOk;
  if (chosen.has(SUBSCRIPTIONS)) allOk = runOwnProcess("subscriptions.ts", harness.args) && allOk;
  if (chosen.has(HOSTILE_SEARCH)) allOk = (await runHostileSearch()) && allOk;
  if (!allOk) process.exit(1);
}

await main();
