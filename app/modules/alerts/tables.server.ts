// The alerts module's slice of the stored model: what the staff are told live (decision 0035).
// Relative imports only: drizzle-kit reads the schema files without the path alias.
import { bigint, check, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, inList } from "../../platform/db/columns.server";

export const TIPOS_AVISO = ["pedido", "servico", "curriculo", "pago_apos_cancelamento"] as const;

/**
 * One row per alert. Rows are written by triggers on pedidos, pedidos_servicos and curriculos
 * (and by the payment code for a charge paid after its order closed), and numbered at commit
 * (`seq`, under a lock, by a deferred trigger): the numbers grow in the order the rows became
 * visible, so "everything after N" never skips one that committed late.
 */
export const avisos = pgTable(
  "avisos",
  {
    id: id(),
    /** The event id of the live stream; null until the writing transaction commits. */
    seq: bigint("seq", { mode: "number" }),
    tipo: text("tipo", { enum: TIPOS_AVISO }).notNull(),
    referenciaId: text("referencia_id"),
    dados: jsonb("dados").$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("avisos_seq_idx").on(t.seq),
    index("avisos_created_at_idx").on(t.createdAt),
    check("avisos_tipo_check", inList("tipo", TIPOS_AVISO)),
  ],
);
