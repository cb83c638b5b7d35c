import { describe, expect, it } from "vitest";
import {
  centavosToDecimal,
  decimalToCentavos,
  discountPercent,
  formatBRL,
  parseBRL,
  percentOf,
} from "~/domain/money";
import { itMaps } from "../support/tables";

describe("money", () => {
  itMaps("parses Brazilian input %j as %i centavos", parseBRL, [
    ["1.234,56", 123456],
    ["12,90", 1290],
    ["12,9", 1290],
    ["R$ 5,00", 500],
    ["12", 1200],
    ["12.90", 1290],
    ["1.234", 123400],
    ["0,10", 10],
  ]);

  it.each(["", "abc", "1,2,3", "12.3.4,5"])("refuses %j as Brazilian input", (text) => {
    expect(parseBRL(text)).toBeNull();
  });

  itMaps("formats %i as %s (R$, two decimals, thousands dots)", formatBRL, [
    [123456, "R$ 1.234,56"],
    [5, "R$ 0,05"],
    [0, "R$ 0,00"],
    [100000000, "R$ 1.000.000,00"],
    [-1990, "R$ -19,90"],
  ]);

  it("adds exactly: '0,10' + '0,20' = '0,30'", () => {
    const sum = parseBRL("0,10")! + parseBRL("0,20")!;
    expect(formatBRL(sum)).toBe("R$ 0,30");
    expect(0.1 + 0.2).not.toBe(0.3); // the reason centavos are integers
  });

  it("round-trips parse and format", () => {
    for (const text of ["0,01", "9,99", "1.000,00", "12.345.678,90"]) {
      expect(formatBRL(parseBRL(text)!)).toBe(`R$ ${text}`);
    }
  });

  it("converts to and from the database's decimal text", () => {
    expect(centavosToDecimal(123456)).toBe("1234.56");
    expect(centavosToDecimal(7)).toBe("0.07");
    expect(decimalToCentavos("1234.56")).toBe(123456);
    expect(decimalToCentavos("40")).toBe(4000);
    expect(decimalToCentavos("40.5")).toBe(4050);
    expect(() => decimalToCentavos("x")).toThrow();
    expect(() => centavosToDecimal(1.5)).toThrow();
  });

  it("computes percentages rounded to the centavo", () => {
    expect(percentOf(10000, 10)).toBe(1000);
    expect(percentOf(1999, 10)).toBe(200); // 199.9 -> 200
    expect(percentOf(333, 33.33)).toBe(111);
  });

  it("gives the discount badge percent only for a real discount", () => {
    expect(discountPercent(21990, 18990)).toBe(14);
    expect(discountPercent(1000, 1000)).toBe(0);
    expect(discountPercent(null, 1000)).toBe(0);
    expect(discountPercent(900, 1000)).toBe(0);
  });
});
