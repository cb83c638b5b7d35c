import { describe, expect, it } from "vitest";
import { availableUnits } from "~/modules/catalog/stock-levels";

describe("available units", () => {
  it("are the stock of a product on sale, none when off sale or sold out", () => {
    expect(availableUnits({ ativo: true, estoque: 7 })).toBe(7);
    expect(availableUnits({ ativo: false, estoque: 7 })).toBe(0);
    expect(availableUnits({ ativo: true, estoque: 0 })).toBe(0);
    expect(availableUnits({ ativo: true, estoque: -2 })).toBe(0);
  });
});
