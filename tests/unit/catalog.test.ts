import { describe, expect, it } from "vitest";
import { categorySlug, stockText, UUID_PATTERN } from "~/modules/catalog/listing";
import { isLowStock, LOW_STOCK_THRESHOLD } from "~/modules/catalog/stock-levels";
import { itMaps } from "../support/tables";

describe("low stock (SPEC §9)", () => {
  it("is from 1 up to the threshold; sold out is not low", () => {
    expect(isLowStock(0)).toBe(false);
    expect(isLowStock(-1)).toBe(false);
    expect(isLowStock(1)).toBe(true);
    expect(isLowStock(LOW_STOCK_THRESHOLD)).toBe(true);
    expect(isLowStock(LOW_STOCK_THRESHOLD + 1)).toBe(false);
  });
});

describe("the product page's stock line", () => {
  itMaps("says sold out, the last unit, the last few, or how many: %i -> %s", stockText, [
    [0, "Produto esgotado"],
    [-3, "Produto esgotado"],
    [1, "Última unidade em estoque"],
    [4, "Últimas 4 unidades em estoque"],
    [12, "12 unidades em estoque"],
  ]);
});

describe("category slug (?categoria=)", () => {
  itMaps("is lower case, without accents, words joined by one hyphen: %j -> %j", categorySlug, [
    ["Medicamentos Veterinários", "medicamentos-veterinarios"],
    ["  Rações & Petiscos  ", "racoes-petiscos"],
    ["Aves / Pássaros", "aves-passaros"],
    ["---", ""],
  ]);
});

describe("product ids", () => {
  it("are UUIDs, any case", () => {
    expect(UUID_PATTERN.test("123e4567-e89b-12d3-a456-426655440000")).toBe(true);
    expect(UUID_PATTERN.test("123E4567-E89B-12D3-A456-426655440000")).toBe(true);
    expect(UUID_PATTERN.test("123e4567e89b12d3a456426655440000")).toBe(false);
    expect(UUID_PATTERN.test("../etc/passwd")).toBe(false);
  });
});
