// The admin audit trail. Written in the same transaction as the change it records.
import { and, asc, eq, inArray } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { requestInfo } from "~/platform/request-info.server";
import { adminAuditLog } from "../tables.server";

export type AuditAction =
  | "failed_login"
  | "successful_login"
  | "user_logout"
  | "session_start"
  | "session_end"
  | "forced_logout"
  | (string & {});

const SECRET_KEYS = /senha|password|token|secret|totp|codigo_recuperacao/i;

/** Drops anything that looks like a secret: passwords and tokens are never logged. */
function scrub(details: Record<string, unknown> | undefined) {
  if (!details) return undefined;
  const clean: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(details)) {
    clean[key] = SECRET_KEYS.test(key) ? "[omitido]" : value;
  }
  return clean;
}

export async function logAudit(
  entry: {
    request?: Request;
    adminUserId?: string | null;
    action: AuditAction;
    resourceType?: string;
    resourceId?: string | null;
    details?: Record<string, unknown>;
  },
  executor: Executor = db(),
) {
  const info = entry.request ? requestInfo(entry.request) : undefined;
  await executor.insert(adminAuditLog).values({
    adminUserId: entry.adminUserId ?? null,
    action: entry.action,
    resourceType: entry.resourceType ?? null,
    resourceId: entry.resourceId ?? null,
    details: scrub(entry.details) ?? null,
    ipAddress: info?.ip ?? null,
    userAgent: info?.userAgent ?? null,
  });
}

/** One audit row of a record, as its history shows it. */
export interface AuditTrailEntry {
  resourceId: string;
  adminUserId: string | null;
  action: string;
  details: Record<string, unknown> | null;
  createdAt: Date;
}

/**
 * The audit rows of these records, oldest first (off admin_audit_log_recurso_idx): the
 * history of an order or a booking, whoever wrote it (issue 41 point 5).
 */
export async function auditTrailOf(
  resourceType: string,
  resourceIds: readonly string[],
  executor: Executor = db(),
  limitPerRecord = 50,
): Promise<AuditTrailEntry[]> {
  if (resourceIds.length === 0) return [];
  const rows = await executor
    .select({
      resourceId: adminAuditLog.resourceId,
      adminUserId: adminAuditLog.adminUserId,
      action: adminAuditLog.action,
      details: adminAuditLog.details,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.resourceType, resourceType),
        inArray(adminAuditLog.resourceId, [...resourceIds]),
      ),
    )
    .orderBy(asc(adminAuditLog.createdAt), asc(adminAuditLog.id))
    .limit(limitPerRecord * resourceIds.length);
  return rows.map((r) => ({ ...r, resourceId: r.resourceId ?? "" }));
}
