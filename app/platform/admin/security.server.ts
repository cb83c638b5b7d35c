// The security dashboard (SPEC §2.3): counters, the audit trail, the rate-limit entries,
// unblock and the 7-day cleanup. Every write here is itself audited.
import { and, count, desc, eq, gt, isNotNull, lt, max, type SQL, sql } from "drizzle-orm";
import { logAudit } from "~/platform/admin/audit.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { rateLimitLabel, unblock } from "~/platform/rate-limits.server";
import { adminAuditLog, rateLimits } from "~/platform/tables.server";

const AUDIT_VIEW_LIMIT = 50;
const RATE_LIMIT_VIEW_LIMIT = 100;
const RECENT_WINDOW_MS = 24 * 60 * 60 * 1000;
const CLEANUP_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** The trail is counted up to here ("mais de"): years of it would be read whole each time. */
const AUDIT_COUNT_LIMIT = 10_000;

/**
 * Entries flagged security_event (failed logins, forced logouts, unblocks, 2FA changes,
 * resume downloads...). Compared as text, never cast: a flag written as something other
 * than a boolean (older resume downloads wrote 'sensitive_access') must not break the page.
 */
const securityEvent = sql`coalesce(${adminAuditLog.details} ->> 'security_event', 'false') <> 'false'`;

/** How many rows match, counted up to AUDIT_COUNT_LIMIT + 1 (off the index, stopping there). */
function countUpToLimit(executor: Executor, where?: SQL) {
  return executor.select({ n: count() }).from(
    executor
      .select({ one: sql`1` })
      .from(adminAuditLog)
      .where(where)
      .limit(AUDIT_COUNT_LIMIT + 1)
      .as("contados"),
  );
}

/** Sign-ins are counted per person over this many days (issue 41 point 5). */
export const SIGN_IN_WINDOW_DAYS = 30;

export async function getSecurityOverview(
  at: Date = now(),
  executor: Executor = db(),
  /** Only this person's entries in the trail's list (the counters stay the whole trail's). */
  filter: { adminUserId?: string } = {},
) {
  const since = new Date(at.getTime() - RECENT_WINDOW_MS);
  const [[total], [recentes], [bloqueados], [sensiveis], auditoria, limites] = await Promise.all([
    countUpToLimit(executor),
    executor
      .select({ n: count() })
      .from(adminAuditLog)
      .where(and(eq(adminAuditLog.action, "failed_login"), gt(adminAuditLog.createdAt, since))),
    executor.select({ n: count() }).from(rateLimits).where(gt(rateLimits.blockedUntil, at)),
    countUpToLimit(executor, securityEvent),
    executor
      .select()
      .from(adminAuditLog)
      .where(filter.adminUserId ? eq(adminAuditLog.adminUserId, filter.adminUserId) : undefined)
      .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
      .limit(AUDIT_VIEW_LIMIT),
    executor
      .select()
      .from(rateLimits)
      .orderBy(desc(rateLimits.lastAttempt))
      .limit(RATE_LIMIT_VIEW_LIMIT),
  ]);
  const bounded = (n: number | undefined) => Math.min(Number(n ?? 0), AUDIT_COUNT_LIMIT);
  return {
    counters: {
      totalLogs: bounded(total?.n),
      tentativasRecentes: Number(recentes?.n ?? 0),
      bloqueados: Number(bloqueados?.n ?? 0),
      eventosSensiveis: bounded(sensiveis?.n),
    },
    /** False past AUDIT_COUNT_LIMIT: the counter shows "mais de". */
    exatos: {
      totalLogs: Number(total?.n ?? 0) <= AUDIT_COUNT_LIMIT,
      tentativasRecentes: true,
      bloqueados: true,
      eventosSensiveis: Number(sensiveis?.n ?? 0) <= AUDIT_COUNT_LIMIT,
    },
    auditoria,
    limites: limites.map((row) => ({
      ...row,
      operacao: rateLimitLabel(row.operation),
      bloqueado: row.blockedUntil !== null && row.blockedUntil > at,
    })),
  };
}

/**
 * Each person's sign-ins over the last SIGN_IN_WINDOW_DAYS (off the action index): how many,
 * and the latest. The names are the accounts module's to give.
 */
export async function signInsByPerson(at: Date = now(), executor: Executor = db()) {
  const since = new Date(at.getTime() - SIGN_IN_WINDOW_DAYS * RECENT_WINDOW_MS);
  const rows = await executor
    .select({
      adminUserId: adminAuditLog.adminUserId,
      entradas: count(),
      ultima: max(adminAuditLog.createdAt),
    })
    .from(adminAuditLog)
    .where(
      and(
        eq(adminAuditLog.action, "successful_login"),
        gt(adminAuditLog.createdAt, since),
        isNotNull(adminAuditLog.adminUserId),
      ),
    )
    .groupBy(adminAuditLog.adminUserId)
    .orderBy(desc(max(adminAuditLog.createdAt)));
  return rows.map((r) => ({
    adminUserId: r.adminUserId!,
    entradas: Number(r.entradas),
    ultima: r.ultima ? new Date(r.ultima) : null,
  }));
}

/**
 * Clears a block (SPEC §4: an admin unblock clears blocked_until and the count). Only a row
 * blocked right now is touched: 'missing' when there is no such row, 'not_blocked' when it
 * is not blocked (nothing to undo, nothing audited).
 */
export async function unblockRateLimit(
  id: string,
  request: Request,
  adminUserId: string,
  at: Date = now(),
): Promise<"unblocked" | "not_blocked" | "missing"> {
  return transaction(async (tx) => {
    const row = await unblock(id, at, tx);
    if (!row) {
      const [exists] = await tx
        .select({ id: rateLimits.id })
        .from(rateLimits)
        .where(eq(rateLimits.id, id));
      return exists ? "not_blocked" : "missing";
    }
    await logAudit(
      {
        request,
        adminUserId,
        action: "rate_limit_unblock",
        resourceType: "rate_limits",
        resourceId: row.id,
        details: { operation: row.operation, identifier: row.identifier, security_event: true },
      },
      tx,
    );
    return "unblocked";
  });
}

/** Deletes audit entries older than 7 days; returns how many went. */
export async function cleanupOldAuditLogs(
  request: Request,
  adminUserId: string,
  at: Date = now(),
): Promise<number> {
  const cutoff = new Date(at.getTime() - CLEANUP_AGE_MS);
  return transaction(async (tx) => {
    const removed = await tx
      .delete(adminAuditLog)
      .where(lt(adminAuditLog.createdAt, cutoff))
      .returning({ id: adminAuditLog.id });
    await logAudit(
      {
        request,
        adminUserId,
        action: "audit_log_delete_old",
        resourceType: "admin_audit_log",
        details: {
          removidos: removed.length,
          anteriores_a: cutoff.toISOString(),
          security_event: true,
        },
      },
      tx,
    );
    return removed.length;
  });
}

/** One person's latest audit rows (what they did), for the team screen (decision 0067). */
export async function auditTrailOf(userId: string, limit = 30, executor: Executor = db()) {
  return executor
    .select({
      id: adminAuditLog.id,
      action: adminAuditLog.action,
      resourceType: adminAuditLog.resourceType,
      resourceId: adminAuditLog.resourceId,
      ipAddress: adminAuditLog.ipAddress,
      createdAt: adminAuditLog.createdAt,
    })
    .from(adminAuditLog)
    .where(eq(adminAuditLog.adminUserId, userId))
    .orderBy(desc(adminAuditLog.createdAt), desc(adminAuditLog.id))
    .limit(limit);
}
