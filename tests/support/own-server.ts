// A production server of a spec's own (its own port, data directory and environment), for
// the end-to-end specs that need settings the shared server must not have: a non-admin
// session, trace logs, online Pix against a fake Mercado Pago. Started from the built app
// (`server.ts`), ready when /readyz answers, its output kept for the assertion messages.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { type Db, migrateDatabase, openDatabase } from "~/platform/db/client.server";
import type { FakeMercadoPago } from "./fake-mercadopago";

export interface OwnServer {
  base: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves when /readyz answers 200; throws with the output if the process gives up. */
  ready(timeoutMs?: number): Promise<void>;
  /** SIGTERM, then waits for the exit (a clean stop flushes the logs). */
  stop(): Promise<void>;
  /** SIGKILL, for a `finally` after a failure. */
  kill(): void;
}

/**
 * Starts `node --import tsx server.ts` with NODE_ENV=production on `port`, plus `env` (a
 * variable set to undefined is removed, e.g. DATABASE_URL for a server on its own PGlite).
 * The port is the shared e2e port plus an offset of the spec's (see playwright.config.ts).
 */
export function startOwnServer(port: number, env: Record<string, string | undefined>): OwnServer {
  const base = `http://127.0.0.1:${port}`;
  let output = "";
  const merged: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    ...env,
  };
  for (const key of Object.keys(merged)) if (merged[key] === undefined) delete merged[key];
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    env: merged,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (chunk) => (output += chunk));
  server.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => server.on("exit", resolve));
  return {
    base,
    output: () => output,
    async ready(timeoutMs = 90_000) {
      const until = Date.now() + timeoutMs;
      while (
        !(await fetch(`${base}/readyz`)
          .then((r) => r.ok)
          .catch(() => false))
      ) {
        if (server.exitCode !== null || Date.now() > until) {
          throw new Error(`servidor não subiu:\n${output}`);
        }
        await new Promise((r) => setTimeout(r, 300));
      }
    },
    async stop() {
      if (server.exitCode === null) server.kill("SIGTERM");
      await exited;
    },
    kill() {
      if (server.exitCode === null) server.kill("SIGKILL");
    },
  };
}

/**
 * A Pix shop of the spec's own: a fresh data directory prepared by `setup` (a tests/support
 * script, run first: PGlite takes one process at a time), online Pix against the fake
 * Mercado Pago `mp` signing with `secret`, and no reconciliation pass (the notification
 * confirms a payment). Throws with the script's output if the setup fails.
 */
/**
 * A server of a spec's own on its own PGlite, whatever database the suite runs against: a
 * fresh directory under the system's temp folder (`name` in it), migrated and given `seed`'s
 * rows before the server opens it (one process at a time on a PGlite directory); `env` adds
 * to the server's environment (mail, a fake Mercado Pago).
 */
export async function startSeededServer<T>(
  port: number,
  name: string,
  seed: (db: Db) => Promise<T>,
  env: Record<string, string | undefined> = {},
): Promise<{ server: OwnServer; dataDir: string; seeded: T }> {
  const dataDir = path.join(os.tmpdir(), `agropet-${name}-${Date.now()}`);
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  let seeded: T;
  try {
    await migrateDatabase(database);
    seeded = await seed(database.db);
  } finally {
    await database.close();
  }
  const server = startOwnServer(port, { DATA_DIR: dataDir, DATABASE_URL: undefined, ...env });
  return { server, dataDir, seeded };
}

/**
 * While a seeded server is stopped: `change` writes in its PGlite directory (the time between
 * two starts, as the spec needs it), then the directory is closed for the next start.
 */
export async function whileStopped<T>(dataDir: string, change: (db: Db) => Promise<T>) {
  const database = await openDatabase({ dataDir: path.join(dataDir, "db") });
  try {
    return await change(database.db);
  } finally {
    await database.close();
  }
}

export function startPixServer(
  port: number,
  options: { mp: FakeMercadoPago; secret: string; setup: string; name: string },
): OwnServer {
  const env = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: path.join(os.tmpdir(), `agropet-${options.name}-${Date.now()}`),
    LOG_LEVEL: "warn",
    MERCADOPAGO_API_URL: options.mp.url,
    MERCADOPAGO_ACCESS_TOKEN: options.mp.accessToken,
    MERCADOPAGO_WEBHOOK_SECRET: options.secret,
    PAYMENT_RECONCILE_INTERVAL: "0",
  };
  const setup = spawnSync(process.execPath, ["--import", "tsx", options.setup], {
    env,
    encoding: "utf8",
  });
  if (setup.status !== 0) throw new Error(`${options.setup}: ${setup.stderr}`);
  return startOwnServer(port, env);
}
