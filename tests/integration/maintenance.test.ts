// PGlite has no autovacuum (decision 0048): the running server vacuums and analyses the
// embedded database once a day; a PostgreSQL server is left to its own autovacuum.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "~/platform/db/client.server";
import { vacuumEmbedded } from "~/platform/db/maintenance.server";
import { withTestDatabase } from "../setup/db";
import { declaredJob, runDeclaredJob } from "../support/jobs";

const ctx = withTestDatabase();
const embedded = () => ctx.database.kind === "pglite";

/** When the orders table was last vacuumed and analysed by hand (not by autovacuum). */
async function lastMaintenance() {
  const [row] = await queryRows<{ vacuum: Date | null; analyze: Date | null }>(
    ctx.database.db,
    sql`select last_vacuum as vacuum, last_analyze as analyze
        from pg_stat_user_tables where relname = 'pedidos'`,
  );
  return row;
}

describe("embedded database maintenance", () => {
  it("vacuums and analyses the embedded database; leaves a server to its autovacuum", async () => {
    const before = await lastMaintenance();
    expect(await vacuumEmbedded(ctx.database)).toBe(embedded());
    const after = await lastMaintenance();
    if (embedded()) {
      expect(after?.vacuum).not.toBeNull();
      expect(after?.analyze).not.toBeNull();
      expect(after?.vacuum).not.toEqual(before?.vacuum);
    } else {
      expect(after).toEqual(before);
    }
  });

  it("the daily job runs on the embedded database only, and its run is recorded", async () => {
    const job = declaredJob("platform.vacuum");
    expect(job.intervalMs).toBe(24 * 60 * 60_000);
    expect(job.enabled?.()).toBe(embedded());
    if (!embedded()) return; // a server vacuums on its own: the runner never starts the job
    const run = await runDeclaredJob("platform.vacuum", 30_000);
    expect(run.outcome).toBe("ok");
    expect((await lastMaintenance())?.vacuum).not.toBeNull();
  });
});
