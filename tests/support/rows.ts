// The rows of one table that a test reads back to check what a write left behind, on the
// file's database: one call instead of a select, from and where chain at each check.
import { and, eq, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { db } from "~/platform/db/client.server";
import { rateLimits } from "~/platform/tables.server";

/** The rows of `table` matching `where`, in the order of `orderBy` when given. */
export async function rowsWhere<T extends PgTable>(
  table: T,
  where: SQL | undefined,
  ...orderBy: (PgColumn | SQL)[]
): Promise<T["$inferSelect"][]> {
  const query = db()
    .select()
    .from(table as PgTable)
    .where(where);
  return (orderBy.length ? await query.orderBy(...orderBy) : await query) as T["$inferSelect"][];
}

/** The rate-limit counter of `operation` for `identifier` (an address, an e-mail), if any. */
export async function rateLimitRow(operation: string, identifier: string) {
  const [row] = await rowsWhere(
    rateLimits,
    and(eq(rateLimits.operation, operation), eq(rateLimits.identifier, identifier)),
  );
  return row;
}
