// Retention of sent e-mails: the rendered message (names, addresses, the order) is cleared
// `retencao_envios_dias` after it was queued; the row stays (kind, recipient, status, dates)
// so the list of sent e-mails still says what went out and when. Audited with its count.
import { purgeInSlices } from "~/platform/retention.server";

/**
 * Clears the bodies (html, texto, inline images) of e-mails queued before `days` days ago
 * that are done (sent, archived, failed or dropped; a queued one still needs its data).
 * Returns how many were cleared.
 */
export function purgeOldEmailBodies(
  days: number,
  options: { at?: Date; signal?: AbortSignal } = {},
): Promise<number> {
  return purgeInSlices(
    {
      sql: `update emails set html = null, texto = null, imagens = null
         where id in (
           select id from emails
           where created_at < $1 and status <> 'pendente'
             and (html is not null or texto is not null or imagens is not null)
           limit $2 for update skip locked)
         returning id`,
      label: "emails_retencao",
      resourceType: "emails",
      countKey: "emails",
    },
    days,
    options,
  );
}
