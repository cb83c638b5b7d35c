// The admin's product list (/admin/loja?view=produtos) with the store's search (typos,
// synonyms, SKU and EAN first) and the "sem estoque", "sem imagem" and "inativo" filters,
// combined, with their counts and bounded pages.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productSearchText } from "~/modules/catalog";
import { listAdminProducts, MAX_ADMIN_PRODUCT_PAGES } from "~/modules/catalog/index.server";
import { db } from "~/platform/db/client.server";
import { loader } from "~/routes/admin/loja";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { giveEan } from "../support/ean";
import { insertProduct } from "../support/factories";
import { call } from "../support/routes";
import { seededShopWithAdmin } from "../support/seeded-shop";

const ctx = withTestDatabase();
let token: string;

/** A product tagged "Xq" (so the tests count only their own), searchable as the admin writes it. */
async function product(nome: string, values: Parameters<typeof insertProduct>[0] = {}) {
  const sku = values.sku ?? `XQ-${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  return insertProduct({
    nome: `Xq ${nome}`,
    sku,
    busca: productSearchText({
      nome: `Xq ${nome}`,
      descricaoCurta: values.descricaoCurta,
      sku,
    }),
    ...values,
  });
}

interface Listed {
  names: string[];
  total: number;
  data: {
    produtos: {
      products: { estoque: number; imagemUrl: string | null }[];
      filters: Record<string, unknown> & { page: number };
    };
  };
}

async function listed(query: string): Promise<Listed> {
  const { status, data } = await call(
    loader,
    makeRequest(`/admin/loja?view=produtos&${query}`, { token }),
  );
  expect(status).toBe(200);
  return {
    names: data.produtos.products.map((p: { nome: string }) => p.nome),
    total: data.produtos.total,
    data,
  };
}

beforeAll(async () => {
  ({ token } = await seededShopWithAdmin(ctx.database));
  await product("Ração Sem Estoque", { estoque: 0 });
  await product("Ração Com Foto", { imagemUrl: "/uploads/produtos/xq-800.webp" });
  await product("Ração Inativa", { ativo: false });
  await product("Ração Inativa Sem Estoque", { ativo: false, estoque: 0 });
  const scanned = await product("Bebedouro Código", { sku: "XQ-BEB-1" });
  await giveEan(scanned, "XQ-BEB-1", "7899999000013");
  await product("Kit Bebedouros", { descricaoCurta: "Compatível com XQ-BEB-1" });
});

describe("admin product list: the store's search", () => {
  it("forgives a typo and finds by synonym, like the store", async () => {
    expect((await listed("q=bravekto")).names[0]).toBe("Antipulgas Bravecto Cães de 10 a 20 kg");
    expect((await listed("q=pulgas")).names).toContain("Antipulgas Bravecto Cães de 10 a 20 kg");
    // The admin sees inactive products too: the demo's Seresto collar.
    expect((await listed("q=pulgas")).names).toContain("Coleira Antipulgas Seresto Cães até 8 kg");
  });

  it("puts an exact SKU or EAN first, above a description that mentions it", async () => {
    expect((await listed("q=xq-beb-1")).names).toEqual([
      "Xq Bebedouro Código",
      "Xq Kit Bebedouros",
    ]);
    expect((await listed("q=7899999000013")).names).toEqual(["Xq Bebedouro Código"]);
  });
});

describe("admin product list: filters", () => {
  it("'sem estoque', 'sem imagem' and 'inativo', alone and together, with the search", async () => {
    expect((await listed("q=xq%20racao&sem_estoque=1")).names.sort()).toEqual([
      "Xq Ração Inativa Sem Estoque",
      "Xq Ração Sem Estoque",
    ]);
    expect((await listed("q=xq%20racao&inativo=1")).names.sort()).toEqual([
      "Xq Ração Inativa",
      "Xq Ração Inativa Sem Estoque",
    ]);
    expect((await listed("q=xq%20racao&inativo=1&sem_estoque=1")).names).toEqual([
      "Xq Ração Inativa Sem Estoque",
    ]);
    const semImagem = await listed("q=xq%20racao&sem_imagem=1");
    expect(semImagem.names).not.toContain("Xq Ração Com Foto");
    expect(semImagem.total).toBe(3);
    // Across the whole shop: every product listed matches.
    const all = await listed("sem_estoque=1&sem_imagem=1");
    expect(all.total).toBeGreaterThanOrEqual(3);
    for (const p of all.data.produtos.products) {
      expect(p.estoque).toBe(0);
      expect(p.imagemUrl).toBeNull();
    }
    const inativos = await listAdminProducts({ inativo: true });
    expect(inativos.products.every((p) => !p.ativo)).toBe(true);
    // The filters come back to the form.
    const { data } = await listed("sem_estoque=1&sem_imagem=1&inativo=1");
    expect(data.produtos.filters).toMatchObject({
      semEstoque: true,
      semImagem: true,
      inativo: true,
      estoqueBaixo: false,
    });
  });

  it("pages are bounded: a page past the bound answers the last one it allows", async () => {
    for (let i = 0; i < 7; i++) await product(`Paginado ${i}`);
    const first = await listAdminProducts({ q: "xq paginado", pageSize: 3 });
    expect(first.total).toBe(7);
    expect(first.products).toHaveLength(3);
    const third = await listAdminProducts({ q: "xq paginado", pageSize: 3, page: 3 });
    expect(third.products).toHaveLength(1);
    const far = await listed("q=xq%20paginado&pagina=999999");
    expect(far.data.produtos.filters.page).toBe(MAX_ADMIN_PRODUCT_PAGES);
    expect(far.names).toEqual([]);
    expect(far.total).toBe(7);
  });

  it("counts only as far as the pages reach, then says 'mais de'; newest first without a search", async () => {
    const base = await product("Contado 0");
    // As many more as there are pages, at once, the newest of the list, each a minute older
    // than the one before.
    await db().execute(
      sql`insert into produtos (nome, categoria_id, busca, created_at)
        select 'Xq Contado ' || i, ${base.categoriaId}::uuid, 'xq contado ' || i,
          now() + interval '1 day' - i * interval '1 minute'
        from generate_series(1, ${MAX_ADMIN_PRODUCT_PAGES}::int) i`,
    );
    // One per page: the pages reach all but one.
    const bounded = await listAdminProducts({ q: "xq contado", pageSize: 1 });
    expect(bounded).toMatchObject({ total: MAX_ADMIN_PRODUCT_PAGES, totalExato: false });
    const page = await listed("q=xq%20contado");
    expect(page.total).toBe(MAX_ADMIN_PRODUCT_PAGES + 1);
    const newest = await listAdminProducts({ pageSize: 3 });
    expect(newest.products.map((p) => p.nome)).toEqual([
      "Xq Contado 1",
      "Xq Contado 2",
      "Xq Contado 3",
    ]);
  });
});
