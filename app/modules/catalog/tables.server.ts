// The catalog module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
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
    precoAtual: money("preco_atual").notNull(),
    precoAntes: money("preco_antes"),
    precoCusto: money("preco_custo"),
    estoque: integer("estoque").notNull().default(0),
    sku: text("sku"),
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
    check("produtos_preco_atual_check", sql`${t.precoAtual} >= 0`),
    check("produtos_preco_antes_check", sql`${t.precoAntes} is null or ${t.precoAntes} >= 0`),
    check("produtos_preco_custo_check", sql`${t.precoCusto} is null or ${t.precoCusto} >= 0`),
    check("produtos_estoque_check", sql`${t.estoque} >= 0`),
  ],
);

export type Produto = typeof produtos.$inferSelect;
export type Categoria = typeof categorias.$inferSelect;
