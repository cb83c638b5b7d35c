// The inventory module's slice of the stored model: stock per variant per unit, and the
// ledger of every change (decision 0026). Relative imports only: drizzle-kit reads the
// schema files without the path alias.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { id, inList, ownedBy, updatedAt } from "../../platform/db/columns.server";
import { variantes } from "../catalog/tables.server";
import { unidades } from "../shop/tables.server";

/** The place of a stock figure: a variant (gone with it) at a unit (kept while stock names it). */
const variantAtUnit = () => ({
  varianteId: ownedBy("variante_id", () => variantes.id),
  unidadeId: uuid("unidade_id")
    .notNull()
    .references(() => unidades.id, { onDelete: "restrict" }),
});

/**
 * Units of one variant at one unit: in hand, and reserved by placed orders not yet handed
 * over. Available is `disponivel` (em_maos − reservado), the one expression every screen reads.
 */
export const estoque = pgTable(
  "estoque",
  {
    ...variantAtUnit(),
    emMaos: integer("em_maos").notNull().default(0),
    reservado: integer("reservado").notNull().default(0),
    disponivel: integer("disponivel").generatedAlwaysAs(sql`em_maos - reservado`),
    /** "Abaixo do mínimo" below this (0 = no minimum). */
    minimo: integer("minimo").notNull().default(0),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.varianteId, t.unidadeId] }),
    index("estoque_unidade_idx").on(t.unidadeId),
    check(
      "estoque_quantidades_check",
      sql`${t.emMaos} >= 0 and ${t.reservado} >= 0 and ${t.reservado} <= ${t.emMaos} and ${t.minimo} >= 0`,
    ),
  ],
);

export const TIPOS_MOVIMENTO = [
  "reserva",
  "liberacao",
  "venda",
  "cancelamento",
  "ajuste",
  "transferencia_saida",
  "transferencia_entrada",
  "importacao",
  /** What did not arrive of a transfer, written at the destination when it is received. */
  "transferencia_perda",
  /** A transfer cancelled in transit: its units back at the origin. */
  "transferencia_cancelada",
  /** Goods received with a supplier's NF-e (issue 44), linked by its access key. */
  "entrada_nf",
  /** Goods received without an invoice ("Entrada (+N)"), with a reason. */
  "entrada_avulsa",
  /** A counter sale read from the point of sale's NFC-e, by its access key. */
  "venda_balcao",
  /** A counter sale cancelled (NFC-e cancellation event): its goods back. */
  "venda_balcao_cancelada",
  /** The difference a stock count found, applied. */
  "contagem",
] as const;
export type TipoMovimento = (typeof TIPOS_MOVIMENTO)[number];

/** Every change of estoque, with the figures after it. */
export const movimentosEstoque = pgTable(
  "movimentos_estoque",
  {
    id: id(),
    ...variantAtUnit(),
    tipo: text("tipo", { enum: TIPOS_MOVIMENTO }).notNull(),
    deltaEmMaos: integer("delta_em_maos").notNull().default(0),
    deltaReservado: integer("delta_reservado").notNull().default(0),
    emMaosDepois: integer("em_maos_depois").notNull(),
    reservadoDepois: integer("reservado_depois").notNull(),
    /** The order that moved it (reserva, liberação, venda, cancelamento). */
    pedidoId: uuid("pedido_id"),
    motivo: text("motivo"),
    /** Who moved it by hand (ajuste, transferência, importação). */
    usuarioEmail: text("usuario_email"),
    /** The transfer a transferencia_* movement belongs to (decision 0076). */
    transferenciaId: uuid("transferencia_id"),
    /** The fiscal document (44-character access key) an entrada_nf / venda_balcao* came from. */
    chaveAcesso: text("chave_acesso"),
    /** The stock count a contagem movement applied. */
    contagemId: uuid("contagem_id"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A variant's history, newest first, off the index (DESC is NULLS FIRST; migration 0015).
    index("movimentos_estoque_variante_idx").on(t.varianteId, t.createdAt.desc().nullsFirst()),
    index("movimentos_estoque_pedido_idx").on(t.pedidoId),
    check("movimentos_estoque_tipo_check", inList("tipo", TIPOS_MOVIMENTO)),
  ],
);

export const STATUS_TRANSFERENCIA = ["em_transito", "recebida", "cancelada"] as const;
export type StatusTransferencia = (typeof STATUS_TRANSFERENCIA)[number];

/**
 * A transfer between units (decision 0076): its units leave the origin when it is sent and
 * reach the destination's estoque only when someone there receives it (all or fewer, the
 * difference a loss with its reason), or return to the origin when the sender cancels it.
 * In transit the units are in no unit's estoque, so nothing sells them.
 */
export const transferenciasEstoque = pgTable(
  "transferencias_estoque",
  {
    id: id(),
    varianteId: ownedBy("variante_id", () => variantes.id),
    deUnidadeId: uuid("de_unidade_id")
      .notNull()
      .references(() => unidades.id, { onDelete: "restrict" }),
    paraUnidadeId: uuid("para_unidade_id")
      .notNull()
      .references(() => unidades.id, { onDelete: "restrict" }),
    quantidade: integer("quantidade").notNull(),
    status: text("status", { enum: STATUS_TRANSFERENCIA }).notNull().default("em_transito"),
    /** The sender's reason (optional). */
    motivo: text("motivo"),
    enviadaPor: text("enviada_por"),
    enviadaEm: timestamp("enviada_em", { withTimezone: true }).notNull().defaultNow(),
    /** What arrived (≤ quantidade), and why less when less. */
    quantidadeRecebida: integer("quantidade_recebida"),
    motivoDiferenca: text("motivo_diferenca"),
    /** Who received or cancelled it, and when. */
    concluidaPor: text("concluida_por"),
    concluidaEm: timestamp("concluida_em", { withTimezone: true }),
  },
  (t) => [
    index("transferencias_estoque_para_idx").on(t.paraUnidadeId, t.status, t.enviadaEm.desc()),
    index("transferencias_estoque_de_idx").on(t.deUnidadeId, t.status, t.enviadaEm.desc()),
    index("transferencias_estoque_variante_idx").on(t.varianteId, t.status),
    check("transferencias_estoque_status_check", inList("status", STATUS_TRANSFERENCIA)),
    check(
      "transferencias_estoque_quantidades_check",
      sql`${t.quantidade} > 0 and ${t.deUnidadeId} <> ${t.paraUnidadeId} and (${t.quantidadeRecebida} is null or (${t.quantidadeRecebida} >= 0 and ${t.quantidadeRecebida} <= ${t.quantidade}))`,
    ),
  ],
);

export type TransferenciaEstoque = typeof transferenciasEstoque.$inferSelect;
export type Estoque = typeof estoque.$inferSelect;
export type MovimentoEstoque = typeof movimentosEstoque.$inferSelect;
