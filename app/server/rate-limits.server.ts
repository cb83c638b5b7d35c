// Attempt counters in the `rate_limits` table (operation + identifier), shared by every
// app instance. Used for the admin login lockout and for the public forms.
import { and, eq, sql } from "drizzle-orm";
import { db, type Executor, queryRows } from "./db/client.server";
import { type RateLimit, rateLimits } from "./db/schema";

export interface RateLimitRule {
  /** Attempts allowed inside the window; the attempt that reaches it blocks. */
  max: number;
  windowMs: number;
  /** How long the identifier stays blocked once it reaches `max`. */
  blockMs: number;
}

export async function isBlocked(
  operation: string,
  identifier: string,
  now = new Date(),
  executor: Executor = db(),
): Promise<Date | null> {
  const [row] = await executor
    .select({ blockedUntil: rateLimits.blockedUntil })
    .from(rateLimits)
    .where(and(eq(rateLimits.operation, operation), eq(rateLimits.identifier, identifier)));
  return row?.blockedUntil && row.blockedUntil > now ? row.blockedUntil : null;
}

/** Counts one attempt atomically (one upsert) and blocks when the count reaches `max`. */
export async function registerAttempt(
  operation: string,
  identifier: string,
  rule: RateLimitRule,
  now = new Date(),
  executor: Executor = db(),
): Promise<RateLimit> {
  const windowStart = new Date(now.getTime() - rule.windowMs);
  const blockUntil = new Date(now.getTime() + rule.blockMs);
  const expired = sql`${rateLimits.firstAttempt} < ${windowStart.toISOString()}::timestamptz`;
  const nextCount = sql`case when ${expired} then 1 else ${rateLimits.attemptCount} + 1 end`;
  const [row] = await executor
    .insert(rateLimits)
    .values({
      operation,
      identifier,
      attemptCount: 1,
      firstAttempt: now,
      lastAttempt: now,
      blockedUntil: rule.max <= 1 ? blockUntil : null,
    })
    .onConflictDoUpdate({
      target: [rateLimits.operation, rateLimits.identifier],
      set: {
        attemptCount: nextCount,
        firstAttempt: sql`case when ${expired} then ${now.toISOString()}::timestamptz else ${rateLimits.firstAttempt} end`,
        lastAttempt: now,
        blockedUntil: sql`case when ${nextCount} >= ${rule.max} then ${blockUntil.toISOString()}::timestamptz else ${rateLimits.blockedUntil} end`,
      },
    })
    .returning();
  return row!;
}

/** A success clears the counter (e.g. a correct login for that e-mail). */
export async function resetAttempts(
  operation: string,
  identifier: string,
  executor: Executor = db(),
): Promise<void> {
  await executor
    .delete(rateLimits)
    .where(and(eq(rateLimits.operation, operation), eq(rateLimits.identifier, identifier)));
}

/**
 * For endpoints where every request counts (public forms, checkout): refuses when blocked,
 * otherwise counts this request. Returns true when the request may go on. One statement
 * (one round trip on the busiest path, the checkout): the upsert runs only when the
 * identifier is not blocked, exactly as `isBlocked` then `registerAttempt` would.
 */
export async function consumeRateLimit(
  operation: string,
  identifier: string,
  rule: RateLimitRule,
  now = new Date(),
  executor: Executor = db(),
): Promise<boolean> {
  const at = now.toISOString();
  const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
  const blockUntil = new Date(now.getTime() + rule.blockMs).toISOString();
  const expired = sql`rate_limits.first_attempt < ${windowStart}::timestamptz`;
  const nextCount = sql`case when ${expired} then 1 else rate_limits.attempt_count + 1 end`;
  const rows = await queryRows<{ attempt_count: number | null }>(
    executor,
    sql`with blocked as (
          select 1 from rate_limits
          where operation = ${operation} and identifier = ${identifier}
            and blocked_until > ${at}::timestamptz
        ), counted as (
          insert into rate_limits
            (operation, identifier, attempt_count, first_attempt, last_attempt, blocked_until)
          select ${operation}, ${identifier}, 1, ${at}::timestamptz, ${at}::timestamptz,
            ${rule.max <= 1 ? blockUntil : null}::timestamptz
          where not exists (select 1 from blocked)
          on conflict (operation, identifier) do update set
            attempt_count = ${nextCount},
            first_attempt = case when ${expired} then ${at}::timestamptz
              else rate_limits.first_attempt end,
            last_attempt = ${at}::timestamptz,
            blocked_until = case when ${nextCount} >= ${rule.max} then ${blockUntil}::timestamptz
              else rate_limits.blocked_until end
          returning attempt_count
        )
        select (select attempt_count from counted) as attempt_count`,
  );
  const count = rows[0]?.attempt_count;
  return count !== null && count !== undefined && count <= rule.max;
}

/** Admin unblock: clears blocked_until and the counter. */
export async function unblock(
  id: string,
  executor: Executor = db(),
): Promise<RateLimit | undefined> {
  const [row] = await executor
    .update(rateLimits)
    .set({ blockedUntil: null, attemptCount: 0 })
    .where(eq(rateLimits.id, id))
    .returning();
  return row;
}
