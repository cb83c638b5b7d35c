// The orders module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  ESTOQUE_SITUACOES,
  FORMAS_PAGAMENTO,
  JANELAS_ENTREGA,
  MODOS_PEDIDO,
  STATUS_PAGAMENTO,
  STATUS_PEDIDO,
} from "../../domain/statuses";
import {
  checkInList,
  createdAt,
  id,
  linkedTo,
  money,
  newestFirstIndex,
  ownedBy,
  timestamptz,
  updatedAt,
} from "../../platform/db/columns.server";
import { produtos, variantes } from "../catalog/tables.server";
import { cupons } from "../promotions/tables.server";
import { unidades } from "../shop/tables.server";

export const pedidos = pgTable(
  "pedidos",
  {
    id: id(),
    numeroPedido: text("numero_pedido").notNull(),
    /** sha256 of the secret token carried by the customer's order link. */
    tokenHash: text("token_hash").notNull(),
    /** Idempotency key sent by the checkout form: a retried submit finds the same order. */
    idempotencyKey: text("idempotency_key"),
    clienteNome: text("cliente_nome").notNull(),
    clienteTelefone: text("cliente_telefone").notNull(),
    /** Receive at home (entrega) or pick up at a unit (retirada). */
    modo: text("modo", { enum: MODOS_PEDIDO }).notNull().default("entrega"),
    /** The unit that holds the reservation, prepares and hands the order over. */
    unidadeId: linkedTo("unidade_id", () => unidades.id, "restrict"),
    /** Empty for a pick-up order. */
    clienteEndereco: text("cliente_endereco").notNull(),
    clienteBairro: text("cliente_bairro").notNull(),
    clienteReferencia: text("cliente_referencia"),
    /** The CEP typed at checkout, as its 8 digits (null when none was typed, or a pick-up). */
    clienteCep: text("cliente_cep"),
    /**
     * Optional for every payment method ("para receber a confirmação"); required for online
     * Pix, whose provider needs the payer's e-mail.
     */
    clienteEmail: text("cliente_email"),
    /** Status e-mails on (the customer's one-link unsubscribe turns them off). */
    emailsStatus: boolean("emails_status").notNull().default(true),
    /** Null for a pick-up order. */
    janelaEntrega: text("janela_entrega", { enum: JANELAS_ENTREGA }),
    observacoes: text("observacoes"),
    subtotal: money("subtotal").notNull(),
    taxaEntrega: money("taxa_entrega").notNull(),
    desconto: money("desconto").notNull().default(sql`0`),
    /** The discount for paying by Pix (store setting at the time of the order). */
    descontoPix: money("desconto_pix").notNull().default(sql`0`),
    total: money("total").notNull(),
    cupomCodigo: text("cupom_codigo"),
    cupomId: linkedTo("cupom_id", () => cupons.id, "set null"),
    formaPagamento: text("forma_pagamento", { enum: FORMAS_PAGAMENTO }).notNull(),
    trocoPara: money("troco_para"),
    statusPedido: text("status_pedido", { enum: STATUS_PEDIDO }).notNull().default("novo"),
    statusPagamento: text("status_pagamento", { enum: STATUS_PAGAMENTO })
      .notNull()
      .default("aguardando"),
    /**
     * When a charge was paid after the order had been cancelled (or expired): the staff refund
     * it or reopen the order (decision 0035). Kept after either, as the order's history.
     */
    pagoAposCancelamentoEm: timestamptz("pago_apos_cancelamento_em"),
    /**
     * Where the order's units are: reserved at its unit, released (cancelled before hand-over),
     * sold (handed over), returned (back in hand after hand-over). Each move happens once.
     */
    estoqueSituacao: text("estoque_situacao", { enum: ESTOQUE_SITUACOES })
      .notNull()
      .default("reservado"),
    /** Four digits the customer says at the counter (pick-up orders). */
    codigoRetirada: text("codigo_retirada"),
    prontoEm: timestamptz("pronto_em"),
    retiradoEm: timestamptz("retirado_em"),
    /** A renewal of a customer's "compra programada" (issue 45), shown to the staff. */
    compraProgramada: boolean("compra_programada").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("pedidos_numero_idx").on(t.numeroPedido),
    uniqueIndex("pedidos_idempotency_idx").on(t.idempotencyKey),
    // ORDER BY created_at DESC, id DESC straight off the index (migration 0015).
    newestFirstIndex("pedidos_created_at_idx", t),
    index("pedidos_status_idx").on(t.statusPedido, t.statusPagamento),
    // The sales of a day, a month, the chart's week: counted and summed from the index alone,
    // without a visit to each order's row (migration 0016).
    index("pedidos_vendas_idx")
      .on(t.createdAt, t.total)
      .where(sql`${t.statusPedido} <> 'cancelado'`),
    checkInList("pedidos_status_check", "status_pedido", STATUS_PEDIDO),
    checkInList("pedidos_pagamento_check", "status_pagamento", STATUS_PAGAMENTO),
    checkInList("pedidos_forma_check", "forma_pagamento", FORMAS_PAGAMENTO),
    checkInList("pedidos_janela_check", "janela_entrega", JANELAS_ENTREGA),
    check(
      "pedidos_valores_check",
      sql`${t.subtotal} >= 0 and ${t.taxaEntrega} >= 0 and ${t.desconto} >= 0 and ${t.total} >= 0`,
    ),
    check("pedidos_desconto_pix_check", sql`${t.descontoPix} >= 0`),
    checkInList("pedidos_modo_check", "modo", MODOS_PEDIDO),
    check("pedidos_cep_check", sql`${t.clienteCep} ~ '^[0-9]{8}$'`),
    checkInList("pedidos_estoque_situacao_check", "estoque_situacao", ESTOQUE_SITUACOES),
    index("pedidos_unidade_idx").on(t.unidadeId, t.modo),
    // The staff's order search (number, name, phone: queries.server.ts) reads this index
    // through LIKE '%…%'; the pick-up code is looked up by equality.
    index("pedidos_busca_trgm_idx").using("gin", sql`${orderSearchText(t)} gin_trgm_ops`),
    // "Minha conta": the orders of a proved e-mail, whatever case it was typed in (issue 42).
    index("pedidos_email_idx").on(sql`lower(${t.clienteEmail})`),
    index("pedidos_codigo_retirada_idx")
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
  numeroPedido: AnyPgColumn;
  clienteNome: AnyPgColumn;
  clienteTelefone: AnyPgColumn;
}) {
  return sql`(translate(lower(${t.numeroPedido} || ' ' || ${t.clienteNome}), ${sql.raw(`'${ACCENTED}'`)}, ${sql.raw(`'${PLAIN}'`)}) || ' ' || regexp_replace(${t.clienteTelefone}, '[^0-9]', '', 'g'))`;
}

export const itensPedido = pgTable(
  "itens_pedido",
  {
    id: id(),
    pedidoId: ownedBy("pedido_id", () => pedidos.id),
    produtoId: linkedTo("produto_id", () => produtos.id, "restrict"),
    varianteId: linkedTo("variante_id", () => variantes.id, "set null"),
    /** The sale as it was: SKU, names and prices never follow later edits. */
    sku: text("sku"),
    produtoNome: text("produto_nome").notNull(),
    varianteRotulo: text("variante_rotulo").notNull().default(""),
    produtoPreco: money("produto_preco").notNull(),
    produtoPrecoAntes: money("produto_preco_antes"),
    /** The unit it left from (the order's, kept on the line with the rest of the sale). */
    unidadeId: uuid("unidade_id"),
    quantidade: integer("quantidade").notNull(),
    subtotal: money("subtotal").notNull(),
  },
  (t) => [
    index("itens_pedido_pedido_idx").on(t.pedidoId),
    index("itens_pedido_produto_idx").on(t.produtoId),
    index("itens_pedido_variante_idx").on(t.varianteId),
    check("itens_pedido_quantidade_check", sql`${t.quantidade} > 0`),
    check("itens_pedido_valores_check", sql`${t.produtoPreco} >= 0 and ${t.subtotal} >= 0`),
  ],
);

export type Pedido = typeof pedidos.$inferSelect;
export type ItemPedido = typeof itensPedido.$inferSelect;
