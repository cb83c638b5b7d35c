// /loja's address: every filter a plain parameter, one URL per listing, junk ignored.
import { describe, expect, it } from "vitest";
import { isFilteredListing, storeListingHref, storeListingQuery } from "~/modules/catalog";

const query = (s: string) => storeListingQuery(new URLSearchParams(s));

describe("storeListingQuery", () => {
  it("reads every filter, and orders by relevance only with a search", () => {
    expect(
      query(
        "q=ração&categoria=racoes&marca=Golden&especie=gatos&preco_min=10&preco_max=90&promocao=1&esgotados=1&unidade=meia-praia&ordem=menor-preco&pagina=3",
      ),
    ).toEqual({
      q: "ração",
      categoria: "racoes",
      marca: "Golden",
      especie: "gatos",
      precoMin: 10,
      precoMax: 90,
      promocao: true,
      esgotados: true,
      unidade: "meia-praia",
      ordem: "menor-preco",
      pagina: 3,
    });
    expect(query("").ordem).toBe("a-z");
    expect(query("q=racao").ordem).toBe("relevancia");
    expect(query("ordem=relevancia").ordem).toBe("a-z");
  });

  it("ignores what it does not know and bounds numbers", () => {
    const q = query(
      "especie=dragoes&ordem=barato&preco_min=-5&preco_max=1e9&pagina=abc&promocao=sim",
    );
    expect(q).toMatchObject({
      especie: "",
      ordem: "a-z",
      precoMin: null,
      precoMax: null,
      pagina: 1,
      promocao: false,
    });
    expect(query(`q=${"x".repeat(500)}`).q).toHaveLength(100);
    expect(query("pagina=99999999").pagina).toBe(10_000);
    // A range typed backwards is the same range.
    expect(query("preco_min=90&preco_max=10")).toMatchObject({ precoMin: 10, precoMax: 90 });
  });
});

describe("storeListingHref", () => {
  it("writes one URL per listing: defaults left out, fixed order, a new filter back to page 1", () => {
    const q = query("ordem=a-z&marca=Golden&pagina=4");
    expect(storeListingHref(q)).toBe("/loja?marca=Golden");
    expect(storeListingHref(q, { pagina: 5 })).toBe("/loja?marca=Golden&pagina=5");
    expect(storeListingHref(q, { especie: "caes" })).toBe("/loja?marca=Golden&especie=caes");
    expect(storeListingHref(q, { marca: "" })).toBe("/loja");
    expect(storeListingHref(query("q=racao&ordem=menor-preco"), { promocao: true })).toBe(
      "/loja?q=racao&promocao=1&ordem=menor-preco",
    );
    // Relevance is the default with a search, and means nothing without one.
    expect(storeListingHref(query("q=racao"))).toBe("/loja?q=racao");
    expect(storeListingHref(query("q=racao"), { q: "" })).toBe("/loja");
  });

  it("knows when a listing is narrowed", () => {
    expect(isFilteredListing(query("ordem=menor-preco&pagina=2"))).toBe(false);
    expect(isFilteredListing(query("promocao=1"))).toBe(true);
  });
});
