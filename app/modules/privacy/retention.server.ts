// Retention (LGPD art. 15 and 16): resumes (row, PDF, and the webhook deliveries and alerts
// that copied them) and the pet photos of grooming requests are deleted once older than the
// period the admin set (default 12 months); the grooming request itself stays, without its
// photos. Each run that removes something leaves
// one row in the audit trail (decision 0045).
import { sql } from "drizzle-orm";
import { getSettings } from "~/modules/shop/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { now } from "~/platform/clock.server";
import { transaction } from "~/platform/db/client.server";
import type { PersonalDataErased } from "~/platform/personal-data.server";
import { storage } from "~/platform/storage.server";
import { personalDataHandlers, sumCounts } from "./subject.server";

/** Two instances running the job at once: the second waits, then finds nothing left. */
const RETENTION_LOCK = 7315044;

/** The instant `months` calendar months before `at`. */
function retentionCutoff(at: Date, months: number): Date {
  const cutoff = new Date(at);
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months);
  return cutoff;
}

export interface RetentionResult {
  curriculos: number;
  fotos: number;
  meses: number;
  antesDe: string;
}

/**
 * Deletes what is past the retention period, in one transaction: the rows first, then the
 * files (a file that fails to go rolls the rows back, and the next run tries again).
 */
export async function purgeExpiredPersonalData(at: Date = now()): Promise<RetentionResult> {
  const { retencaoMeses } = await getSettings();
  const cutoff = retentionCutoff(at, retencaoMeses);
  return transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${RETENTION_LOCK})`);
    // Each module deletes its own expired data; then the copies of it that others kept.
    const erased: PersonalDataErased[] = [];
    for (const handler of personalDataHandlers()) {
      if (handler.retention) erased.push(await handler.retention(cutoff, tx));
    }
    const references = erased.flatMap((part) => part.references);
    if (references.length > 0) {
      for (const handler of personalDataHandlers()) {
        if (handler.forgetCopies) erased.push(await handler.forgetCopies({ references }, tx));
      }
    }
    for (const file of erased.flatMap((part) => part.files)) {
      await storage().delete(file.area, file.key);
    }
    const counts = sumCounts(erased);
    const result = {
      curriculos: counts.curriculos ?? 0,
      fotos: counts.fotos ?? 0,
      meses: retencaoMeses,
      antesDe: cutoff.toISOString(),
    };
    if (result.curriculos > 0 || (counts.pedidosServicos ?? 0) > 0) {
      await logAudit(
        {
          action: "retention_purge",
          resourceType: "privacidade",
          details: { ...result, pedidosServicos: counts.pedidosServicos ?? 0 },
        },
        tx,
      );
    }
    return result;
  });
}
