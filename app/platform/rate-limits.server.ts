// Attempt counters in the `rate_limits` table (operation + identifier), shared by every
// app instance: the admin login lockout, the checkout, coupon guesses and the public forms.
// The engine only: each module declares its operations, rules and pt-BR names in its manifest
// (`rateLimits`, decision 0062), read here through the registered modules.
import { and, eq, gt, sql } from "drizzle-orm";
import { db, type Executor, runSql } from "~/platform/db/client.server";
import {
  type RateLimitDefinition,
  type RateLimitRule,
  registeredModules,
} from "~/platform/module.server";
import { requestInfo } from "~/platform/request-info.server";
import { type RateLimit, rateLimits } from "./tables.server";

/**
 * The rule of an operation, as the module that counts it declares it in its manifest
 * (`rateLimits`). An operation no module declares is a programming error.
 */
export function rateLimitRule(operation: string): RateLimitRule {
  const found = declaredLimit(operation);
  if (!found) throw new Error(`Limite de tentativas não declarado: ${operation}`);
  return found.rule;
}

/** The pt-BR name of an operation; a name no longer counted shows as stored. */
export function rateLimitLabel(operation: string): string {
  return declaredLimit(operation)?.label ?? operation;
}

/** Every declared operation, in the registry's order (the security screen lists them). */
export function declaredRateLimits(): RateLimitDefinition[] {
  return registeredModules().flatMap((m) => m.rateLimits ?? []);
}

function declaredLimit(operation: string): RateLimitDefinition | undefined {
  for (const m of registeredModules()) {
    const found = m.rateLimits?.find((limit) => limit.operation === operation);
    if (found) return found;
  }
  return undefined;
}

/** An operation's stored name (`rate_limits.operation`), declared by a module's manifest. */
type RateLimitOperation = string;

/** What every counting call takes: what is counted for whom, under which rule, when, where. */
type Counting = [
  operation: RateLimitOperation,
  identifier: string,
  rule: RateLimitRule,
  now?: Date,
  executor?: Executor,
];

/** The rule's window as of `now`: attempts before `windowStart` no longer count. */
function windowOf(rule: RateLimitRule, now: Date) {
  return {
    at: now.toISOString(),
    windowStart: new Date(now.getTime() - rule.windowMs).toISOString(),
    blockUntil: new Date(now.getTime() + rule.blockMs),
  };
}

/** The counter's row of an operation for one identifier. */
const counterOf = (operation: RateLimitOperation, identifier: string) =>
  and(eq(rateLimits.operation, operation), eq(rateLimits.identifier, identifier));

/**
 * The one counting upsert. A first attempt inserts the row; a later one adds to it (or
 * starts a new window) and sets the block when the count reaches `max`. With `onlyWhenFree`
 * an identifier still blocked is left untouched and no row comes back.
 */
async function countAttempt(
  onlyWhenFree: boolean,
  ...[operation, identifier, rule, now = new Date(), executor = db()]: Counting
): Promise<RateLimit | undefined> {
  const { at, windowStart, blockUntil } = windowOf(rule, now);
  const expired = sql`${rateLimits.firstAttempt} < ${windowStart}::timestamptz`;
  const nextCount = sql`case when ${expired} then 1 else ${rateLimits.attemptCount} + 1 end`;
  // Below the limit a reservation (which only counts free identifiers) has no block to
  // keep; a plain count keeps whatever block the row has.
  const blockBelowMax = onlyWhenFree ? sql`null` : sql`${rateLimits.blockedUntil}`;
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
        firstAttempt: sql`case when ${expired} then ${at}::timestamptz else ${rateLimits.firstAttempt} end`,
        lastAttempt: now,
        blockedUntil: sql`case when ${nextCount} >= ${rule.max} then ${blockUntil.toISOString()}::timestamptz else ${blockBelowMax} end`,
      },
      setWhere: onlyWhenFree
        ? sql`${rateLimits.blockedUntil} is null or ${rateLimits.blockedUntil} <= ${at}::timestamptz`
        : undefined,
    })
    .returning();
  return row;
}

/** Counts one attempt atomically (one upsert) and blocks when the count reaches `max`. */
export async function registerAttempt(...counting: Counting): Promise<RateLimit> {
  return (await countAttempt(false, ...counting))!;
}

export interface Reservation {
  /** False when the identifier is blocked: the attempt must not go on. */
  reserved: boolean;
  /** This attempt took the last one allowed: if it fails, the identifier is now blocked. */
  last: boolean;
}

/**
 * Counts an attempt before it is made, in one conditional upsert: the row is locked while it
 * is counted, and an identifier already blocked is left untouched (no row comes back). Of N
 * concurrent attempts, exactly the ones that fit in the rule go on, like checkout's stock
 * reservation. The attempt that reaches `max` sets the block at once; `refundAttempt` gives
 * the attempt back when it succeeds.
 */
export async function reserveAttempt(...counting: Counting): Promise<Reservation> {
  const rule = counting[2];
  const row = await countAttempt(true, ...counting);
  if (!row || row.attemptCount > rule.max) return { reserved: false, last: false };
  return { reserved: true, last: row.attemptCount >= rule.max };
}

/**
 * Gives back an attempt counted by `reserveAttempt` that turned out fine (a right password
 * seen from a shared IP): one less in the count, and the block it may have set is lifted.
 */
export async function refundAttempt(
  operation: RateLimitOperation,
  identifier: string,
  rule: RateLimitRule,
  executor: Executor = db(),
): Promise<void> {
  await executor
    .update(rateLimits)
    .set({
      attemptCount: sql`greatest(${rateLimits.attemptCount} - 1, 0)`,
      blockedUntil: sql`case when ${rateLimits.attemptCount} - 1 < ${rule.max} then null else ${rateLimits.blockedUntil} end`,
    })
    .where(counterOf(operation, identifier));
}

/** A success clears the counter (e.g. a correct login for that e-mail). */
export async function resetAttempts(
  operation: RateLimitOperation,
  identifier: string,
  executor: Executor = db(),
): Promise<void> {
  await executor.delete(rateLimits).where(counterOf(operation, identifier));
}

/**
 * $1 operation, $2 identifier, $3 now, $4 window start, $5 blocked until on a first attempt
 * (a rule of one), $6 the rule's max, $7 blocked until. A function (migration 0010): it runs
 * on every checkout, and its plan is kept for the session.
 */
const CONSUME =
  "select agropet_consome_limite($1, $2, $3::timestamptz, $4::timestamptz, $5::timestamptz, $6::int, $7::timestamptz) as attempt_count";

/**
 * For endpoints where every request counts (public forms, checkout): refuses when blocked,
 * otherwise counts this request. Returns true when the request may go on. One statement
 * (one round trip on the busiest path, the checkout): the upsert runs only when the
 * identifier is not blocked, exactly as reading the block then `registerAttempt` would.
 */
export async function consumeRateLimit(
  ...[operation, identifier, rule, now = new Date(), executor = db()]: Counting
): Promise<boolean> {
  const { at, windowStart, blockUntil } = windowOf(rule, now);
  const until = blockUntil.toISOString();
  const rows = await runSql<{ attempt_count: number | null }>(
    executor,
    CONSUME,
    [operation, identifier, at, windowStart, rule.max <= 1 ? until : null, rule.max, until],
    "limite_consome",
  );
  const count = rows[0]?.attempt_count;
  return count !== null && count !== undefined && count <= rule.max;
}

/** Admin unblock of a row blocked at `now`: clears blocked_until and the counter. */
export async function unblock(
  id: string,
  now = new Date(),
  executor: Executor = db(),
): Promise<RateLimit | undefined> {
  const [row] = await executor
    .update(rateLimits)
    .set({ blockedUntil: null, attemptCount: 0 })
    .where(and(eq(rateLimits.id, id), gt(rateLimits.blockedUntil, now)))
    .returning();
  return row;
}

/** The public forms, each counted per client IP as operation 'form:<name>'. */
export type PublicForm = "orcamento" | "curriculo" | "curriculoTentativa" | "contato";

function publicFormOperation(form: PublicForm) {
  return `form:${form}` as const;
}

/** Counts this submission; false when the IP has sent too many and must wait. */
export async function allowPublicForm(form: PublicForm, request: Request): Promise<boolean> {
  const operation = publicFormOperation(form);
  return consumeRateLimit(operation, requestInfo(request).ip, rateLimitRule(operation));
}
