// The store's search that forgives (issue 25, point 1): typos, missing accents, word
// prefixes, synonyms, plurals, SKU and EAN, its ranking, and "Você quis dizer" when nothing
// is found. Runs on PGlite and, with DATABASE_URL, on PostgreSQL.
import { eq, sql } from "drizzle-orm";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { StoreEmpty } from "~/components/loja/store-listing";
import { productSearchText, STORE_SORTS, storeListingQuery } from "~/modules/catalog";
import { listStoreProducts } from "~/modules/catalog/index.server";
import { variantes } from "~/modules/catalog/testing.server";
import { db, runSql } from "~/platform/db/client.server";
import { loader as storeLoader } from "~/routes/loja";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { insertProduct } from "../support/factories";
import { call } from "../support/routes";

const ctx = withTestDatabase();

/** A product in the first demo category, its search text written as the admin writes it. */
async function fixture(fields: {
  nome: string;
  descricaoCurta?: string;
  sku?: string;
  ean?: string;
  vendidos?: number;
}) {
  const { nome, descricaoCurta = null, sku, ean, vendidos } = fields;
  const variantSku = sku ?? `T-${nome.slice(0, 6).toUpperCase()}-${Math.random().toFixed(6)}`;
  const product = await insertProduct({
    nome,
    descricaoCurta,
    sku: variantSku,
    busca: productSearchText({
      nome,
      descricaoCurta,
      sku: variantSku,
      variantes: [{ sku: variantSku, ean: ean ?? null }],
    }),
  });
  if (ean) await db().update(variantes).set({ ean }).where(eq(variantes.id, product.id));
  if (vendidos !== undefined) {
    await runSql(db(), "update produtos_resumo set vendidos = $1 where produto_id = $2", [
      vendidos,
      product.id,
    ]);
  }
  return product;
}

async function names(q: string): Promise<string[]> {
  const list = await listStoreProducts({ q });
  return list.produtos.map((p) => p.nome);
}

beforeAll(async () => {
  await truncateAll(ctx.database);
  await seedDatabase({ images: false });
});

describe("store search that forgives", () => {
  it("finds through a typo, first", async () => {
    expect((await names("bravekto"))[0]).toBe("Antipulgas Bravecto Cães de 10 a 20 kg");
    expect((await names("BRAVEKTO"))[0]).toBe("Antipulgas Bravecto Cães de 10 a 20 kg");
  });

  it("finds without accents, first", async () => {
    const found = await names("racao golden");
    expect(found[0]).toBe("Ração Golden Special Cães Adultos Frango e Carne 15 kg");
    const racao = await names("racao");
    expect(racao.length).toBeGreaterThanOrEqual(4);
    // Every product named Ração comes before those that only say "alimento" (a synonym).
    const firstOther = racao.findIndex((n) => !n.startsWith("Ração"));
    const lastRacao = racao.findLastIndex((n) => n.startsWith("Ração"));
    if (firstOther >= 0) expect(lastRacao).toBeLessThan(firstOther);
  });

  it("finds a word by its start, first", async () => {
    const found = await names("peit");
    expect(found[0]).toMatch(/^Peitoral/);
    expect(found.every((n) => /peitoral/i.test(n))).toBe(true);
  });

  it("forgives a typo in one word of several, and a word typed without vowels", async () => {
    expect((await names("racao goldem"))[0]).toBe(
      "Ração Golden Special Cães Adultos Frango e Carne 15 kg",
    );
    expect((await names("racao gldn"))[0]).toBe(
      "Ração Golden Special Cães Adultos Frango e Carne 15 kg",
    );
  });

  it("finds by a synonym, first", async () => {
    // "pulgas" finds "antipulgas" (the Seresto collar is inactive in the demo).
    expect((await names("pulgas"))[0]).toBe("Antipulgas Bravecto Cães de 10 a 20 kg");
    // "cachorro" finds the products that say "cães".
    const dogs = await names("cachorro");
    expect(dogs).toContain("Antipulgas Bravecto Cães de 10 a 20 kg");
    expect(dogs).toContain("Ração Golden Special Cães Adultos Frango e Carne 15 kg");
  });

  it("finds a plural's singular, and a short word only at the start of a word", async () => {
    expect(await names("gaiolas")).toEqual(["Gaiola para Calopsita Pintada nº 3"]);
    expect(await names("ossos")).toEqual(["Osso Nó Natural Bovino com 2 unidades"]);
    // "cão" finds dogs' products, never every "ração" for cats.
    const dog = await names("cão");
    expect(dog).toContain("Antipulgas Bravecto Cães de 10 a 20 kg");
    expect(dog).not.toContain("Ração Premier Gatos Castrados Salmão 1,5 kg");
  });

  it("finds a variant by its EAN and by its SKU, first, and opens the page on it", async () => {
    const scanned = await fixture({ nome: "Sal Mineral Bovinos 25 kg", ean: "7891234567895" });
    await fixture({ nome: "Sal Mineral Equinos 25 kg" });
    expect((await names("7891234567895"))[0]).toBe("Sal Mineral Bovinos 25 kg");
    const bySku = await fixture({ nome: "Cocho Plástico 40 L", sku: "CCH-PL-40" });
    expect((await names("cch-pl-40"))[0]).toBe("Cocho Plástico 40 L");
    // A pack of the demo ração, by its own code: the listing shows its product.
    expect((await names("RAC-QUAT-AD-15"))[0]).toBe(
      "Ração Quatree Supreme Cães Adultos Raças Médias e Grandes",
    );
    // /loja sends a whole code to the product page, on that variant.
    for (const [q, product, sku] of [
      ["7891234567895", scanned.id, scanned.sku!],
      ["cch-pl-40", bySku.id, "CCH-PL-40"],
    ] as const) {
      const result = await call(storeLoader, makeRequest(`/loja?q=${q}`));
      expect(result.response?.headers.get("location")).toBe(
        `/loja/produto/${product}?v=${encodeURIComponent(sku)}`,
      );
    }
    const pack = await call(storeLoader, makeRequest("/loja?q=rac-quat-ad-15"));
    expect(pack.response?.headers.get("location")).toMatch(/\?v=RAC-QUAT-AD-15$/);
    // Part of a code is a search, not a product page.
    expect((await call(storeLoader, makeRequest("/loja?q=cch-pl"))).status).toBe(200);
  });

  it("ranks an exact SKU above a description mention, then the name above the description", async () => {
    // The description's product sells more: the code still comes first.
    await fixture({
      nome: "Kit Bebedouro Automático",
      descricaoCurta: "Compatível com a boia TRK-404 e similares",
      vendidos: 500,
    });
    await fixture({ nome: "Boia de Reposição", sku: "TRK-404", vendidos: 1 });
    expect(await names("trk-404")).toEqual(["Boia de Reposição", "Kit Bebedouro Automático"]);
    await fixture({
      nome: "Comedouro Duplo Inox",
      descricaoCurta: "Acompanha tapete bebedouro antiderrapante",
      vendidos: 900,
    });
    const bebedouro = await names("bebedouro");
    expect(bebedouro.indexOf("Kit Bebedouro Automático")).toBeLessThan(
      bebedouro.indexOf("Comedouro Duplo Inox"),
    );
  });

  it("breaks ties by best-selling", async () => {
    await fixture({ nome: "Mangueira Jardim Trançada 10 m", vendidos: 3 });
    await fixture({ nome: "Mangueira Jardim Trançada 20 m", vendidos: 40 });
    await fixture({ nome: "Mangueira Jardim Trançada 30 m", vendidos: 12 });
    expect(await names("mangueira trancada")).toEqual([
      "Mangueira Jardim Trançada 20 m",
      "Mangueira Jardim Trançada 30 m",
      "Mangueira Jardim Trançada 10 m",
    ]);
  });

  it("a search sorted by price orders by the variant prices, with a unit's 'retire hoje'", async () => {
    // Every order but relevance (which is a search's own).
    for (const { value: ordem } of STORE_SORTS.filter((s) => s.value !== "relevancia")) {
      const list = await listStoreProducts({ q: "racao", ordem, unidade: "meia-praia" });
      expect(list.total, ordem).toBeGreaterThan(1);
    }
    const cheap = await listStoreProducts({ q: "racao", ordem: "menor-preco" });
    const prices = cheap.produtos.map((p) => p.precoAtual);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    // The Quatree's cheapest pack (R$ 32,90) is its price in the sort.
    expect(cheap.produtos.find((p) => p.nome.startsWith("Ração Quatree"))?.precoAtual).toBe(3290);
  });

  it("the typo pass is served by the trigram index's operator at the connection's threshold", async () => {
    const [row] = await runSql<{ limiar: string }>(
      db(),
      "select current_setting('pg_trgm.word_similarity_threshold') as limiar",
      [],
    );
    expect(Number(row!.limiar)).toBe(0.5);
  });

  it("a search with no result suggests the closest term and shows the categories", async () => {
    const empty = await listStoreProducts({ q: "racao golgen" });
    expect(empty.total).toBe(0);
    expect(empty.sugestao).toBe("racao golden");
    // Never a suggestion that finds nothing: Drontal is for dogs, "drontal gatos" finds none.
    expect((await listStoreProducts({ q: "drontall gatoz" })).sugestao).toBeNull();
    const result = await call(storeLoader, makeRequest("/loja?q=racao%20golgen"));
    expect(result.data.produtos).toEqual([]);
    expect(result.data.sugestao).toBe("racao golden");
    expect(result.data.categorias.length).toBeGreaterThan(3);
    const html = renderToStaticMarkup(
      createElement(
        MemoryRouter,
        null,
        createElement(StoreEmpty, {
          query: storeListingQuery(new URLSearchParams("q=racao golgen")),
          sugestao: result.data.sugestao,
          categorias: result.data.categorias,
        }),
      ),
    );
    expect(html).toContain("Você quis dizer");
    expect(html).toContain("q=racao+golden");
    expect(html).toContain("Rações");
    expect(html).toContain("Aquarismo");
  });

  it("treats the search's text as words, never as patterns", async () => {
    for (const q of ["%", "_", "\\", ".*", "(", "[a", "' or 1=1 --"]) {
      const list = await listStoreProducts({ q });
      expect(list.total, q).toBe(0);
    }
    // Six words at most count: a pasted paragraph still answers.
    const long = await listStoreProducts({ q: "racao ".repeat(40) });
    expect(long.total).toBeGreaterThan(0);
    expect(await db().execute(sql`select 1`)).toBeTruthy();
  });
});
