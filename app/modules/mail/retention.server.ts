// Retention of sent e-mails: the rendered message (names, addresses, the order) is cleared
// `retencao_envios_dias` after it was queued; the row stays (kind, recipient, status, dates)
// so the list of sent e-mails still says what went out and when. Audited with its count.
import { logAudit } from "~/platform/admin/audit.server";
import { runSql, transaction } from "~/platform/db/client.server";

/** Rows cleared per statement: a long backlog goes in slices, never one huge update. */
const SLICE = 1000;

/**
 * Clears the bodies (html, texto, inline images) of e-mails queued before `days` days ago
 * that are done (sent, archived, failed or dropped; a queued one still needs its data).
 * Returns how many were cleared.
 */
export async function purgeOldEmailBodies(
  days: number,
  options: { at?: Date; signal?: AbortSignal } = {},
): Promise<number> {
  const cutoff = new Date((options.at ?? new Date()).getTime() - days * 86_400_000);
  let total = 0;
  for (;;) {
    const cleared = await transaction(async (tx) => {
      const rows = await runSql<{ id: string }>(
        tx,
        `update emails set html = null, texto = null, imagens = null
         where id in (
           select id from emails
           where created_at < $1 and status <> 'pendente'
             and (html is not null or texto is not null or imagens is not null)
           limit $2 for update skip locked)
         returning id`,
        [cutoff, SLICE],
        "emails_retencao",
      );
      if (rows.length > 0) {
        await logAudit(
          {
            action: "retention_purge",
            resourceType: "emails",
            details: { emails: rows.length, dias: days, antesDe: cutoff.toISOString() },
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
