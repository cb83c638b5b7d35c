// The catalog module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import * as col from "../../platform/db/columns.server";

export const categorias = pgTable(
  "categorias",
  {
    id: col.id(),
    nome: pg.text("nome").notNull(),
    descricao: pg.text("descricao"),
    ativo: col.ativo(),
    createdAt: col.createdAt(),
  },
  (t) => [pg.uniqueIndex("categorias_nome_lower_idx").on(sql`lower(${t.nome})`)],
);

export const produtos = pgTable(
  "produtos",
  {
    id: col.id(),
    nome: pg.text("nome").notNull(),
    descricaoCurta: pg.text("descricao_curta"),
    categoriaId: col.linkedTo("categoria_id", () => categorias.id, "restrict").notNull(),
    /** The product's code (sku_produto in the import); each variant has its own SKU. */
    sku: pg.text("sku"),
    /** Up to 3 options (Peso, Cor, Tamanho) with their values in order; [] = one variant. */
    opcoes: pg.jsonb("opcoes").$type<OpcaoProduto[]>().notNull().default(sql`'[]'::jsonb`),
    marca: pg.text("marca"),
    subgrupo: pg.text("subgrupo"),
    unidade: pg.text("unidade").notNull().default("UN"),
    ativo: col.ativo(),
    imagemUrl: pg.text("imagem_url"),
    /** Lower-case, accent-free copy of nome, descricao_curta and sku, for search. */
    busca: pg.text("busca").notNull().default(""),
    /** Lower-case, accent-free name: search ranks a match here above one in busca. */
    nomeBusca: pg
      .text("nome_busca")
      .notNull()
      .generatedAlwaysAs(
        sql`btrim(regexp_replace(translate(lower(nome), 'áàâãäåéèêëíìîïóòôõöúùûüçñý', 'aaaaaaeeeeiiiiooooouuuucny'), '[[:space:]]+', ' ', 'g'))`,
      ),
    /** The species it is for (caes, gatos, aves…): set from its words by a trigger (migration 0007). */
    especies: pg.text("especies").array().notNull().default(sql`'{}'::text[]`),
    /** Soft delete: a product that appears in past orders is kept for them. */
    excluidoEm: col.timestamptz("excluido_em"),
    ...col.timestamps(),
  },
  (t) => [
    pg.uniqueIndex("produtos_sku_idx").on(t.sku),
    pg.index("produtos_loja_idx").on(t.ativo, t.nome),
    // Newest first as the lists ask (DESC is NULLS FIRST; Drizzle's default would be LAST and
    // the planner would sort the table instead), ties by id (migration 0015).
    col.newestFirstIndex("produtos_created_at_idx", t),
    pg.index("produtos_categoria_idx").on(t.categoriaId),
    // The store's and the stock screen's name order, ties by id: a deep page walks it
    // (migration 0015).
    pg.index("produtos_nome_lower_idx").on(sql`lower(${t.nome})`, t.id),
    // Typo-tolerant and substring search (pg_trgm, migration 0007).
    pg.index("produtos_busca_trgm_idx").using("gin", sql`${t.busca} gin_trgm_ops`),
    pg.index("produtos_marca_idx").on(t.marca),
    // The hub's "produtos ativos": counted from this index, not by reading the catalogue
    // (migration 0016).
    pg.index("produtos_ativos_idx").on(t.id).where(sql`${t.excluidoEm} is null and ${t.ativo}`),
  ],
);

/** One option of a product and its values, in the order the store shows them. */
export interface OpcaoProduto {
  nome: string;
  valores: string[];
}

/**
 * What is sold: every product has at least one variant; a product without options has one
 * default variant whose id is the product's id (so old links and carts keep working).
 */
export const variantes = pgTable(
  "variantes",
  {
    id: col.id(),
    produtoId: col.ownedBy("produto_id", () => produtos.id),
    sku: pg.text("sku").notNull(),
    ean: pg.text("ean"),
    /** "15 kg", "P / Azul"; empty for a product's only variant. */
    rotulo: pg.text("rotulo").notNull().default(""),
    opcao1: pg.text("opcao1"),
    opcao2: pg.text("opcao2"),
    opcao3: pg.text("opcao3"),
    preco: col.money("preco").notNull(),
    precoAntes: col.money("preco_antes"),
    pesoG: pg.integer("peso_g"),
    /**
     * What one unit of this pack size costs the shop (a 15 kg bag costs more than a 1 kg one;
     * issue 44): typed in the admin or the import, or the last supplier invoice's cost.
     */
    custo: col.money("custo"),
    /** Weighted average cost of the units received from supplier invoices (issue 44). */
    custoMedio: col.money("custo_medio"),
    /** The fiscal classification (NCM), 8 digits, as the supplier's invoice carries it. */
    ncm: pg.text("ncm"),
    imagemUrl: pg.text("imagem_url"),
    ativo: col.ativo(),
    posicao: pg.integer("posicao").notNull().default(0),
    ...col.timestamps(),
  },
  (t) => [
    pg.uniqueIndex("variantes_sku_idx").on(t.sku),
    pg.uniqueIndex("variantes_ean_idx").on(t.ean),
    // The search's "whole SKU typed" test compares lower(sku) (migration 0015).
    pg.index("variantes_sku_lower_idx").on(sql`lower(${t.sku})`),
    pg
      .uniqueIndex("variantes_combinacao_idx")
      .on(
        t.produtoId,
        sql`coalesce(${t.opcao1}, '')`,
        sql`coalesce(${t.opcao2}, '')`,
        sql`coalesce(${t.opcao3}, '')`,
      ),
    pg.index("variantes_produto_idx").on(t.produtoId, t.posicao),
    pg.check("variantes_preco_check", sql`${t.preco} >= 0`),
    pg.check("variantes_custo_check", sql`${t.custo} is null or ${t.custo} >= 0`),
    pg.check("variantes_custo_medio_check", sql`${t.custoMedio} is null or ${t.custoMedio} >= 0`),
    pg.check("variantes_ncm_check", sql`${t.ncm} is null or ${t.ncm} ~ '^[0-9]{8}$'`),
    pg.check("variantes_preco_antes_check", sql`${t.precoAntes} is null or ${t.precoAntes} >= 0`),
    pg.check("variantes_peso_check", sql`${t.pesoG} is null or ${t.pesoG} > 0`),
  ],
);

/**
 * What the store's lists read of a product's variants and stock, kept by triggers
 * (migration 0007) on variantes, estoque and unidades so a list of 10,000 products never
 * adds up its variants per request. `disponivel` is capped at 6: the lists only tell
 * "esgotado", "últimas N" (1 to 5) and "em estoque", so a sale moves it (and the pages)
 * only when it crosses one of those.
 */
export const produtosResumo = pgTable(
  "produtos_resumo",
  {
    produtoId: col.keyOwnedBy("produto_id", () => produtos.id),
    precoMin: col.money("preco_min"),
    precoMax: col.money("preco_max"),
    /** The old price of the cheapest variant. */
    precoAntes: col.money("preco_antes"),
    variacoes: pg.integer("variacoes").notNull().default(0),
    /** The first variant on sale: what a card adds to the cart when there is only one. */
    varianteId: pg.uuid("variante_id"),
    disponivel: pg.integer("disponivel").notNull().default(0),
    /** Open units where some variant on sale is available ("retire hoje"). */
    unidadesComEstoque: pg
      .uuid("unidades_com_estoque")
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Units sold in the last 90 days (refreshed by a job): "mais vendidos". */
    vendidos: pg.integer("vendidos").notNull().default(0),
  },
  (t) => [
    pg.index("produtos_resumo_preco_idx").on(t.precoMin),
    pg.index("produtos_resumo_vendidos_idx").on(t.vendidos.desc()),
    // The hub's "estoque baixo" and "sem estoque": the few at or below LOW_STOCK_THRESHOLD.
    pg.index("produtos_resumo_pouco_estoque_idx").on(t.produtoId).where(sql`${t.disponivel} <= 5`),
  ],
);

/**
 * Products whose summary waits to be recomputed (migration 0019, decision 0055): a unit that
 * opens, closes or turns "em breve" touches every product stocked there, which the trigger
 * only lists here; the app recomputes them in short slices (summary-queue.server.ts), so the
 * save answers at once and PGlite's one thread keeps serving pages meanwhile.
 */
export const produtosResumoPendentes = pgTable("produtos_resumo_pendentes", {
  produtoId: col.keyOwnedBy("produto_id", () => produtos.id),
});

/**
 * The filter counts of the store's listings without a search, as last computed (decision
 * 0048): shared by every instance and kept across restarts, valid while `versao` is the
 * current one. Computing them reads the whole catalogue; they change far less often than
 * the pages are announced stale (a sale that leaves 3 of 5 changes no count).
 */
export const lojaFacetas = pgTable("loja_facetas", {
  /** The listing's conditions and values. */
  chave: pg.text("chave").primaryKey(),
  versao: pg.bigint("versao", { mode: "number" }).notNull(),
  facetas: pg.jsonb("facetas").notNull(),
  calculadoEm: col.timestamptz("calculado_em").notNull().defaultNow(),
});

/**
 * One row: moved at commit by every change that can change a count (triggers in migration
 * 0015: what a product is and where it is shown, its availability crossing 0, its price, the
 * units and categories).
 */
export const lojaFacetasVersao = pgTable(
  "loja_facetas_versao",
  {
    id: pg.integer("id").primaryKey().default(1),
    versao: pg.bigint("versao", { mode: "number" }).notNull().default(0),
  },
  (t) => [pg.check("loja_facetas_versao_um", sql`${t.id} = 1`)],
);

/** Words the search treats as one: "antipulga = antipulgas = pulgas", "cão = cachorro". */
export const sinonimos = pgTable("sinonimos", {
  id: col.id(),
  /** Lower-case, accent-free terms, two or more. */
  termos: pg.text("termos").array().notNull(),
  createdAt: col.createdAt(),
});

export type Produto = typeof produtos.$inferSelect;
export type Categoria = typeof categorias.$inferSelect;
export type Variante = typeof variantes.$inferSelect;
