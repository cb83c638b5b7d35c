// The fiscal module's slice of the stored model (issue 44, decision 0084): every fiscal
// document applied to the stock, once, by its access key, and the suppliers' own product
// codes remembered from an earlier entry. Relative imports only: drizzle-kit reads the
// schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import * as col from "../../platform/db/columns.server";
import { variantes } from "../catalog/tables.server";
import { unidades } from "../shop/tables.server";

export const MODELOS_DOCUMENTO = ["55", "65"] as const;
/** entrada: a supplier's NF-e received (point 2); venda: a counter sale's NFC-e (point 3). */
export const TIPOS_DOCUMENTO = ["entrada", "venda"] as const;
export type TipoDocumento = (typeof TIPOS_DOCUMENTO)[number];

/**
 * A fiscal document applied to a unit's stock. The access key is the primary key: two
 * confirmations of the same note (two tabs, two people) insert it once, and the second hears
 * when and by whom it was applied.
 */
export const documentosFiscais = pgTable(
  "documentos_fiscais",
  {
    chaveAcesso: pg.text("chave_acesso").primaryKey(),
    modelo: pg.text("modelo", { enum: MODELOS_DOCUMENTO }).notNull(),
    tipo: pg.text("tipo", { enum: TIPOS_DOCUMENTO }).notNull(),
    /** The unit whose stock it moved: the recipient of an NF-e, the issuer of an NFC-e. */
    unidadeId: col.linkedTo("unidade_id", () => unidades.id, "restrict").notNull(),
    emitenteCnpj: pg.text("emitente_cnpj").notNull(),
    emitenteNome: pg.text("emitente_nome").notNull(),
    numero: pg.integer("numero").notNull(),
    serie: pg.integer("serie").notNull(),
    emitidaEm: col.timestamptz("emitida_em").notNull(),
    /** vNF, as the note says. */
    valorTotal: col.money("valor_total").notNull(),
    aplicadaEm: col.timestamptz("aplicada_em").notNull().defaultNow(),
    /** The staff member's e-mail; null when a job applied it (point 3's import folder). */
    aplicadaPor: pg.text("aplicada_por"),
    /** The cancellation event applied (its goods back), once. */
    canceladaEm: col.timestamptz("cancelada_em"),
  },
  (t) => [
    pg.index("documentos_fiscais_unidade_idx").on(t.unidadeId, t.tipo, t.emitidaEm.desc()),
    col.checkInList("documentos_fiscais_modelo_check", "modelo", MODELOS_DOCUMENTO),
    col.checkInList("documentos_fiscais_tipo_check", "tipo", TIPOS_DOCUMENTO),
    pg.check("documentos_fiscais_chave_check", sql`length(${t.chaveAcesso}) = 44`),
  ],
);

/**
 * A supplier's product code (cProd) remembered: which of our variants it is and how many of
 * our units one of theirs holds ("CX com 12" → 12). Keyed by the issuer's CNPJ, so a counter
 * sale's NFC-e (whose issuer is the unit itself) uses the same map for the shop's own codes.
 */
export const codigosFornecedor = pgTable(
  "codigos_fornecedor",
  {
    emitenteCnpj: pg.text("emitente_cnpj").notNull(),
    codigo: pg.text("codigo").notNull(),
    varianteId: col.ownedBy("variante_id", () => variantes.id),
    fator: pg.integer("fator").notNull().default(1),
    /** The supplier's description when it was mapped (the screen shows it). */
    descricao: pg.text("descricao"),
    atualizadoPor: pg.text("atualizado_por"),
    updatedAt: col.updatedAt(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.emitenteCnpj, t.codigo] }),
    pg.index("codigos_fornecedor_variante_idx").on(t.varianteId),
    pg.check("codigos_fornecedor_fator_check", sql`${t.fator} >= 1 and ${t.fator} <= 10000`),
  ],
);

/**
 * One item of a counter sale's NFC-e (point 3, decision 0089): what left the shop, for how
 * much (vProd − vDesc, the note's value, not our price) and at what cost (the variant's
 * average cost when it was applied, so the margin of a past day never changes). An item whose
 * code the shop has not mapped yet waits here (variante_id null, aplicado_em null) and is
 * applied to the stock when its code is mapped.
 */
export const vendasBalcaoItens = pgTable(
  "vendas_balcao_itens",
  {
    chaveAcesso: pg
      .text("chave_acesso")
      .notNull()
      .references(() => documentosFiscais.chaveAcesso, { onDelete: "cascade" }),
    numeroItem: pg.integer("numero_item").notNull(),
    unidadeId: col.linkedTo("unidade_id", () => unidades.id, "restrict").notNull(),
    codigo: pg.text("codigo").notNull(),
    gtin: pg.text("gtin"),
    descricao: pg.text("descricao").notNull(),
    /** Our units that left (qCom × the code's factor), known once matched. */
    quantidade: pg.integer("quantidade"),
    /** qCom as the note says (a fraction waits for a factor that makes it whole). */
    quantidadeNota: pg.text("quantidade_nota").notNull(),
    valor: col.money("valor").notNull(),
    varianteId: col.linkedTo("variante_id", () => variantes.id, "set null"),
    /** Centavos one unit cost when applied (custo_medio, else custo); null when unknown. */
    custoUnitario: col.money("custo_unitario"),
    /** Units that actually left the ledger (less than quantidade when the stock had fewer). */
    baixado: pg.integer("baixado").notNull().default(0),
    aplicadoEm: col.timestamptz("aplicado_em"),
    emitidaEm: col.timestamptz("emitida_em").notNull(),
  },
  (t) => [
    pg.primaryKey({ columns: [t.chaveAcesso, t.numeroItem] }),
    pg
      .index("vendas_balcao_itens_pendentes_idx")
      .on(t.unidadeId, t.codigo)
      .where(sql`${t.aplicadoEm} is null`),
    pg.index("vendas_balcao_itens_unidade_idx").on(t.unidadeId, t.emitidaEm.desc()),
    pg.check("vendas_balcao_itens_baixado_check", sql`${t.baixado} >= 0`),
  ],
);

/**
 * A cancellation event read before its sale (the folder's files come in any order): kept so
 * the sale, when it arrives, is recorded as cancelled and moves no stock (decision 0089).
 */
export const cancelamentosNfce = pgTable("cancelamentos_nfce", {
  chaveAcesso: pg.text("chave_acesso").primaryKey(),
  emitenteCnpj: pg.text("emitente_cnpj").notNull(),
  canceladaEm: col.timestamptz("cancelada_em").notNull(),
  recebidoEm: col.timestamptz("recebido_em").notNull().defaultNow(),
});

export type DocumentoFiscal = typeof documentosFiscais.$inferSelect;
export type CodigoFornecedor = typeof codigosFornecedor.$inferSelect;
