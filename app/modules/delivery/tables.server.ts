// The delivery module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { ativo, createdAt, id, money } from "../../platform/db/columns.server";
import { unidades } from "../shop/tables.server";

export const bairrosEntrega = pgTable(
  "bairros_entrega",
  {
    id: id(),
    nome: text("nome").notNull(),
    taxaEntrega: money("taxa_entrega").notNull(),
    ativo: ativo(),
    /** The unit that delivers here (null: the first unit that delivers). */
    unidadeId: uuid("unidade_id").references(() => unidades.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bairros_entrega_nome_lower_idx").on(sql`lower(${t.nome})`),
    check("bairros_entrega_taxa_check", sql`${t.taxaEntrega} >= 0`),
  ],
);

export type BairroEntrega = typeof bairrosEntrega.$inferSelect;
