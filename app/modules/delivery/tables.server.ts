// The delivery module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ativo, createdAt, id, linkedTo, money } from "../../platform/db/columns.server";
import { unidades } from "../shop/tables.server";

export const bairrosEntrega = pgTable(
  "bairros_entrega",
  {
    id: id(),
    nome: text("nome").notNull(),
    taxaEntrega: money("taxa_entrega").notNull(),
    ativo: ativo(),
    /** The unit that delivers here (null: the first unit that delivers). */
    unidadeId: linkedTo("unidade_id", () => unidades.id, "set null"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bairros_entrega_nome_lower_idx").on(sql`lower(${t.nome})`),
    check("bairros_entrega_taxa_check", sql`${t.taxaEntrega} >= 0`),
  ],
);

export type BairroEntrega = typeof bairrosEntrega.$inferSelect;
