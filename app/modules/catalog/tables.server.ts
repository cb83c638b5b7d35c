// The catalog module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ativo, createdAt, id, money, updatedAt } from "../../infra/db/columns.server";

export const categorias = pgTable(
  "categorias",
  {
    id: id(),
    nome: text("nome").notNull(),
    descricao: text("descricao"),
    ativo: ativo(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("categorias_nome_lower_idx").on(sql`lower(${t.nome})`)],
);

export const produtos = pgTable(
  "produtos",
  {
    id: id(),
    nome: text("nome").notNull(),
    descricaoCurta: text("descricao_curta"),
    categoriaId: uuid("categoria_id")
      .notNull()
      .references(() => categorias.id, { onDelete: "restrict" }),
    precoCusto: money("preco_custo"),
    /** The product's code (sku_produto in the import); each variant has its own SKU. */
    sku: text("sku"),
    /** Up to 3 options (Peso, Cor, Tamanho) with their values in order; [] = one variant. */
    opcoes: jsonb("opcoes").$type<OpcaoProduto[]>().notNull().default(sql`'[]'::jsonb`),
    marca: text("marca"),
    subgrupo: text("subgrupo"),
    unidade: text("unidade").notNull().default("UN"),
    ativo: ativo(),
    imagemUrl: text("imagem_url"),
    /** Lower-case, accent-free copy of nome, descricao_curta and sku, for search. */
    busca: text("busca").notNull().default(""),
    /** Soft delete: a product that appears in past orders is kept for them. */
    excluidoEm: timestamp("excluido_em", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("produtos_sku_idx").on(t.sku),
    index("produtos_loja_idx").on(t.ativo, t.nome),
    index("produtos_created_at_idx").on(t.createdAt.desc()),
    index("produtos_categoria_idx").on(t.categoriaId),
    index("produtos_nome_lower_idx").on(sql`lower(${t.nome})`),
    check("produtos_preco_custo_check", sql`${t.precoCusto} is null or ${t.precoCusto} >= 0`),
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
    id: id(),
    produtoId: uuid("produto_id")
      .notNull()
      .references(() => produtos.id, { onDelete: "cascade" }),
    sku: text("sku").notNull(),
    ean: text("ean"),
    /** "15 kg", "P / Azul"; empty for a product's only variant. */
    rotulo: text("rotulo").notNull().default(""),
    opcao1: text("opcao1"),
    opcao2: text("opcao2"),
    opcao3: text("opcao3"),
    preco: money("preco").notNull(),
    precoAntes: money("preco_antes"),
    pesoG: integer("peso_g"),
    imagemUrl: text("imagem_url"),
    ativo: ativo(),
    posicao: integer("posicao").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("variantes_sku_idx").on(t.sku),
    uniqueIndex("variantes_ean_idx").on(t.ean),
    uniqueIndex("variantes_combinacao_idx").on(
      t.produtoId,
      sql`coalesce(${t.opcao1}, '')`,
      sql`coalesce(${t.opcao2}, '')`,
      sql`coalesce(${t.opcao3}, '')`,
    ),
    index("variantes_produto_idx").on(t.produtoId, t.posicao),
    check("variantes_preco_check", sql`${t.preco} >= 0`),
    check("variantes_preco_antes_check", sql`${t.precoAntes} is null or ${t.precoAntes} >= 0`),
    check("variantes_peso_check", sql`${t.pesoG} is null or ${t.pesoG} > 0`),
  ],
);

export type Produto = typeof produtos.$inferSelect;
export type Categoria = typeof categorias.$inferSelect;
export type Variante = typeof variantes.$inferSelect;
