// The inventory module's slice of the stored model: stock per variant per unit, and the
// ledger of every change (decision 0026). Relative imports only: drizzle-kit reads the
// schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import * as col from "../../platform/db/columns.server";
import { categorias, variantes } from "../catalog/tables.server";
import { unidades } from "../shop/tables.server";

/** The place of a stock figure: a variant (gone with it) at a unit (kept while stock names it). */
const variantAtUnit = () => ({
  varianteId: col.ownedBy("variante_id", () => variantes.id),
  unidadeId: col.linkedTo("unidade_id", () => unidades.id, "restrict").notNull(),
});

/**
 * Units of one variant at one unit: in hand, and reserved by placed orders not yet handed
 * over. Available is `disponivel` (em_maos − reservado), the one expression every screen reads.
 */
export const estoque = pgTable(
  "estoque",
  {
    ...variantAtUnit(),
    emMaos: pg.integer("em_maos").notNull().default(0),
    reservado: pg.integer("reservado").notNull().default(0),
    // Never below 0: a counter sale may leave fewer in hand than online orders reserved
    // (decision 0089); what is available to sell is then nothing, at this unit only.
    disponivel: pg.integer("disponivel").generatedAlwaysAs(sql`greatest(em_maos - reservado, 0)`),
    /** "Abaixo do mínimo" below this (0 = no minimum). */
    minimo: pg.integer("minimo").notNull().default(0),
    updatedAt: col.updatedAt(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.varianteId, t.unidadeId] }),
    pg.index("estoque_unidade_idx").on(t.unidadeId),
    pg.check(
      "estoque_quantidades_check",
      sql`${t.emMaos} >= 0 and ${t.reservado} >= 0 and ${t.minimo} >= 0`,
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
    id: col.id(),
    ...variantAtUnit(),
    tipo: pg.text("tipo", { enum: TIPOS_MOVIMENTO }).notNull(),
    deltaEmMaos: pg.integer("delta_em_maos").notNull().default(0),
    deltaReservado: pg.integer("delta_reservado").notNull().default(0),
    emMaosDepois: pg.integer("em_maos_depois").notNull(),
    reservadoDepois: pg.integer("reservado_depois").notNull(),
    /** The order that moved it (reserva, liberação, venda, cancelamento). */
    pedidoId: pg.uuid("pedido_id"),
    motivo: pg.text("motivo"),
    /** Who moved it by hand (ajuste, transferência, importação). */
    usuarioEmail: pg.text("usuario_email"),
    /** The transfer a transferencia_* movement belongs to (decision 0076). */
    transferenciaId: pg.uuid("transferencia_id"),
    /** The fiscal document (44-character access key) an entrada_nf / venda_balcao* came from. */
    chaveAcesso: pg.text("chave_acesso"),
    /** The stock count a contagem movement applied. */
    contagemId: pg.uuid("contagem_id"),
    createdAt: col.createdAt(),
  },
  (t) => [
    // A variant's history, newest first, off the index (DESC is NULLS FIRST; migration 0015).
    pg.index("movimentos_estoque_variante_idx").on(t.varianteId, t.createdAt.desc().nullsFirst()),
    pg.index("movimentos_estoque_pedido_idx").on(t.pedidoId),
    col.checkInList("movimentos_estoque_tipo_check", "tipo", TIPOS_MOVIMENTO),
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
    id: col.id(),
    varianteId: col.ownedBy("variante_id", () => variantes.id),
    deUnidadeId: col.linkedTo("de_unidade_id", () => unidades.id, "restrict").notNull(),
    paraUnidadeId: col.linkedTo("para_unidade_id", () => unidades.id, "restrict").notNull(),
    quantidade: pg.integer("quantidade").notNull(),
    status: pg.text("status", { enum: STATUS_TRANSFERENCIA }).notNull().default("em_transito"),
    /** The sender's reason (optional). */
    motivo: pg.text("motivo"),
    enviadaPor: pg.text("enviada_por"),
    enviadaEm: col.timestamptz("enviada_em").notNull().defaultNow(),
    /** What arrived (≤ quantidade), and why less when less. */
    quantidadeRecebida: pg.integer("quantidade_recebida"),
    motivoDiferenca: pg.text("motivo_diferenca"),
    /** Who received or cancelled it, and when. */
    concluidaPor: pg.text("concluida_por"),
    concluidaEm: col.timestamptz("concluida_em"),
  },
  (t) => [
    pg.index("transferencias_estoque_para_idx").on(t.paraUnidadeId, t.status, t.enviadaEm.desc()),
    pg.index("transferencias_estoque_de_idx").on(t.deUnidadeId, t.status, t.enviadaEm.desc()),
    pg.index("transferencias_estoque_variante_idx").on(t.varianteId, t.status),
    col.checkInList("transferencias_estoque_status_check", "status", STATUS_TRANSFERENCIA),
    pg.check(
      "transferencias_estoque_quantidades_check",
      sql`${t.quantidade} > 0 and ${t.deUnidadeId} <> ${t.paraUnidadeId} and (${t.quantidadeRecebida} is null or (${t.quantidadeRecebida} >= 0 and ${t.quantidadeRecebida} <= ${t.quantidade}))`,
    ),
  ],
);

export type TransferenciaEstoque = typeof transferenciasEstoque.$inferSelect;
export type Estoque = typeof estoque.$inferSelect;
export type MovimentoEstoque = typeof movimentosEstoque.$inferSelect;

export const ESCOPOS_CONTAGEM = ["tudo", "categoria", "marca"] as const;
export type EscopoContagem = (typeof ESCOPOS_CONTAGEM)[number];
export const ESTADOS_CONTAGEM = ["aberta", "aplicada", "cancelada"] as const;
export type EstadoContagem = (typeof ESTADOS_CONTAGEM)[number];

/**
 * A stock count at one unit (issue 44 point 4, decision 0085): of everything, a category or a
 * brand; blind by default (who scans does not see the expected number). Open while people
 * scan; applied once (one 'contagem' movement per variant that differs) or cancelled.
 */
export const contagens = pgTable(
  "contagens",
  {
    id: col.id(),
    unidadeId: col.linkedTo("unidade_id", () => unidades.id, "restrict").notNull(),
    escopo: pg.text("escopo", { enum: ESCOPOS_CONTAGEM }).notNull().default("tudo"),
    /** The category counted (escopo 'categoria'). */
    categoriaId: col.linkedTo("categoria_id", () => categorias.id, "restrict"),
    /** The brand counted (escopo 'marca'), as the products spell it. */
    marca: pg.text("marca"),
    cega: pg.boolean("cega").notNull().default(true),
    estado: pg.text("estado", { enum: ESTADOS_CONTAGEM }).notNull().default("aberta"),
    abertaPor: pg.text("aberta_por"),
    abertaEm: col.timestamptz("aberta_em").notNull().defaultNow(),
    aplicadaPor: pg.text("aplicada_por"),
    aplicadaEm: col.timestamptz("aplicada_em"),
    canceladaPor: pg.text("cancelada_por"),
    canceladaEm: col.timestamptz("cancelada_em"),
  },
  (t) => [
    pg.index("contagens_unidade_idx").on(t.unidadeId, t.estado, t.abertaEm.desc()),
    col.checkInList("contagens_escopo_check", "escopo", ESCOPOS_CONTAGEM),
    col.checkInList("contagens_estado_check", "estado", ESTADOS_CONTAGEM),
    pg.check(
      "contagens_escopo_alvo_check",
      sql`(${t.escopo} <> 'categoria' or ${t.categoriaId} is not null) and (${t.escopo} <> 'marca' or ${t.marca} is not null)`,
    ),
  ],
);

/**
 * What a count found of one variant: the units counted, summed over everyone's readings; who
 * counted and when (first and last reading); and the ledger's units in hand at the unit at the
 * first reading (the moment the variant was counted) and at the last one. The difference is
 * against the first; applying adds it to what is in hand then, so what moved after the
 * variant was counted (a sale, a transfer) is neither lost nor counted twice.
 */
export const contagemItens = pgTable(
  "contagem_itens",
  {
    contagemId: col.ownedBy("contagem_id", () => contagens.id),
    varianteId: col.ownedBy("variante_id", () => variantes.id),
    quantidade: pg.integer("quantidade").notNull().default(0),
    contadoPor: pg.text("contado_por").array().notNull().default(sql`'{}'::text[]`),
    primeiraEm: col.timestamptz("primeira_em").notNull(),
    ultimaEm: col.timestamptz("ultima_em").notNull(),
    /** Units in hand by the ledger when the variant was first read in this count. */
    emMaosNaContagem: pg.integer("em_maos_na_contagem").notNull(),
    /** …and at its last reading: different when stock moved while it was being counted. */
    emMaosNaUltima: pg.integer("em_maos_na_ultima").notNull(),
    /** Written when the count is applied: the in-hand figure before and after its movement. */
    emMaosAntes: pg.integer("em_maos_antes"),
    emMaosDepois: pg.integer("em_maos_depois"),
    /** Applied at what was reserved instead of the count (never below the reservations). */
    limitadoAoReservado: pg.boolean("limitado_ao_reservado").notNull().default(false),
  },
  (t) => [
    pg.primaryKey({ columns: [t.contagemId, t.varianteId] }),
    pg.check("contagem_itens_quantidade_check", sql`${t.quantidade} >= 0`),
  ],
);

/**
 * Each reading (a scan, a typed code, a typed quantity) as it was made: the recent list,
 * and "desfazer" of one's last reading. The item's figures are the sum of these.
 */
export const contagemLeituras = pgTable(
  "contagem_leituras",
  {
    id: col.id(),
    contagemId: col.ownedBy("contagem_id", () => contagens.id),
    varianteId: col.ownedBy("variante_id", () => variantes.id),
    /** What was read or typed (EAN/GTIN, SKU). */
    codigo: pg.text("codigo").notNull(),
    quantidade: pg.integer("quantidade").notNull(),
    usuarioEmail: pg.text("usuario_email").notNull(),
    /** Units in hand by the ledger at this reading. */
    emMaos: pg.integer("em_maos").notNull(),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.index("contagem_leituras_contagem_idx").on(t.contagemId, t.createdAt.desc()),
    pg.index("contagem_leituras_usuario_idx").on(t.contagemId, t.usuarioEmail, t.createdAt.desc()),
    pg.check("contagem_leituras_quantidade_check", sql`${t.quantidade} > 0`),
  ],
);

export type Contagem = typeof contagens.$inferSelect;
export type ContagemItem = typeof contagemItens.$inferSelect;
