import { describe, expect, it } from "vitest";
import {
  isVowelless,
  normalizeSearch,
  productSearchText,
  searchWords,
  trigramSimilarity,
  trigramsOf,
  wordForms,
} from "~/modules/catalog/search";

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

describe("words of a search", () => {
  it("are normalised, six at most", () => {
    expect(searchWords("  Ração   GOLDEN ")).toEqual(["racao", "golden"]);
    expect(searchWords("a b c d e f g h")).toEqual(["a", "b", "c", "d", "e", "f"]);
    expect(searchWords(null)).toEqual([]);
  });

  it("take their singular and a measure written apart", () => {
    expect(wordForms("racoes")).toEqual(["racoes", "racao"]);
    expect(wordForms("caes")).toEqual(["caes", "cao"]);
    expect(wordForms("animais")).toEqual(["animais", "animal"]);
    expect(wordForms("gaiolas")).toEqual(["gaiolas", "gaiola"]);
    expect(wordForms("flores")).toEqual(["flores", "flor"]);
    expect(wordForms("15kg")).toEqual(["15kg", "15 kg"]);
    expect(wordForms("1,5kg")).toEqual(["1,5kg", "1,5 kg"]);
    // Not plurals, or too short to tell.
    expect(wordForms("mais")).toEqual(["mais"]);
    expect(wordForms("tres")).toEqual(["tres"]);
    expect(wordForms("peit")).toEqual(["peit"]);
    expect(wordForms("ossos")).toEqual(["ossos", "osso"]);
  });

  it("are cut at 32 letters each (a hostile word costs no more than a long code)", () => {
    const [long] = searchWords("x".repeat(100));
    expect(long).toHaveLength(32);
    expect(searchWords(`${"ab ".repeat(3)}${"c".repeat(40)}`)).toEqual([
      "ab",
      "ab",
      "ab",
      "c".repeat(32),
    ]);
  });

  it("take the plurals a singular is no start of", () => {
    expect(wordForms("racao")).toEqual(["racao", "racoes", "racaes"]);
    expect(wordForms("cao")).toEqual(["cao", "coes", "caes"]);
    expect(wordForms("animal")).toEqual(["animal", "animais"]);
    expect(wordForms("coleira")).toEqual(["coleira"]);
  });

  it("compare words by trigrams as pg_trgm does", () => {
    expect(trigramSimilarity(trigramsOf("bravekto"), trigramsOf("bravecto"))).toBeCloseTo(0.5);
    expect(trigramSimilarity(trigramsOf("golden"), trigramsOf("golden"))).toBe(1);
    // "coleira" is not "color" (issue 39: it brought fish food).
    expect(trigramSimilarity(trigramsOf("coleira"), trigramsOf("color"))).toBeLessThan(0.3);
  });

  it("tell a word typed without vowels", () => {
    expect(isVowelless("gldn")).toBe(true);
    expect(isVowelless("rc")).toBe(false);
    expect(isVowelless("golden")).toBe(false);
    expect(isVowelless("15kg")).toBe(false);
  });
});
