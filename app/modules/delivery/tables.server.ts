// The delivery module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import * as col from "../../platform/db/columns.server";
import { unidades } from "../shop/tables.server";

export const bairrosEntrega = pgTable(
  "bairros_entrega",
  {
    id: col.id(),
    nome: pg.text("nome").notNull(),
    taxaEntrega: col.money("taxa_entrega").notNull(),
    ativo: col.ativo(),
    /** The unit that delivers here (null: the first unit that delivers). */
    unidadeId: col.linkedTo("unidade_id", () => unidades.id, "set null"),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.uniqueIndex("bairros_entrega_nome_lower_idx").on(sql`lower(${t.nome})`),
    pg.check("bairros_entrega_taxa_check", sql`${t.taxaEntrega} >= 0`),
  ],
);

export type BairroEntrega = typeof bairrosEntrega.$inferSelect;
