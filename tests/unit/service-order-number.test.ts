import { describe, expect, it } from "vitest";
import { serviceOrderNumber } from "~/modules/grooming/service-order-number";

describe("serviceOrderNumber", () => {
  it("is SRV plus the last 6 digits of the timestamp", () => {
    expect(serviceOrderNumber(1732240123456)).toBe("SRV123456");
    expect(serviceOrderNumber(1700000000001)).toBe("SRV000001");
    expect(serviceOrderNumber(42)).toBe("SRV000042");
  });

  it("uses the current time by default", () => {
    expect(serviceOrderNumber()).toMatch(/^SRV\d{6}$/);
  });
});
