// Retention (LGPD art. 15 and 16): resumes (row, PDF, and the webhook deliveries and alerts
// that copied them) and the pet photos of grooming requests are deleted once older than the
// period the admin set (default 12 months); the grooming request itself stays, without its
// photos. Each run that removes something leaves
// one row in the audit trail (decision 0045).
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import { avisos } from "~/modules/alerts/index.server";
import { curriculos } from "~/modules/careers/index.server";
import { pedidosServicos } from "~/modules/grooming/index.server";
import { webhookEntregas } from "~/modules/notifications/index.server";
import { getSettings } from "~/modules/shop/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { now } from "~/platform/clock.server";
import { transaction } from "~/platform/db/client.server";
import { keyFromPublicUrl, storage } from "~/platform/storage.server";

/** Two instances running the job at once: the second waits, then finds nothing left. */
const RETENTION_LOCK = 7315044;
const PRIVATE_PREFIX = "private:";

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
    const resumes = await tx
      .delete(curriculos)
      .where(lt(curriculos.createdAt, cutoff))
      .returning({ id: curriculos.id, arquivo: curriculos.curriculoUrl });
    if (resumes.length > 0) {
      // The copies of a deleted resume: its webhook deliveries and its alert on the panel.
      const ids = resumes.map((r) => r.id);
      await tx
        .delete(webhookEntregas)
        .where(
          and(
            eq(webhookEntregas.resourceType, "curriculo"),
            inArray(webhookEntregas.resourceId, ids),
          ),
        );
      await tx.delete(avisos).where(inArray(avisos.referenciaId, ids));
    }
    const groomed = await tx
      .select({ id: pedidosServicos.id, fotos: pedidosServicos.fotos })
      .from(pedidosServicos)
      .where(
        and(lt(pedidosServicos.createdAt, cutoff), ne(pedidosServicos.fotos, sql`'[]'::jsonb`)),
      )
      .for("update");
    if (groomed.length > 0) {
      await tx
        .update(pedidosServicos)
        .set({ fotos: [] })
        .where(
          inArray(
            pedidosServicos.id,
            groomed.map((row) => row.id),
          ),
        );
    }
    for (const resume of resumes) {
      if (resume.arquivo.startsWith(PRIVATE_PREFIX)) {
        await storage().delete("private", resume.arquivo.slice(PRIVATE_PREFIX.length));
      }
    }
    let fotos = 0;
    for (const row of groomed) {
      for (const url of row.fotos) {
        const key = keyFromPublicUrl(url);
        if (key) await storage().delete("public", key);
        fotos += 1;
      }
    }
    const result = {
      curriculos: resumes.length,
      fotos,
      meses: retencaoMeses,
      antesDe: cutoff.toISOString(),
    };
    if (resumes.length > 0 || groomed.length > 0) {
      await logAudit(
        {
          action: "retention_purge",
          resourceType: "privacidade",
          details: { ...result, pedidosServicos: groomed.length },
        },
        tx,
      );
    }
    return result;
  });
}
