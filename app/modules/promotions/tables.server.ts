// The promotions module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { TIPOS_CUPOM } from "../../domain/statuses";
import {
  ativo,
  checkInList,
  createdAt,
  id,
  money,
  timestamptz,
} from "../../platform/db/columns.server";

export const cupons = pgTable(
  "cupons",
  {
    id: id(),
    codigo: text("codigo").notNull(),
    tipo: text("tipo", { enum: TIPOS_CUPOM }).notNull(),
    /** 'percentual': the percentage (10.00 = 10 %); 'valor': the amount in reais. */
    valor: money("valor").notNull(),
    ativo: ativo(),
    pedidoMinimo: money("pedido_minimo"),
    validoAte: timestamptz("valido_ate"),
    limiteUsos: integer("limite_usos"),
    usos: integer("usos").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("cupons_codigo_idx").on(t.codigo),
    check("cupons_codigo_upper_check", sql`${t.codigo} = upper(${t.codigo})`),
    checkInList("cupons_tipo_check", "tipo", TIPOS_CUPOM),
    check("cupons_valor_check", sql`${t.valor} > 0`),
    check("cupons_percentual_check", sql`${t.tipo} <> 'percentual' or ${t.valor} <= 100`),
    check("cupons_pedido_minimo_check", sql`${t.pedidoMinimo} is null or ${t.pedidoMinimo} >= 0`),
    check("cupons_limite_check", sql`${t.limiteUsos} is null or ${t.limiteUsos} > 0`),
    check("cupons_usos_check", sql`${t.usos} >= 0`),
  ],
);

export type Cupom = typeof cupons.$inferSelect;
