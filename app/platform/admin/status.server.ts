// An admin's status change of one record, with its audit entry, in one transaction.
import { eq, type InferSelectModel } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { transaction } from "~/platform/db/client.server";
import { type AdminActor, AdminError, audit } from "./actor.server";

/** A table whose rows have an `id` and a `status`. */
type StatusTable = PgTable & { id: PgColumn; status: PgColumn };

export interface StatusAudit<Row> {
  /** The refusal when no record has the id. */
  notFound: string;
  action: string;
  resourceType: string;
  /** What the entry records besides the old and the new status (read from the locked row). */
  details?: (current: Row) => Record<string, unknown>;
}

/**
 * Sets the record's status, the row locked while it is read. The same status again writes
 * nothing and returns the row as it is.
 */
export async function setStatusAudited<T extends StatusTable>(
  table: T,
  id: string,
  status: string,
  actor: AdminActor,
  entry: StatusAudit<InferSelectModel<T>>,
): Promise<InferSelectModel<T>> {
  type Row = InferSelectModel<T>;
  return transaction(async (tx) => {
    const [current] = (await tx
      .select()
      .from(table as PgTable)
      .where(eq(table.id, id))
      .for("update")) as Row[];
    if (!current) throw new AdminError(entry.notFound);
    if (current.status === status) return current;
    const [row] = (await tx
      .update(table)
      .set({ status } as never)
      .where(eq(table.id, id))
      .returning()) as Row[];
    await audit(tx, actor, entry.action, entry.resourceType, id, {
      ...entry.details?.(current),
      de: current.status,
      para: status,
    });
    return row!;
  });
}
