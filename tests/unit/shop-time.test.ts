import { describe, expect, it } from "vitest";
import * as shopTime from "~/domain/shop-time";

describe("shop calendar (America/Sao_Paulo)", () => {
  it("starts a day at local midnight (UTC-3 since 2019)", () => {
    expect(shopTime.shopOffsetMinutes(new Date("2026-11-22T12:00:00Z"))).toBe(-180);
    expect(shopTime.shopDayStart("2026-11-22").toISOString()).toBe("2026-11-22T03:00:00.000Z");
    const range = shopTime.shopDayRange(new Date("2026-11-23T02:59:59Z"));
    expect(range.day).toBe("2026-11-22");
    expect(range.end.toISOString()).toBe("2026-11-23T03:00:00.000Z");
  });

  it("handles daylight saving time when Brazil had it", () => {
    // 2018-11-04: clocks jumped from 00:00 to 01:00, so the day began at 01:00 (-02:00).
    expect(shopTime.shopDayStart("2018-11-04").toISOString()).toBe("2018-11-04T03:00:00.000Z");
    expect(shopTime.shopDayStart("2018-11-05").toISOString()).toBe("2018-11-05T02:00:00.000Z");
    // 2019-02-17: clocks went back from 00:00 to 23:00 of the 16th.
    expect(shopTime.shopDayStart("2019-02-16").toISOString()).toBe("2019-02-16T02:00:00.000Z");
    expect(shopTime.shopDayStart("2019-02-17").toISOString()).toBe("2019-02-17T03:00:00.000Z");
  });

  it("months and the last 7 days", () => {
    const month = shopTime.shopMonthRange(new Date("2026-12-01T02:00:00Z")); // still 30 Nov locally
    expect(month.start.toISOString()).toBe("2026-11-01T03:00:00.000Z");
    expect(month.end.toISOString()).toBe("2026-12-01T03:00:00.000Z");
    expect(shopTime.lastShopDays(new Date("2026-03-02T12:00:00Z"), 7)).toEqual([
      "2026-02-24",
      "2026-02-25",
      "2026-02-26",
      "2026-02-27",
      "2026-02-28",
      "2026-03-01",
      "2026-03-02",
    ]);
    expect(shopTime.addDays("2026-12-31", 1)).toBe("2027-01-01");
  });
});
