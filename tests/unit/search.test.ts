import { describe, expect, it } from "vitest";
import * as search from "~/modules/catalog/search";

describe("search text", () => {
  it("is lower case, without accents, with single spaces", () => {
    expect(search.normalizeSearch("Rações")).toBe("racoes");
    expect(search.normalizeSearch("  Coleira   ANTIPULGAS\tCão ")).toBe("coleira antipulgas cao");
    expect(search.normalizeSearch(null)).toBe("");
    expect(search.normalizeSearch(undefined)).toBe("");
  });

  it("of a product is its name, short description and SKU, whichever it has", () => {
    expect(
      search.productSearchText({
        nome: "Ração Golden",
        descricaoCurta: "Cães Adultos",
        sku: "RG-15",
      }),
    ).toBe("racao golden caes adultos rg-15");
    expect(search.productSearchText({ nome: "Petisco", descricaoCurta: null, sku: null })).toBe(
      "petisco",
    );
    expect(search.productSearchText({ nome: "Areia", sku: "AR1" })).toBe("areia ar1");
  });
});

describe("words of a search", () => {
  it("are normalised, six at most", () => {
    expect(search.searchWords("  Ração   GOLDEN ")).toEqual(["racao", "golden"]);
    expect(search.searchWords("a b c d e f g h")).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(search.searchWords(null)).toEqual([]);
  });

  it("take their singular and a measure written apart", () => {
    expect(search.wordForms("racoes")).toEqual(["racoes", "racao"]);
    expect(search.wordForms("caes")).toEqual(["caes", "cao"]);
    expect(search.wordForms("animais")).toEqual(["animais", "animal"]);
    expect(search.wordForms("gaiolas")).toEqual(["gaiolas", "gaiola"]);
    expect(search.wordForms("flores")).toEqual(["flores", "flor"]);
    expect(search.wordForms("15kg")).toEqual(["15kg", "15 kg"]);
    expect(search.wordForms("1,5kg")).toEqual(["1,5kg", "1,5 kg"]);
    // Not plurals, or too short to tell.
    expect(search.wordForms("mais")).toEqual(["mais"]);
    expect(search.wordForms("tres")).toEqual(["tres"]);
    expect(search.wordForms("peit")).toEqual(["peit"]);
    expect(search.wordForms("ossos")).toEqual(["ossos", "osso"]);
  });

  it("are cut at 32 letters each (a hostile word costs no more than a long code)", () => {
    const [long] = search.searchWords("x".repeat(100));
    expect(long).toHaveLength(32);
    expect(search.searchWords(`${"ab ".repeat(3)}${"c".repeat(40)}`)).toEqual([
      "ab",
      "ab",
      "ab",
      "c".repeat(32),
    ]);
  });

  it("take the plurals a singular is no start of", () => {
    expect(search.wordForms("racao")).toEqual(["racao", "racoes", "racaes"]);
    expect(search.wordForms("cao")).toEqual(["cao", "coes", "caes"]);
    expect(search.wordForms("animal")).toEqual(["animal", "animais"]);
    expect(search.wordForms("coleira")).toEqual(["coleira"]);
  });

  it("compare words by trigrams as pg_trgm does", () => {
    expect(
      search.trigramSimilarity(search.trigramsOf("bravekto"), search.trigramsOf("bravecto")),
    ).toBeCloseTo(0.5);
    expect(search.trigramSimilarity(search.trigramsOf("golden"), search.trigramsOf("golden"))).toBe(
      1,
    );
    // "coleira" is not "color" (issue 39: it brought fish food).
    expect(
      search.trigramSimilarity(search.trigramsOf("coleira"), search.trigramsOf("color")),
    ).toBeLessThan(0.3);
  });

  it("tell a word typed without vowels", () => {
    expect(search.isVowelless("gldn")).toBe(true);
    expect(search.isVowelless("rc")).toBe(false);
    expect(search.isVowelless("golden")).toBe(false);
    expect(search.isVowelless("15kg")).toBe(false);
  });
});
