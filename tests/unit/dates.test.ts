// Dates as the shop reads them: dd/MM/yyyy HH:mm in its time zone, and a coupon's last day
// ending at 23:59:59.999 there.
import { describe, expect, it } from "vitest";
import { formatDateTime, SHOP_TIME_ZONE, shopDay } from "~/domain/dates";
import { endOfShopDay, shopIsoString } from "~/domain/shop-time";

describe("shop dates", () => {
  it("the shop keeps Brasília time", () => {
    expect(SHOP_TIME_ZONE).toBe("America/Sao_Paulo");
  });

  it("formats dd/MM/yyyy HH:mm in the shop's zone", () => {
    expect(formatDateTime(new Date("2026-11-23T02:30:00Z"))).toBe("22/11/2026 23:30");
  });

  it("a day ends at 23:59:59.999 in the shop, 02:59:59.999 UTC the next day", () => {
    expect(endOfShopDay("2026-12-31").toISOString()).toBe("2027-01-01T02:59:59.999Z");
    expect(shopDay(endOfShopDay("2026-12-31"))).toBe("2026-12-31");
    expect(shopDay(new Date(endOfShopDay("2026-12-31").getTime() + 1))).toBe("2027-01-01");
  });

  it("writes an instant on the shop's clock with its offset", () => {
    expect(shopIsoString(new Date("2026-11-23T02:30:00.250Z"))).toBe(
      "2026-11-22T23:30:00.250-03:00",
    );
  });
});
