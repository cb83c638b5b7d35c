import { describe, expect, it } from "vitest";
import { axisMargin, barHeights, niceMax, ticks } from "~/domain/chart";
import { formatBRL } from "~/domain/money";

describe("chart scale", () => {
  it("rounds the axis up to 1, 2, 2.5 or 5 times a power of ten", () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(16_590)).toBe(20_000);
    expect(niceMax(23_000)).toBe(25_000);
    expect(niceMax(50_000)).toBe(50_000);
    expect(niceMax(50_001)).toBe(100_000);
    expect(ticks(20_000)).toEqual([0, 5000, 10_000, 15_000, 20_000]);
  });

  it("scales bars to the height; a non-zero day is never invisible", () => {
    const { max, heights } = barHeights([0, 10, 10_000, 20_000], 200);
    expect(max).toBe(20_000);
    expect(heights).toEqual([0, 1, 100, 200]);
    // A quiet week keeps a readable axis (the floor): R$ 100,00 here.
    expect(barHeights([0, 0, 2500], 200, 10_000)).toEqual({ max: 10_000, heights: [0, 0, 50] });
  });

  it("leaves room on the left for the widest value of the axis", () => {
    const labels = ticks(2_000_000).map((v) => formatBRL(v));
    expect(labels.at(-1)).toBe("R$ 20.000,00");
    // 11 px glyphs of a sans-serif are at least 0.55 em wide on average: the label fits.
    expect(axisMargin(labels)).toBeGreaterThanOrEqual(Math.ceil(12 * 11 * 0.55) + 8);
    expect(axisMargin(["R$ 100,00"])).toBeLessThan(axisMargin(labels));
  });
});
