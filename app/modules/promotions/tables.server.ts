// The promotions module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import { TIPOS_CUPOM } from "../../domain/statuses";
import * as col from "../../platform/db/columns.server";

export const cupons = pgTable(
  "cupons",
  {
    id: col.id(),
    codigo: pg.text("codigo").notNull(),
    tipo: pg.text("tipo", { enum: TIPOS_CUPOM }).notNull(),
    /** 'percentual': the percentage (10.00 = 10 %); 'valor': the amount in reais. */
    valor: col.money("valor").notNull(),
    ativo: col.ativo(),
    pedidoMinimo: col.money("pedido_minimo"),
    validoAte: col.timestamptz("valido_ate"),
    limiteUsos: pg.integer("limite_usos"),
    usos: pg.integer("usos").notNull().default(0),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.uniqueIndex("cupons_codigo_idx").on(t.codigo),
    pg.check("cupons_codigo_upper_check", sql`${t.codigo} = upper(${t.codigo})`),
    col.checkInList("cupons_tipo_check", "tipo", TIPOS_CUPOM),
    pg.check("cupons_valor_check", sql`${t.valor} > 0`),
    pg.check("cupons_percentual_check", sql`${t.tipo} <> 'percentual' or ${t.valor} <= 100`),
    pg.check(
      "cupons_pedido_minimo_check",
      sql`${t.pedidoMinimo} is null or ${t.pedidoMinimo} >= 0`,
    ),
    pg.check("cupons_limite_check", sql`${t.limiteUsos} is null or ${t.limiteUsos} > 0`),
    pg.check("cupons_usos_check", sql`${t.usos} >= 0`),
  ],
);

export type Cupom = typeof cupons.$inferSelect;
