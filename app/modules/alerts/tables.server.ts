// The alerts module's slice of the stored model: what the staff are told live (decision 0035).
// Relative imports only: drizzle-kit reads the schema files without the path alias.
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import { TIPOS_AVISO } from "../../domain/statuses";
import * as col from "../../platform/db/columns.server";

/**
 * One row per alert. Rows are written by triggers on pedidos, pedidos_servicos and curriculos
 * (every path that inserts one) and by this module's subscriber to the orders' event
 * `pedido.pago_apos_cancelamento` (decision 0061), always in the writing transaction.
 *
 * Keep the numbering at commit (decision 0035): `seq` is not a column default but is given by
 * a deferred trigger, under an advisory lock, when the writing transaction commits, so the
 * numbers grow in the order the rows became visible and "everything after N" (the live
 * stream's resume) never skips one that committed late. Events fan out inside the emitting
 * transaction precisely so that this still holds; an alert written by a later, separate
 * transaction (an asynchronous event consumer) would be numbered in its own commit order.
 */
export const avisos = pgTable(
  "avisos",
  {
    id: col.id(),
    /** The event id of the live stream; null until the writing transaction commits. */
    seq: pg.bigint("seq", { mode: "number" }),
    tipo: pg.text("tipo", { enum: TIPOS_AVISO }).notNull(),
    referenciaId: pg.text("referencia_id"),
    dados: pg.jsonb("dados").$type<Record<string, unknown>>().notNull(),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.uniqueIndex("avisos_seq_idx").on(t.seq),
    pg.index("avisos_created_at_idx").on(t.createdAt),
    col.checkInList("avisos_tipo_check", "tipo", TIPOS_AVISO),
  ],
);
