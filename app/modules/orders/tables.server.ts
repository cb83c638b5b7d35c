// The orders module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import {
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
  FORMAS_PAGAMENTO,
  JANELAS_ENTREGA,
  STATUS_PAGAMENTO,
  STATUS_PEDIDO,
} from "../../domain/statuses";
import { createdAt, id, inList, money, updatedAt } from "../../infra/db/columns.server";
import { produtos } from "../catalog/tables.server";
import { cupons } from "../promotions/tables.server";

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
    clienteEndereco: text("cliente_endereco").notNull(),
    clienteBairro: text("cliente_bairro").notNull(),
    clienteReferencia: text("cliente_referencia"),
    /** Asked only for online Pix: the provider needs the payer's e-mail (and a retry too). */
    clienteEmail: text("cliente_email"),
    janelaEntrega: text("janela_entrega", { enum: JANELAS_ENTREGA }).notNull(),
    observacoes: text("observacoes"),
    subtotal: money("subtotal").notNull(),
    taxaEntrega: money("taxa_entrega").notNull(),
    desconto: money("desconto").notNull().default(sql`0`),
    /** The discount for paying by Pix (store setting at the time of the order). */
    descontoPix: money("desconto_pix").notNull().default(sql`0`),
    total: money("total").notNull(),
    cupomCodigo: text("cupom_codigo"),
    cupomId: uuid("cupom_id").references(() => cupons.id, { onDelete: "set null" }),
    formaPagamento: text("forma_pagamento", { enum: FORMAS_PAGAMENTO }).notNull(),
    trocoPara: money("troco_para"),
    statusPedido: text("status_pedido", { enum: STATUS_PEDIDO }).notNull().default("novo"),
    statusPagamento: text("status_pagamento", { enum: STATUS_PAGAMENTO })
      .notNull()
      .default("aguardando"),
    /** Set when a cancellation has put the stock back, so it happens once. */
    estoqueDevolvido: boolean("estoque_devolvido").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("pedidos_numero_idx").on(t.numeroPedido),
    uniqueIndex("pedidos_idempotency_idx").on(t.idempotencyKey),
    index("pedidos_created_at_idx").on(t.createdAt.desc()),
    index("pedidos_status_idx").on(t.statusPedido, t.statusPagamento),
    check("pedidos_status_check", inList("status_pedido", STATUS_PEDIDO)),
    check("pedidos_pagamento_check", inList("status_pagamento", STATUS_PAGAMENTO)),
    check("pedidos_forma_check", inList("forma_pagamento", FORMAS_PAGAMENTO)),
    check("pedidos_janela_check", inList("janela_entrega", JANELAS_ENTREGA)),
    check(
      "pedidos_valores_check",
      sql`${t.subtotal} >= 0 and ${t.taxaEntrega} >= 0 and ${t.desconto} >= 0 and ${t.total} >= 0`,
    ),
    check("pedidos_desconto_pix_check", sql`${t.descontoPix} >= 0`),
  ],
);

export const itensPedido = pgTable(
  "itens_pedido",
  {
    id: id(),
    pedidoId: uuid("pedido_id")
      .notNull()
      .references(() => pedidos.id, { onDelete: "cascade" }),
    produtoId: uuid("produto_id").references(() => produtos.id, { onDelete: "restrict" }),
    produtoNome: text("produto_nome").notNull(),
    produtoPreco: money("produto_preco").notNull(),
    quantidade: integer("quantidade").notNull(),
    subtotal: money("subtotal").notNull(),
  },
  (t) => [
    index("itens_pedido_pedido_idx").on(t.pedidoId),
    index("itens_pedido_produto_idx").on(t.produtoId),
    check("itens_pedido_quantidade_check", sql`${t.quantidade} > 0`),
    check("itens_pedido_valores_check", sql`${t.produtoPreco} >= 0 and ${t.subtotal} >= 0`),
  ],
);

export type Pedido = typeof pedidos.$inferSelect;
export type ItemPedido = typeof itensPedido.$inferSelect;
