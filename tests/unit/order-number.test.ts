import { describe, expect, it } from "vitest";
import { isOrderNumber, normalizeOrderNumber, orderNumber } from "~/modules/orders/number";
import { nextOrderNumber } from "../support/factories";

describe("order number (decision 0058)", () => {
  it("is 'PED' + 8 digits, the first never 0: 11 characters to read aloud and type", () => {
    expect(orderNumber(() => 0)).toBe("PED10000000");
    expect(orderNumber(() => 0.5)).toBe("PED55000000");
    expect(orderNumber(() => 0.9999999999)).toBe("PED99999999");
    const many = Array.from({ length: 200 }, () => orderNumber());
    expect(many.every((n) => /^PED[1-9]\d{7}$/.test(n) && isOrderNumber(n))).toBe(true);
    expect(new Set(many).size).toBeGreaterThan(195);
  });

  it("recognises both formats: the new one and the first 19-character one", () => {
    expect(isOrderNumber("PED48217730")).toBe(true);
    expect(isOrderNumber("PED1763812800123042")).toBe(true);
    // The test factories' numbers (PED + ms + 3 digits) are of the first format.
    expect(isOrderNumber(nextOrderNumber(Date.now()))).toBe(true);
    expect(isOrderNumber("PED08217730")).toBe(false);
    expect(isOrderNumber("SRV123456")).toBe(false);
    expect(isOrderNumber("PED123")).toBe(false);
  });

  it("reads a number typed with or without 'PED', spaces or dashes", () => {
    for (const typed of [
      "PED48217730",
      "ped48217730",
      "48217730",
      "PED 4821-7730",
      " 4821 7730 ",
    ]) {
      expect(normalizeOrderNumber(typed), typed).toBe("PED48217730");
    }
    expect(normalizeOrderNumber("1763812800123042")).toBe("PED1763812800123042");
    expect(normalizeOrderNumber("PED-1763-8128-0012-3042")).toBe("PED1763812800123042");
    expect(normalizeOrderNumber("4821773")).toBeNull();
    expect(normalizeOrderNumber("PED4821773X")).toBeNull();
    expect(normalizeOrderNumber("")).toBeNull();
  });
});
