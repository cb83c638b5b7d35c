// The orders module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import * as statuses from "../../domain/statuses";
import * as col from "../../platform/db/columns.server";
import { produtos, variantes } from "../catalog/tables.server";
import { cupons } from "../promotions/tables.server";
import { unidades } from "../shop/tables.server";

export const pedidos = pgTable(
  "pedidos",
  {
    id: col.id(),
    numeroPedido: pg.text("numero_pedido").notNull(),
    /** sha256 of the secret token carried by the customer's order link. */
    tokenHash: pg.text("token_hash").notNull(),
    /** Idempotency key sent by the checkout form: a retried submit finds the same order. */
    idempotencyKey: pg.text("idempotency_key"),
    clienteNome: pg.text("cliente_nome").notNull(),
    clienteTelefone: pg.text("cliente_telefone").notNull(),
    /** Receive at home (entrega) or pick up at a unit (retirada). */
    modo: pg.text("modo", { enum: statuses.MODOS_PEDIDO }).notNull().default("entrega"),
    /** The unit that holds the reservation, prepares and hands the order over. */
    unidadeId: col.linkedTo("unidade_id", () => unidades.id, "restrict"),
    /** Empty for a pick-up order. */
    clienteEndereco: pg.text("cliente_endereco").notNull(),
    clienteBairro: pg.text("cliente_bairro").notNull(),
    clienteReferencia: pg.text("cliente_referencia"),
    /** The CEP typed at checkout, as its 8 digits (null when none was typed, or a pick-up). */
    clienteCep: pg.text("cliente_cep"),
    /**
     * Optional for every payment method ("para receber a confirmação"); required for online
     * Pix, whose provider needs the payer's e-mail.
     */
    clienteEmail: pg.text("cliente_email"),
    /** Status e-mails on (the customer's one-link unsubscribe turns them off). */
    emailsStatus: pg.boolean("emails_status").notNull().default(true),
    /** Null for a pick-up order. */
    janelaEntrega: pg.text("janela_entrega", { enum: statuses.JANELAS_ENTREGA }),
    observacoes: pg.text("observacoes"),
    subtotal: col.money("subtotal").notNull(),
    taxaEntrega: col.money("taxa_entrega").notNull(),
    desconto: col.money("desconto").notNull().default(sql`0`),
    /** The discount for paying by Pix (store setting at the time of the order). */
    descontoPix: col.money("desconto_pix").notNull().default(sql`0`),
    total: col.money("total").notNull(),
    cupomCodigo: pg.text("cupom_codigo"),
    cupomId: col.linkedTo("cupom_id", () => cupons.id, "set null"),
    formaPagamento: pg.text("forma_pagamento", { enum: statuses.FORMAS_PAGAMENTO }).notNull(),
    trocoPara: col.money("troco_para"),
    statusPedido: pg
      .text("status_pedido", { enum: statuses.STATUS_PEDIDO })
      .notNull()
      .default("novo"),
    statusPagamento: pg
      .text("status_pagamento", { enum: statuses.STATUS_PAGAMENTO })
      .notNull()
      .default("aguardando"),
    /**
     * When a charge was paid after the order had been cancelled (or expired): the staff refund
     * it or reopen the order (decision 0035). Kept after either, as the order's history.
     */
    pagoAposCancelamentoEm: col.timestamptz("pago_apos_cancelamento_em"),
    /**
     * Where the order's units are: reserved at its unit, released (cancelled before hand-over),
     * sold (handed over), returned (back in hand after hand-over). Each move happens once.
     */
    estoqueSituacao: pg
      .text("estoque_situacao", { enum: statuses.ESTOQUE_SITUACOES })
      .notNull()
      .default("reservado"),
    /** Four digits the customer says at the counter (pick-up orders). */
    codigoRetirada: pg.text("codigo_retirada"),
    prontoEm: col.timestamptz("pronto_em"),
    retiradoEm: col.timestamptz("retirado_em"),
    /** A renewal of a customer's "compra programada" (issue 45), shown to the staff. */
    compraProgramada: pg.boolean("compra_programada").notNull().default(false),
    ...col.timestamps(),
  },
  (t) => [
    pg.uniqueIndex("pedidos_numero_idx").on(t.numeroPedido),
    pg.uniqueIndex("pedidos_idempotency_idx").on(t.idempotencyKey),
    // ORDER BY created_at DESC, id DESC straight off the index (migration 0015).
    col.newestFirstIndex("pedidos_created_at_idx", t),
    pg.index("pedidos_status_idx").on(t.statusPedido, t.statusPagamento),
    // The sales of a day, a month, the chart's week: counted and summed from the index alone,
    // without a visit to each order's row (migration 0016).
    pg
      .index("pedidos_vendas_idx")
      .on(t.createdAt, t.total)
      .where(sql`${t.statusPedido} <> 'cancelado'`),
    col.checkInList("pedidos_status_check", "status_pedido", statuses.STATUS_PEDIDO),
    col.checkInList("pedidos_pagamento_check", "status_pagamento", statuses.STATUS_PAGAMENTO),
    col.checkInList("pedidos_forma_check", "forma_pagamento", statuses.FORMAS_PAGAMENTO),
    col.checkInList("pedidos_janela_check", "janela_entrega", statuses.JANELAS_ENTREGA),
    pg.check(
      "pedidos_valores_check",
      sql`${t.subtotal} >= 0 and ${t.taxaEntrega} >= 0 and ${t.desconto} >= 0 and ${t.total} >= 0`,
    ),
    pg.check("pedidos_desconto_pix_check", sql`${t.descontoPix} >= 0`),
    col.checkInList("pedidos_modo_check", "modo", statuses.MODOS_PEDIDO),
    pg.check("pedidos_cep_check", sql`${t.clienteCep} ~ '^[0-9]{8}$'`),
    col.checkInList(
      "pedidos_estoque_situacao_check",
      "estoque_situacao",
      statuses.ESTOQUE_SITUACOES,
    ),
    pg.index("pedidos_unidade_idx").on(t.unidadeId, t.modo),
    // The staff's order search (number, name, phone: queries.server.ts) reads this index
    // through LIKE '%…%'; the pick-up code is looked up by equality.
    pg.index("pedidos_busca_trgm_idx").using("gin", sql`${orderSearchText(t)} gin_trgm_ops`),
    // "Minha conta": the orders of a proved e-mail, whatever case it was typed in (issue 42).
    pg.index("pedidos_email_idx").on(sql`lower(${t.clienteEmail})`),
    pg
      .index("pedidos_codigo_retirada_idx")
      .on(t.codigoRetirada)
      .where(sql`${t.codigoRetirada} is not null`),
  ],
);

const ACCENTED = "áàâãäéèêëíìîïóòôõöúùûüçñ";
const PLAIN = "aaaaaeeeeiiiiooooouuuucn";

/**
 * What the staff's search looks in: the number and the customer's name in lower case without
 * accents, and the phone's digits: "ped1732800000000123 joão → joao silva 47999990000". Used
 * by the index and by the query alike (the planner matches the expression).
 */
export function orderSearchText(t: {
  numeroPedido: pg.AnyPgColumn;
  clienteNome: pg.AnyPgColumn;
  clienteTelefone: pg.AnyPgColumn;
}) {
  return sql`(translate(lower(${t.numeroPedido} || ' ' || ${t.clienteNome}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}) || ' ' || regexp_replace(${t.clienteTelefone}, '[^0-9]', '', 'g'))`;
}

export const itensPedido = pgTable(
  "itens_pedido",
  {
    id: col.id(),
    pedidoId: col.ownedBy("pedido_id", () => pedidos.id),
    produtoId: col.linkedTo("produto_id", () => produtos.id, "restrict"),
    varianteId: col.linkedTo("variante_id", () => variantes.id, "set null"),
    /** The sale as it was: SKU, names and prices never follow later edits. */
    sku: pg.text("sku"),
    produtoNome: pg.text("produto_nome").notNull(),
    varianteRotulo: pg.text("variante_rotulo").notNull().default(""),
    produtoPreco: col.money("produto_preco").notNull(),
    produtoPrecoAntes: col.money("produto_preco_antes"),
    /** The unit it left from (the order's, kept on the line with the rest of the sale). */
    unidadeId: pg.uuid("unidade_id"),
    quantidade: pg.integer("quantidade").notNull(),
    subtotal: col.money("subtotal").notNull(),
  },
  (t) => [
    pg.index("itens_pedido_pedido_idx").on(t.pedidoId),
    pg.index("itens_pedido_produto_idx").on(t.produtoId),
    pg.index("itens_pedido_variante_idx").on(t.varianteId),
    pg.check("itens_pedido_quantidade_check", sql`${t.quantidade} > 0`),
    pg.check("itens_pedido_valores_check", sql`${t.produtoPreco} >= 0 and ${t.subtotal} >= 0`),
  ],
);

export type Pedido = typeof pedidos.$inferSelect;
export type ItemPedido = typeof itensPedido.$inferSelect;
