// The attempt counters on the real database: consumeRateLimit counts every request in the
// window, lets the one that reaches the limit through and blocks the identifier, refuses
// (without counting) while blocked, and starts again once the window has passed.
import { describe, expect, it } from "vitest";
import { consumeRateLimit, refundAttempt, reserveAttempt } from "~/platform/rate-limits.server";
import { withTestDatabase } from "../setup/db";
import { rateLimitRow } from "../support/rows";

withTestDatabase();

const RULE = { max: 3, windowMs: 60_000, blockMs: 5 * 60_000 };
const at = (ms: number) => new Date(Date.UTC(2026, 10, 23, 12, 0, 0) + ms);

const row = (identifier: string) => rateLimitRow("form:contato", identifier);

describe("consumeRateLimit", () => {
  it("allows up to the limit, then refuses without counting while blocked", async () => {
    const results: boolean[] = [];
    for (let i = 0; i < 5; i++)
      results.push(await consumeRateLimit("form:contato", "a", RULE, at(i)));
    expect(results).toEqual([true, true, true, false, false]);
    const counter = await row("a");
    expect(counter?.attemptCount).toBe(3);
    expect(counter?.blockedUntil?.getTime()).toBe(at(2).getTime() + RULE.blockMs);
    expect(counter?.lastAttempt.getTime()).toBe(at(2).getTime());
  });

  it("counts again from one once the block and the window have passed", async () => {
    for (let i = 0; i < 3; i++) await consumeRateLimit("form:contato", "b", RULE, at(i));
    const later = at(2 + RULE.blockMs + 1);
    expect(await consumeRateLimit("form:contato", "b", RULE, later)).toBe(true);
    expect((await row("b"))?.attemptCount).toBe(1);
  });

  it("keeps identifiers and operations apart", async () => {
    for (let i = 0; i < 4; i++) await consumeRateLimit("form:contato", "c", RULE, at(i));
    expect(await consumeRateLimit("form:contato", "d", RULE, at(5))).toBe(true);
    expect(await consumeRateLimit("checkout", "c", RULE, at(5))).toBe(true);
  });

  it("blocks at the first attempt when the rule allows one", async () => {
    const once = { max: 1, windowMs: 60_000, blockMs: 60_000 };
    expect(await consumeRateLimit("form:contato", "e", once, at(0))).toBe(true);
    expect(await consumeRateLimit("form:contato", "e", once, at(1))).toBe(false);
  });
});

describe("reserveAttempt", () => {
  it("of 50 concurrent reservations exactly `max` go on, the last one says so, and the block is set", async () => {
    const results = await Promise.all(
      Array.from({ length: 50 }, () => reserveAttempt("form:contato", "rajada", RULE, at(0))),
    );
    expect(results.filter((r) => r.reserved)).toHaveLength(RULE.max);
    expect(results.filter((r) => r.last)).toHaveLength(1);
    const counter = await row("rajada");
    expect(counter?.attemptCount).toBe(RULE.max);
    expect(counter?.blockedUntil?.getTime()).toBe(at(0).getTime() + RULE.blockMs);
  });

  it("a refund gives the attempt back and lifts the block it set", async () => {
    for (let i = 0; i < RULE.max; i++) await reserveAttempt("form:contato", "r", RULE, at(i));
    expect((await reserveAttempt("form:contato", "r", RULE, at(5))).reserved).toBe(false);
    await refundAttempt("form:contato", "r", RULE);
    const counter = await row("r");
    expect(counter?.attemptCount).toBe(RULE.max - 1);
    expect(counter?.blockedUntil).toBeNull();
    expect(await reserveAttempt("form:contato", "r", RULE, at(6))).toEqual({
      reserved: true,
      last: true,
    });
  });
});
