import crypto from "node:crypto";
import { eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { listAdminProducts } from "~/modules/catalog/index.server";
import { categorias, produtos, variantes } from "~/modules/catalog/testing.server";
import { bairrosEntrega } from "~/modules/delivery/testing.server";
import { estoque } from "~/modules/inventory/testing.server";
import { cupons } from "~/modules/promotions/testing.server";
import { getSettings } from "~/modules/shop/index.server";
import { configuracoes, unidades } from "~/modules/shop/testing.server";
import {
  databaseReady,
  insertRows,
  openDatabase,
  queryRows,
  runSql,
  transaction,
} from "~/platform/db/client.server";
import { demoProducts } from "~/startup/demo-data.server";
import { seedDatabase } from "~/startup/seed.server";
import { withTestDatabase } from "../setup/db";

const ctx = withTestDatabase();

async function counts() {
  const db = ctx.database.db;
  const n = async (table: string) =>
    (await queryRows<{ n: number }>(db, sql.raw(`select count(*)::int as n from ${table}`)))[0]!.n;
  return {
    categorias: await n("categorias"),
    produtos: await n("produtos"),
    cupons: await n("cupons"),
    bairros: await n("bairros_entrega"),
    configuracoes: await n("configuracoes"),
  };
}

describe("database", () => {
  it("is ready for traffic only once it answers with every migration applied", async () => {
    expect(await databaseReady(ctx.database)).toBe(true);
    expect(await databaseReady(undefined)).toBe(false);
    const empty = await openDatabase({});
    try {
      expect(await databaseReady(empty)).toBe(false);
    } finally {
      await empty.close();
    }
    // A fresh in-memory PGlite starts a WASM Postgres: on a loaded 2-core CI machine, running
    // beside the PostgreSQL suite, that alone has taken over 30 s.
  }, 120_000);

  it("runs every connection without JIT compilation (PostgreSQL compiled long-estimated queries for longer than they ran) and with random reads priced as the memory they come from", async () => {
    // Every connection of the pool, not only the first: the settings go in at connect.
    const rows = await Promise.all(
      Array.from({ length: 4 }, () =>
        queryRows<{ jit: string; page: string }>(
          ctx.database.db,
          sql`select current_setting('jit') as jit, current_setting('random_page_cost') as page`,
        ),
      ),
    );
    for (const [row] of rows) expect(row).toEqual({ jit: "off", page: "1.1" });
  });

  it("applies the migrations to an empty database", async () => {
    const result = await queryRows<{ table_name: string }>(
      ctx.database.db,
      sql`select table_name from information_schema.tables where table_schema = 'public' order by 1`,
    );
    const tables = result.map((r) => r.table_name);
    for (const table of [
      "produtos",
      "categorias",
      "cupons",
      "pedidos",
      "itens_pedido",
      "pedidos_servicos",
      "curriculos",
      "admin_audit_log",
      "rate_limits",
      "configuracoes",
      "bairros_entrega",
      "usuarios",
      "sessoes",
      "webhook_entregas",
    ]) {
      expect(tables).toContain(table);
    }
  });

  it("seeds a realistic catalogue, and seeding twice changes nothing", async () => {
    const first = await seedDatabase();
    expect(first.seeded).toBe(true);
    const before = await counts();
    expect(before.categorias).toBe(9);
    expect(before.produtos).toBeGreaterThanOrEqual(24);
    expect(before.produtos).toBe((await demoProducts()).length);
    expect(before.cupons).toBe(2);
    expect(before.bairros).toBeGreaterThanOrEqual(6);

    const second = await seedDatabase();
    expect(second.seeded).toBe(false);
    expect(await counts()).toEqual(before);

    // Prices and availability come from each product's variants and stock per unit.
    const { products: all } = await listAdminProducts({ pageSize: 500 });
    expect(all).toHaveLength(before.produtos);
    // Packs and sizes: a ração in 1, 3 and 15 kg ("a partir de"), a harness in P/M/G.
    expect(all.some((p) => p.variacoes === 3 && p.precoMax > p.precoAtual)).toBe(true);
    expect(all.filter((p) => p.variacoes > 1)).toHaveLength(2);
    expect(all.filter((p) => p.estoque > 0 && p.estoque <= 5).length).toBeGreaterThanOrEqual(3);
    expect(all.some((p) => !p.ativo)).toBe(true);
    expect(all.some((p) => p.estoque === 0)).toBe(true);
    expect(all.some((p) => p.precoAntes !== null && p.precoAntes > p.precoAtual)).toBe(true);
    expect(all.every((p) => p.imagemUrl?.startsWith("/uploads/produtos/"))).toBe(true);
    // Issue 27, point 7: each pack and size of a product with options has its own picture.
    const withOptions = await ctx.database.db
      .select({ sku: variantes.sku, imagemUrl: variantes.imagemUrl })
      .from(variantes)
      .where(isNotNull(variantes.opcao1));
    expect(withOptions).toHaveLength(6);
    const pictures = withOptions.map((v) => v.imagemUrl);
    expect(pictures.every((url) => url?.startsWith("/uploads/produtos/"))).toBe(true);
    expect(new Set(pictures).size).toBe(6);
    expect(pictures).not.toContain(all.find((p) => p.variacoes === 3)?.imagemUrl);
    const tipos = (await ctx.database.db.select().from(cupons)).map((c) => c.tipo).sort();
    expect(tipos).toEqual(["percentual", "valor"]);

    // What the shop removed stays removed at the next start.
    await ctx.database.db.delete(bairrosEntrega).where(eq(bairrosEntrega.nome, "Ilhota"));
    await ctx.database.db.delete(cupons).where(eq(cupons.codigo, "FRETE5"));
    await seedDatabase();
    expect(await counts()).toEqual({
      ...before,
      bairros: before.bairros - 1,
      cupons: before.cupons - 1,
    });
    await seedDatabase(); // and a re-run is still a no-op
  });

  it("keeps the spec's settings defaults", async () => {
    const settings = await getSettings();
    expect(settings.webhookAtivo).toBe(true);
    expect(settings.whatsappAtivo).toBe(false);
    expect(settings.pixManualAtivo).toBe(false);
    expect(settings.taxaEntregaPadrao).toBe(0);
    expect(settings.freteGratisMinimo).toBe(4000);
    const rows = await ctx.database.db.select().from(configuracoes);
    expect(rows).toHaveLength(1);
  });

  it("stores money exactly and refuses what the data cannot hold", async () => {
    const db = ctx.database.db;
    const [categoria] = await db.select().from(categorias).limit(1);
    const [p] = await db
      .insert(produtos)
      .values({ nome: "Teste", categoriaId: categoria!.id, sku: "TESTE-1" })
      .returning();
    await db
      .insert(variantes)
      .values({ id: p!.id, produtoId: p!.id, sku: "TESTE-1", preco: 1234567 });
    const [back] = await db.select().from(variantes).where(eq(variantes.id, p!.id));
    expect(back!.preco).toBe(1234567);

    // A variant's SKU is unique across the shop, whatever its product.
    const [other] = await db
      .insert(produtos)
      .values({ nome: "Dup", categoriaId: categoria!.id })
      .returning();
    await expect(
      db.insert(variantes).values({ produtoId: other!.id, sku: "TESTE-1", preco: 100 }),
    ).rejects.toThrow();
    // Stock never goes below zero. A counter sale may leave fewer in hand than online orders
    // reserved (decision 0089): the reservation stays and nothing is available to sell.
    const [unidade] = await db.select().from(unidades).limit(1);
    const stock = { varianteId: p!.id, unidadeId: unidade!.id };
    await expect(db.insert(estoque).values({ ...stock, emMaos: -1 })).rejects.toThrow();
    await expect(
      db.insert(estoque).values({ ...stock, emMaos: 2, reservado: -1 }),
    ).rejects.toThrow();
    await db.insert(estoque).values({ ...stock, emMaos: 2, reservado: 3 });
    const [short] = await db.select().from(estoque).where(eq(estoque.varianteId, p!.id));
    expect(short).toMatchObject({ emMaos: 2, reservado: 3, disponivel: 0 });
    await db.update(estoque).set({ emMaos: 5, reservado: 2 }).where(eq(estoque.varianteId, p!.id));
    const [figures] = await db.select().from(estoque).where(eq(estoque.varianteId, p!.id));
    expect(figures).toMatchObject({ emMaos: 5, reservado: 2, disponivel: 3 });
    await expect(
      db.insert(cupons).values({ codigo: "minusculo", tipo: "valor", valor: 100 }),
    ).rejects.toThrow();
    await expect(
      db.insert(cupons).values({ codigo: "X", tipo: "percentual", valor: 15000 }),
    ).rejects.toThrow();
  });

  it("runs SQL text on the driver, named statements again with new values, inside a transaction too", async () => {
    const db = ctx.database.db;
    const [categoria] = await db.select().from(categorias).limit(1);
    const produtoId = crypto.randomUUID();
    await db.insert(produtos).values({ ...SQL_PRODUCT, id: produtoId, categoriaId: categoria!.id });
    // A money column (numeric) written and read back through runSql, as the import does.
    const row = (sku: string, custo: number) => ({
      ...SQL_VARIANT,
      id: crypto.randomUUID(),
      produtoId,
      sku,
      rotulo: sku,
      opcao1: sku,
      custo,
    });
    // The same name twice on the pool, then inside a transaction that rolls back.
    for (const [sku, custo] of [
      ["SQL-1", 1990],
      ["SQL-2", 5],
    ] as const) {
      const insert = insertRows(variantes, [row(sku, custo)]);
      await runSql(db, insert.text, insert.values, "teste_insere_variante");
    }
    const read = "select sku, custo from variantes where sku like $1 order by sku";
    expect(await runSql(db, read, ["SQL-%"], "teste_le_variantes")).toEqual([
      { sku: "SQL-1", custo: "19.90" },
      { sku: "SQL-2", custo: "0.05" },
    ]);
    await expect(
      transaction(async (tx) => {
        const insert = insertRows(variantes, [row("SQL-3", 100)]);
        await runSql(tx, insert.text, insert.values, "teste_insere_variante");
        expect(await runSql(tx, read, ["SQL-3"], "teste_le_variantes")).toHaveLength(1);
        throw new Error("desfaz");
      }),
    ).rejects.toThrow("desfaz");
    expect(await runSql(db, read, ["SQL-3"])).toEqual([]);
    const [back] = await db.select().from(variantes).where(eq(variantes.sku, "SQL-1"));
    expect(back).toMatchObject({ produtoId, custo: 1990, preco: 2500, ncm: null });
  });
});

const SQL_VARIANT = {
  ean: null,
  opcao2: null,
  opcao3: null,
  preco: 2500,
  precoAntes: null,
  pesoG: null,
  custoMedio: null,
  ncm: null,
  imagemUrl: null,
  ativo: true,
  posicao: 0,
  createdAt: new Date(),
  updatedAt: new Date(),
};

const SQL_PRODUCT = {
  nome: "Produto SQL",
  descricaoCurta: null,
  opcoes: [],
  marca: null,
  subgrupo: null,
  unidade: "UN",
  ativo: true,
  imagemUrl: null,
  busca: "produto sql",
  especies: [],
  excluidoEm: null,
  createdAt: new Date(),
  updatedAt: new Date(),
};
