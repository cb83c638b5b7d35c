// PGlite has no autovacuum (decision 0048). Without ANALYZE the planner has no statistics
// (it guesses, and at 10,000 products guesses badly); without VACUUM dead rows pile up and
// there is no visibility map, so every Index Only Scan reads the table too. A PostgreSQL
// server does both on its own; the embedded database gets them once a day, and after the
// demo catalogue is written (the job is in app/platform/jobs/platform-jobs.server.ts).
import { sql } from "drizzle-orm";
import type { Database } from "./client.server";

/** VACUUM (ANALYZE) of the whole embedded database; nothing on a PostgreSQL server. */
export async function vacuumEmbedded(database: Database): Promise<boolean> {
  if (database.kind !== "pglite") return false;
  await database.db.execute(sql.raw("vacuum (analyze)"));
  return true;
}
