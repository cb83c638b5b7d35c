// PGlite has no autovacuum (decision 0048): the running server vacuums and analyses the
// embedded database once a day; a PostgreSQL server is left to its own autovacuum.
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { queryRows } from "~/platform/db/client.server";
import {
  startEmbeddedVacuum,
  stopEmbeddedVacuum,
  vacuumEmbedded,
} from "~/platform/db/maintenance.server";
import { withTestDatabase } from "../setup/db";

const ctx = withTestDatabase();
const embedded = () => ctx.database.kind === "pglite";

afterEach(() => stopEmbeddedVacuum());

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

  it("the daily job runs on the embedded database and says so in the log", async () => {
    const lines: string[] = [];
    startEmbeddedVacuum(
      { database: () => ctx.database, firstAfterMs: 1, everyMs: 60_000 },
      (line) => lines.push(line),
    );
    if (!embedded()) {
      // Nothing to wait for on a server: the job returns at once without a line.
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(lines).toEqual([]);
      return;
    }
    await expect.poll(() => lines, { timeout: 30_000 }).toHaveLength(1);
    expect(lines[0]).toMatch(/vacuum \(analyze\) do banco embutido/);
    expect((await lastMaintenance())?.vacuum).not.toBeNull();
  });
});
