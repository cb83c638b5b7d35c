// The careers module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { index, pgTable, text } from "drizzle-orm/pg-core";
import { STATUS_CURRICULO, VAGAS } from "../../domain/statuses";
import { checkInList, createdAt, id, newestFirstIndex } from "../../platform/db/columns.server";

export const curriculos = pgTable(
  "curriculos",
  {
    id: id(),
    nomeCompleto: text("nome_completo").notNull(),
    email: text("email").notNull(),
    telefone: text("telefone").notNull(),
    vaga: text("vaga", { enum: VAGAS }).notNull(),
    mensagem: text("mensagem").notNull().default(""),
    /** '' until the file is stored, then 'private:{file}'. */
    curriculoUrl: text("curriculo_url").notNull().default(""),
    status: text("status", { enum: STATUS_CURRICULO }).notNull().default("novo"),
    createdAt: createdAt(),
  },
  (t) => [
    // ORDER BY created_at DESC, id DESC straight off the index (migration 0015).
    newestFirstIndex("curriculos_created_at_idx", t),
    index("curriculos_status_idx").on(t.status),
    checkInList("curriculos_status_check", "status", STATUS_CURRICULO),
    checkInList("curriculos_vaga_check", "vaga", VAGAS),
  ],
);

export type Curriculo = typeof curriculos.$inferSelect;
