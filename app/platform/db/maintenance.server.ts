// PGlite has no autovacuum (decision 0048). Without ANALYZE the planner has no statistics
// (it guesses, and at 10,000 products guesses badly); without VACUUM dead rows pile up and
// there is no visibility map, so every Index Only Scan reads the table too. A PostgreSQL
// server does both on its own; the embedded database gets them once a day, and after the
// demo catalogue is written.
import { sql } from "drizzle-orm";
import type { Database } from "./client.server";

/** VACUUM (ANALYZE) of the whole embedded database; nothing on a PostgreSQL server. */
export async function vacuumEmbedded(database: Database): Promise<boolean> {
  if (database.kind !== "pglite") return false;
  await database.db.execute(sql.raw("vacuum (analyze)"));
  return true;
}

const DAY_MS = 24 * 60 * 60 * 1000;
let timer: NodeJS.Timeout | undefined;

/**
 * The daily VACUUM (ANALYZE) of a running server on the embedded database, started with the
 * other jobs (the automatic backup among them): first a few minutes after start, so the
 * boot and the first pages do not wait for it, then every 24 hours.
 */
export function startEmbeddedVacuum(
  options: { database: () => Database | undefined; firstAfterMs?: number; everyMs?: number },
  log: (message: string) => void = console.info,
) {
  stopEmbeddedVacuum();
  const run = async () => {
    const database = options.database();
    if (database?.kind !== "pglite") return;
    try {
      const started = Date.now();
      await vacuumEmbedded(database);
      log(`[manutenção] vacuum (analyze) do banco embutido em ${Date.now() - started} ms`);
    } catch (error) {
      console.error(`[manutenção] vacuum falhou: ${String(error)}`);
    }
  };
  timer = setTimeout(
    function tick() {
      void run().finally(() => {
        if (!timer) return;
        timer = setTimeout(tick, options.everyMs ?? DAY_MS);
        timer.unref();
      });
    },
    options.firstAfterMs ?? 5 * 60_000,
  );
  timer.unref();
}

export function stopEmbeddedVacuum() {
  if (timer) clearTimeout(timer);
  timer = undefined;
}
