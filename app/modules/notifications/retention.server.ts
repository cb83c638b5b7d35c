// Retention of webhook deliveries: the payload (the order or request it announced, with the
// customer's data) is cleared `retencao_envios_dias` after it was queued; the row stays
// (kind, address, status, dates). Audited with its count.
import { logAudit } from "~/platform/admin/audit.server";
import { runSql, transaction } from "~/platform/db/client.server";

/** Rows cleared per statement: a long backlog goes in slices, never one huge update. */
const SLICE = 1000;

/**
 * Empties the payloads of deliveries queued before `days` days ago that are done (delivered
 * or given up; a pending one still has to be sent). Returns how many were cleared.
 */
export async function purgeOldWebhookPayloads(
  days: number,
  options: { at?: Date; signal?: AbortSignal } = {},
): Promise<number> {
  const cutoff = new Date((options.at ?? new Date()).getTime() - days * 86_400_000);
  let total = 0;
  for (;;) {
    const cleared = await transaction(async (tx) => {
      const rows = await runSql<{ id: string }>(
        tx,
        `update webhook_entregas set payload = '{}'::jsonb
         where id in (
           select id from webhook_entregas
           where created_at < $1 and status <> 'pendente' and payload <> '{}'::jsonb
           limit $2 for update skip locked)
         returning id`,
        [cutoff, SLICE],
        "webhooks_retencao",
      );
      if (rows.length > 0) {
        await logAudit(
          {
            action: "retention_purge",
            resourceType: "webhook_entregas",
            details: { webhooks: rows.length, dias: days, antesDe: cutoff.toISOString() },
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
