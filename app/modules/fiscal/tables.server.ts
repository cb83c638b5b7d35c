// The fiscal module's slice of the stored model (issue 44, decision 0084): every fiscal
// document applied to the stock, once, by its access key, and the suppliers' own product
// codes remembered from an earlier entry. Relative imports only: drizzle-kit reads the
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
import { inList, money, ownedBy, updatedAt } from "../../platform/db/columns.server";
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
    chaveAcesso: text("chave_acesso").primaryKey(),
    modelo: text("modelo", { enum: MODELOS_DOCUMENTO }).notNull(),
    tipo: text("tipo", { enum: TIPOS_DOCUMENTO }).notNull(),
    /** The unit whose stock it moved: the recipient of an NF-e, the issuer of an NFC-e. */
    unidadeId: uuid("unidade_id")
      .notNull()
      .references(() => unidades.id, { onDelete: "restrict" }),
    emitenteCnpj: text("emitente_cnpj").notNull(),
    emitenteNome: text("emitente_nome").notNull(),
    numero: integer("numero").notNull(),
    serie: integer("serie").notNull(),
    emitidaEm: timestamp("emitida_em", { withTimezone: true }).notNull(),
    /** vNF, as the note says. */
    valorTotal: money("valor_total").notNull(),
    aplicadaEm: timestamp("aplicada_em", { withTimezone: true }).notNull().defaultNow(),
    /** The staff member's e-mail; null when a job applied it (point 3's import folder). */
    aplicadaPor: text("aplicada_por"),
    /** The cancellation event applied (its goods back), once. */
    canceladaEm: timestamp("cancelada_em", { withTimezone: true }),
  },
  (t) => [
    index("documentos_fiscais_unidade_idx").on(t.unidadeId, t.tipo, t.emitidaEm.desc()),
    check("documentos_fiscais_modelo_check", inList("modelo", MODELOS_DOCUMENTO)),
    check("documentos_fiscais_tipo_check", inList("tipo", TIPOS_DOCUMENTO)),
    check("documentos_fiscais_chave_check", sql`length(${t.chaveAcesso}) = 44`),
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
    emitenteCnpj: text("emitente_cnpj").notNull(),
    codigo: text("codigo").notNull(),
    varianteId: ownedBy("variante_id", () => variantes.id),
    fator: integer("fator").notNull().default(1),
    /** The supplier's description when it was mapped (the screen shows it). */
    descricao: text("descricao"),
    atualizadoPor: text("atualizado_por"),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.emitenteCnpj, t.codigo] }),
    index("codigos_fornecedor_variante_idx").on(t.varianteId),
    check("codigos_fornecedor_fator_check", sql`${t.fator} >= 1 and ${t.fator} <= 10000`),
  ],
);

export type DocumentoFiscal = typeof documentosFiscais.$inferSelect;
export type CodigoFornecedor = typeof codigosFornecedor.$inferSelect;
