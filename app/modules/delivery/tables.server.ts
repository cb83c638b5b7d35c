// The delivery module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import { check, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { ativo, createdAt, id, money } from "../../infra/db/columns.server";

export const bairrosEntrega = pgTable(
  "bairros_entrega",
  {
    id: id(),
    nome: text("nome").notNull(),
    taxaEntrega: money("taxa_entrega").notNull(),
    ativo: ativo(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("bairros_entrega_nome_lower_idx").on(sql`lower(${t.nome})`),
    check("bairros_entrega_taxa_check", sql`${t.taxaEntrega} >= 0`),
  ],
);

export type BairroEntrega = typeof bairrosEntrega.$inferSelect;
