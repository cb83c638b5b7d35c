import { describe, expect, it } from "vitest";
import { categorySlug, stockText, UUID_PATTERN } from "~/modules/catalog/listing";
import { isLowStock, LOW_STOCK_THRESHOLD } from "~/modules/catalog/stock-levels";

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
  it("says sold out, the last unit, the last few, or how many", () => {
    expect(stockText(0)).toBe("Produto esgotado");
    expect(stockText(-3)).toBe("Produto esgotado");
    expect(stockText(1)).toBe("Última unidade em estoque");
    expect(stockText(4)).toBe("Últimas 4 unidades em estoque");
    expect(stockText(12)).toBe("12 unidades em estoque");
  });
});

describe("category slug (?categoria=)", () => {
  it("is lower case, without accents, words joined by one hyphen", () => {
    expect(categorySlug("Medicamentos Veterinários")).toBe("medicamentos-veterinarios");
    expect(categorySlug("  Rações & Petiscos  ")).toBe("racoes-petiscos");
    expect(categorySlug("Aves / Pássaros")).toBe("aves-passaros");
    expect(categorySlug("---")).toBe("");
  });
});

describe("product ids", () => {
  it("are UUIDs, any case", () => {
    expect(UUID_PATTERN.test("123e4567-e89b-12d3-a456-426655440000")).toBe(true);
    expect(UUID_PATTERN.test("123E4567-E89B-12D3-A456-426655440000")).toBe(true);
    expect(UUID_PATTERN.test("123e4567e89b12d3a456426655440000")).toBe(false);
    expect(UUID_PATTERN.test("../etc/passwd")).toBe(false);
  });
});
