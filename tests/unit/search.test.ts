import { describe, expect, it } from "vitest";
import { normalizeSearch, productSearchText } from "~/modules/catalog/search";

describe("search text", () => {
  it("is lower case, without accents, with single spaces", () => {
    expect(normalizeSearch("Rações")).toBe("racoes");
    expect(normalizeSearch("  Coleira   ANTIPULGAS\tCão ")).toBe("coleira antipulgas cao");
    expect(normalizeSearch(null)).toBe("");
    expect(normalizeSearch(undefined)).toBe("");
  });

  it("of a product is its name, short description and SKU, whichever it has", () => {
    expect(
      productSearchText({ nome: "Ração Golden", descricaoCurta: "Cães Adultos", sku: "RG-15" }),
    ).toBe("racao golden caes adultos rg-15");
    expect(productSearchText({ nome: "Petisco", descricaoCurta: null, sku: null })).toBe("petisco");
    expect(productSearchText({ nome: "Areia", sku: "AR1" })).toBe("areia ar1");
  });
});
