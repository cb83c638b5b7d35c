// Retention of webhook deliveries: the payload (the order or request it announced, with the
// customer's data) is cleared `retencao_envios_dias` after it was queued; the row stays
// (kind, address, status, dates). Audited with its count.
import { purgeInSlices } from "~/platform/retention.server";

/**
 * Empties the payloads of deliveries queued before `days` days ago that are done (delivered
 * or given up; a pending one still has to be sent). Returns how many were cleared.
 */
export function purgeOldWebhookPayloads(
  days: number,
  options: { at?: Date; signal?: AbortSignal } = {},
): Promise<number> {
  return purgeInSlices(
    {
      sql: `update webhook_entregas set payload = '{}'::jsonb
         where id in (
           select id from webhook_entregas
           where created_at < $1 and status <> 'pendente' and payload <> '{}'::jsonb
           limit $2 for update skip locked)
         returning id`,
      label: "webhooks_retencao",
      resourceType: "webhook_entregas",
      countKey: "webhooks",
    },
    days,
    options,
  );
}
