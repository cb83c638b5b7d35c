// What every scenario of the benchmark shares: the flags, the load generator (autocannon with
// a browser's Accept-Encoding), forms posted as pages post them, timing helpers, and the app
// and the yardstick started on the run's database.
import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
// @ts-expect-error autocannon ships no type declarations
import autocannon from "autocannon";
import {
  type Database,
  migrateDatabase,
  openDatabase,
  setDatabase,
} from "~/platform/db/client.server";
import { seedDatabase } from "~/startup/seed.server";
import { startServer } from "../lib/server";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../lib/throwaway-postgres";

export const args = process.argv.slice(2);
const flag = (name: string, fallback: number) => {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split("=")[1]) : fallback;
};
export const DURATION = flag("duration", 10);
export const CONNECTIONS = flag("connections", 50);
export const BROWSER = { "accept-encoding": "gzip, deflate, br" };
/** Seeded product with stock 10 (Tapete Higiênico Super Secão 30 unidades). */
export const RACE_SKU = "HIG-TAPE-30";

export type Kind = "PGlite" | "PostgreSQL";

/** A placed order is answered with a redirect (to the store, with the success message). */
export const PLACED = 302;

/**
 * Opens the run's database (its DATABASE_URL, else the embedded one in DATA_DIR) for a
 * scenario's `prepare`, before the app starts, and closes it whatever `work` does.
 */
export async function withRunDatabase<T>(
  env: Record<string, string>,
  work: (database: Database) => Promise<T>,
): Promise<T> {
  const database = await openDatabase({
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATABASE_URL ? undefined : path.join(env.DATA_DIR!, "db"),
  });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** A throwaway database `name_…` on the server of `url`, dropped when it is closed. */
export async function throwawayPostgres(url: string, name: string): Promise<Database> {
  const throwaway = await createThrowawayDatabase(url, name);
  const database = await openDatabase({ databaseUrl: throwaway.url });
  return {
    ...database,
    async close() {
      await database.close();
      await throwaway.drop();
    },
  };
}

/**
 * Runs a bench of its own on a fresh PGlite and, when DATABASE_URL is set, on a throwaway
 * PostgreSQL database of that server: whether every run met its goal.
 */
export async function onEachDatabase(
  run: (label: string, database: Database) => Promise<boolean>,
): Promise<boolean> {
  let ok = await run("PGlite", await openDatabase({}));
  if (process.env.DATABASE_URL) {
    ok =
      (await run("PostgreSQL", await throwawayPostgres(process.env.DATABASE_URL, "bench"))) && ok;
  }
  return ok;
}

/** The databases a bench runs on: PGlite, and PostgreSQL when DATABASE_URL is set. */
export function benchKinds(): Kind[] {
  return process.env.DATABASE_URL ? ["PGlite", "PostgreSQL"] : ["PGlite"];
}

/** Measures on each database in turn, then exits 0 when every run met its goal. */
export async function measureEachKind(measure: (kind: Kind) => Promise<boolean>): Promise<never> {
  let ok = true;
  for (const kind of benchKinds()) ok = (await measure(kind)) && ok;
  process.exit(ok ? 0 : 1);
}

/** A whole number as a person reads it here: "12.345". */
export const fmtInt = (n: number) => Math.round(n).toLocaleString("pt-BR");

/** The database a scenario that builds its own shop made, as `withSeededShop` hands it over. */
export interface SeededShop {
  /** DATA_DIR and DATABASE_URL for the app started on it afterwards. */
  env: Record<string, string>;
  /** The throwaway PostgreSQL database (drop it after the run); null on PGlite. */
  pgdb: ThrowawayDatabase | null;
}

/**
 * A fresh shop of `kind` for a scenario of its own: a throwaway database `name_…` on the
 * PostgreSQL server of DATABASE_URL, else an embedded one in `dataDir`; migrated, seeded (no
 * images) and the app's database while `work` adds to it, closed whatever `work` does.
 */
export async function withSeededShop<T>(
  kind: Kind,
  name: string,
  dataDir: string,
  work: (database: Database, shop: SeededShop) => Promise<T>,
): Promise<T> {
  const pgdb =
    kind === "PostgreSQL" ? await createThrowawayDatabase(process.env.DATABASE_URL!, name) : null;
  const database = await openDatabase({
    databaseUrl: pgdb?.url,
    dataDir: pgdb ? undefined : path.join(dataDir, "db"),
  });
  try {
    setDatabase(database);
    await migrateDatabase(database);
    await seedDatabase({ images: false });
    return await work(database, {
      env: { DATA_DIR: dataDir, DATABASE_URL: pgdb?.url ?? "" },
      pgdb,
    });
  } finally {
    setDatabase(undefined);
    await database.close();
  }
}

/** What a scenario gets for one database: the running app and the product of the races. */
interface Backend {
  kind: Kind;
  /** DATA_DIR and DATABASE_URL of the run (the app's database). */
  env: Record<string, string>;
  base: string;
  /** The seeded product RACE_SKU. */
  productId: string;
  /** The yardstick's figures on this database, measured before the app started. */
  yardstick: LoadResult;
}

/**
 * A part of the benchmark: `prepare` runs on the seeded database before the app starts,
 * `run` against the app, once per database; `report` prints the tables of every database's
 * results and says whether they met their goals.
 */
export interface Scenario<Prepared = unknown, Result = unknown> {
  name: string;
  prepare?(env: Record<string, string>): Promise<Prepared>;
  run(backend: Backend, prepared: Prepared): Promise<Result>;
  report(results: { kind: Kind; result: Result }[]): boolean;
}

export interface LoadResult {
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

/**
 * `url` under CONNECTIONS connections for DURATION seconds, each request with `headers`; or,
 * given `requests` (autocannon's), the connections take them in turn.
 */
export async function load(
  url: string,
  headers: Record<string, string> = BROWSER,
  requests?: { headers: Record<string, string> }[],
): Promise<LoadResult> {
  const target = requests ? { url, requests } : { url, headers };
  // A short warm-up so the first JIT and connection costs do not count.
  await autocannon({ ...target, connections: 10, duration: 2 });
  const result = await autocannon({ ...target, connections: CONNECTIONS, duration: DURATION });
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
export async function settle(base: string) {
  const until = Date.now() + 15_000;
  let quick = 0;
  while (quick < 3 && Date.now() < until) {
    const started = performance.now();
    await fetch(`${base}/healthz`).then((r) => r.arrayBuffer());
    quick = performance.now() - started < 5 ? quick + 1 : 0;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function productIdBySku(base: string, sku: string): Promise<string> {
  const html = await (await fetch(`${base}/loja?q=${encodeURIComponent(sku)}`)).text();
  const id = html.match(/\/loja\/produto\/([0-9a-f-]{36})/)?.[1];
  if (!id) throw new Error(`produto ${sku} não encontrado na loja`);
  return id;
}

export async function stockOf(base: string, id: string): Promise<number> {
  const quote = (await (await fetch(`${base}/loja/resumo?itens=${id}:1`)).json()) as {
    linhas: { estoque: number }[];
  };
  return quote.linhas[0]?.estoque ?? 0;
}

/** The i-th of many client addresses from 10.<first>.0.1 on, 250 per /24. */
export function clientAddress(first: number, i: number): string {
  return `10.${first + Math.floor(i / 62500)}.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
}

/**
 * A form posted as a page posts it (same origin, a navigation), on its own connection, as
 * separate phones would post it; the redirect is not followed. Answers the real status: a
 * browser's refused form comes back 200 with it in X-Refusal-Status (decision 0042).
 * node:http rather than fetch: the load generator shares the two cores with the server, and
 * fetch cost it about 4 ms of CPU per order, a third of what it measured.
 */
export function postForm(
  base: string,
  path: string,
  form: URLSearchParams,
  forwardedFor: string,
): Promise<number> {
  const { url, headers, body } = formRequest(base, path, form, forwardedFor);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", agent: false, headers }, (res) => {
      res.resume();
      const refused = Number(res.headers["x-refusal-status"]);
      res.on("end", () => resolve(refused || (res.statusCode ?? 0)));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(body);
  });
}

/**
 * What postForm sends, as plain data (a worker thread takes it as it is): the address, the
 * headers of a same-origin navigation from `forwardedFor`, and the encoded body.
 */
export function formRequest(
  base: string,
  path: string,
  form: URLSearchParams,
  forwardedFor: string,
) {
  const body = form.toString();
  const headers = {
    "content-type": "application/x-www-form-urlencoded",
    "content-length": Buffer.byteLength(body),
    origin: base,
    "sec-fetch-mode": "navigate",
    "sec-fetch-site": "same-origin",
    "x-forwarded-for": forwardedFor,
  };
  return { url: new URL(path, base).href, headers, body };
}

/**
 * `count` requests one after another (one client): each one's time in ms, and how many were
 * not answered as `expected` says.
 */
export async function inSequence(
  count: number,
  send: (i: number) => Promise<number>,
  expected: (status: number) => boolean,
): Promise<{ times: number[]; failed: number }> {
  const times: number[] = [];
  let failed = 0;
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    const status = await send(i);
    times.push(performance.now() - started);
    if (!expected(status)) failed++;
  }
  return { times, failed };
}

/** The value at quantile `q` (0..1) of some timings. */
export function quantile(times: number[], q: number): number {
  const sorted = [...times].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

/** The built app on a database of the run's own; no webhook worker, a fresh secret. */
export function startApp(env: Record<string, string>) {
  return startServer(
    {
      WEBHOOK_WORKER_INTERVAL: "0",
      MAIL_WORKER_INTERVAL: "0",
      SESSION_SECRET: crypto.randomBytes(16).toString("hex"),
      ...env,
    },
    { output: "inherit" },
  );
}

/** Starts the yardstick (reference-server.ts), which migrates and seeds the database. */
export function startReference(env: Record<string, string>) {
  return startServer(env, { script: "scripts/bench/reference-server.ts", readyPath: "/" });
}
