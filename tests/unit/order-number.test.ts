import { describe, expect, it } from "vitest";
import { isOrderNumber, orderNumber } from "~/modules/orders/number";

describe("order number (SPEC §9)", () => {
  it("is 'PED' + the millisecond timestamp + a random 0–999", () => {
    expect(orderNumber(1763812800123, () => 0)).toBe("PED1763812800123000");
    expect(orderNumber(1763812800123, () => 0.0421)).toBe("PED1763812800123042");
    expect(orderNumber(1763812800123, () => 0.9999999)).toBe("PED1763812800123999");
  });

  it("uses the current time and differs between calls", () => {
    const before = Date.now();
    const n = orderNumber();
    expect(isOrderNumber(n)).toBe(true);
    const ms = Number(n.slice(3, 16));
    expect(ms).toBeGreaterThanOrEqual(before);
    const many = new Set(Array.from({ length: 50 }, () => orderNumber(before)));
    expect(many.size).toBeGreaterThan(30);
  });

  it("recognises order numbers", () => {
    expect(isOrderNumber("PED1763812800123042")).toBe(true);
    expect(isOrderNumber("SRV123456")).toBe(false);
    expect(isOrderNumber("PED123")).toBe(false);
  });
});
