// Suggestions while typing (/loja/sugestoes, issue 25 point 3): what the route answers, how
// long it may be kept, and that it never shows what the store does not sell.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { productSearchText } from "~/modules/catalog";
import { categorias } from "~/modules/catalog/testing.server";
import { db, runSql } from "~/platform/db/client.server";
import { loader } from "~/routes/loja/sugestoes";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { giveEan } from "../support/ean";
import { insertProduct } from "../support/factories";

const ctx = withTestDatabase();

interface Answer {
  sugestoes: {
    tipo: "produto" | "categoria";
    nome: string;
    href: string;
    imagem?: string | null;
    preco?: number;
    aPartirDe?: boolean;
  }[];
}

async function suggest(q: string): Promise<{ response: Response; body: Answer }> {
  const response = (await loader({
    request: makeRequest(`/loja/sugestoes?q=${encodeURIComponent(q)}`),
    params: {},
    context: {},
  } as never)) as Response;
  return { response, body: (await response.json()) as Answer };
}

async function product(nome: string, values: Parameters<typeof insertProduct>[0] = {}) {
  return insertProduct({ nome, busca: productSearchText({ nome }), ...values });
}

beforeAll(async () => {
  await truncateAll(ctx.database);
  await seedDatabase({ images: false });
});

describe("/loja/sugestoes", () => {
  it("answers products with picture, price and link, then categories, publicly for a minute", async () => {
    const { response, body } = await suggest("racao");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=60");
    expect(response.headers.get("content-type")).toContain("application/json");
    expect(body.sugestoes.length).toBeGreaterThan(2);
    expect(body.sugestoes.length).toBeLessThanOrEqual(8);
    const products = body.sugestoes.filter((s) => s.tipo === "produto");
    expect(products.every((s) => /^\/loja\/produto\/[0-9a-f-]{36}$/.test(s.href))).toBe(true);
    expect(products.every((s) => Number.isInteger(s.preco) && s.preco! > 0)).toBe(true);
    // The Quatree ração comes in three packs: "a partir de" its cheapest, R$ 32,90.
    const quatree = products.find((s) => s.nome.startsWith("Ração Quatree"));
    expect(quatree).toMatchObject({ preco: 3290, aPartirDe: true });
    const golden = products.find((s) => s.nome.startsWith("Ração Golden"));
    expect(golden).toMatchObject({ preco: 18990, aPartirDe: false });
    // "racao" names the category Rações: after the products.
    const last = body.sugestoes.at(-1)!;
    expect(last).toEqual({ tipo: "categoria", nome: "Rações", href: "/loja?categoria=racoes" });
  });

  it("forgives a typo and a word typed in part", async () => {
    expect((await suggest("bravekt")).body.sugestoes[0]?.nome).toBe(
      "Antipulgas Bravecto Cães de 10 a 20 kg",
    );
    expect((await suggest("racao gol")).body.sugestoes[0]?.nome).toBe(
      "Ração Golden Special Cães Adultos Frango e Carne 15 kg",
    );
  });

  it("gives at most 8, none for a letter, and the thumbnail of a picture", async () => {
    for (let i = 0; i < 12; i++) {
      await product(`Comedouro Sugestão ${i}`, {
        imagemUrl: `/uploads/produtos/c${i}-800.webp`,
      });
    }
    const { body } = await suggest("comedouro sugestao");
    expect(body.sugestoes).toHaveLength(8);
    expect(body.sugestoes[0]!.imagem).toMatch(/^\/uploads\/produtos\/c\d+-200\.webp$/);
    expect((await suggest("c")).body.sugestoes).toEqual([]);
    expect((await suggest("")).body.sugestoes).toEqual([]);
  });

  it("opens a product found by its EAN on that variant", async () => {
    const p = await product("Bebedouro Nipple Aves", { sku: "BEB-NIP-01" });
    await giveEan(p, "BEB-NIP-01", "7890000000017");
    const { body } = await suggest("7890000000017");
    expect(body.sugestoes[0]).toMatchObject({
      nome: "Bebedouro Nipple Aves",
      href: `/loja/produto/${p.id}?v=BEB-NIP-01`,
    });
  });

  it("never suggests an inactive, deleted or sold-out product, nor one of an inactive category", async () => {
    await product("Escova Sugerida Ativa");
    await product("Escova Sugerida Inativa", { ativo: false });
    await product("Escova Sugerida Excluída", { ativo: false, excluidoEm: new Date() });
    await product("Escova Sugerida Esgotada", { estoque: 0 });
    const [hidden] = await db()
      .insert(categorias)
      .values({ nome: "Escovas Ocultas", ativo: false })
      .returning();
    await product("Escova Sugerida Categoria Oculta", { categoriaId: hidden!.id });
    const { body } = await suggest("escova sugerida");
    expect(body.sugestoes.map((s) => s.nome)).toEqual(["Escova Sugerida Ativa"]);
    // The inactive category is not suggested either.
    expect((await suggest("escovas ocultas")).body.sugestoes).toEqual([]);
    // A category switched off after a search was kept: the next answer leaves it out.
    const [shown] = await db()
      .insert(categorias)
      .values({ nome: "Escovas Visíveis", ativo: true })
      .returning();
    await product("Escova Sugerida Visível", { categoriaId: shown!.id });
    expect((await suggest("escova sugerida visivel")).body.sugestoes[0]?.nome).toBe(
      "Escova Sugerida Visível",
    );
    await db().update(categorias).set({ ativo: false }).where(eq(categorias.id, shown!.id));
    expect((await suggest("escova sugerida visivel")).body.sugestoes).toEqual([]);
  });

  it("a failure answers 503 that nobody keeps", async () => {
    await runSql(db(), "alter table produtos_resumo rename to produtos_resumo_fora", []);
    try {
      const { response, body } = await suggest("racao bem nova");
      expect(response.status).toBe(503);
      expect(response.headers.get("cache-control")).not.toContain("public");
      expect(body.sugestoes).toEqual([]);
    } finally {
      await runSql(db(), "alter table produtos_resumo_fora rename to produtos_resumo", []);
    }
  });
});
