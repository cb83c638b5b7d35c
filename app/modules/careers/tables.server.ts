// The careers module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import { STATUS_CURRICULO, VAGAS } from "../../domain/statuses";
import * as col from "../../platform/db/columns.server";

export const curriculos = pgTable(
  "curriculos",
  {
    id: col.id(),
    nomeCompleto: pg.text("nome_completo").notNull(),
    email: pg.text("email").notNull(),
    telefone: pg.text("telefone").notNull(),
    vaga: pg.text("vaga", { enum: VAGAS }).notNull(),
    mensagem: pg.text("mensagem").notNull().default(""),
    /** '' until the file is stored, then 'private:{file}'. */
    curriculoUrl: pg.text("curriculo_url").notNull().default(""),
    status: pg.text("status", { enum: STATUS_CURRICULO }).notNull().default("novo"),
    createdAt: col.createdAt(),
  },
  (t) => [
    // ORDER BY created_at DESC, id DESC straight off the index (migration 0015).
    col.newestFirstIndex("curriculos_created_at_idx", t),
    pg.index("curriculos_status_idx").on(t.status),
    col.checkInList("curriculos_status_check", "status", STATUS_CURRICULO),
    col.checkInList("curriculos_vaga_check", "vaga", VAGAS),
  ],
);

export type Curriculo = typeof curriculos.$inferSelect;
