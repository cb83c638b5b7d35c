// Retention of what a module sent (e-mail bodies, webhook payloads): the personal part of
// rows done for more than `days` days is cleared in slices, each slice audited with its count.
import { logAudit } from "~/platform/admin/audit.server";
import { runSql, transaction } from "~/platform/db/client.server";

/** Rows cleared per statement: a long backlog goes in slices, never one huge update. */
const SLICE = 1000;

export interface RetentionPurge {
  /** The update that clears one slice: `$1` is the cutoff, `$2` the slice size; `returning id`. */
  sql: string;
  /** The statement's name in the SQL log. */
  label: string;
  /** The table, as the audit names it. */
  resourceType: string;
  /** The audit detail that carries the count (`emails`, `webhooks`). */
  countKey: string;
}

/** Runs `purge` slice by slice over rows older than `days` days; returns how many were cleared. */
export async function purgeInSlices(
  purge: RetentionPurge,
  days: number,
  options: { at?: Date; signal?: AbortSignal } = {},
): Promise<number> {
  const cutoff = new Date((options.at ?? new Date()).getTime() - days * 86_400_000);
  let total = 0;
  for (;;) {
    const cleared = await transaction(async (tx) => {
      const rows = await runSql<{ id: string }>(tx, purge.sql, [cutoff, SLICE], purge.label);
      if (rows.length > 0) {
        await logAudit(
          {
            action: "retention_purge",
            resourceType: purge.resourceType,
            details: { [purge.countKey]: rows.length, dias: days, antesDe: cutoff.toISOString() },
          },
          tx,
        );
      }
      return rows.length;
    });
    total += cleared;
    if (cleared < SLICE || options.signal?.aborted) return total;
  }
}
