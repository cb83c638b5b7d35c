// The subscriptions module's slice of the stored model (issue 45, decision 0086): a signed-in
// customer's "compra programada" (items every N days at a unit, delivered or picked up), its
// items, one row per due date (the cycle: created once, whatever runs at once), and the
// discount the owner sets per product or category (on items only, never on the delivery fee).
// Relative imports only: drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ESTADOS_ASSINATURA, ESTADOS_CICLO } from "../../domain/assinatura";
import { FORMAS_PAGAMENTO, JANELAS_ENTREGA, MODOS_PEDIDO } from "../../domain/statuses";
import {
  checkInList,
  createdAt,
  id,
  linkedTo,
  money,
  ownedBy,
  timestamptz,
  updatedAt,
} from "../../platform/db/columns.server";
import { categorias, produtos, variantes } from "../catalog/tables.server";
import { clientes } from "../customers/tables.server";
import { pedidos } from "../orders/tables.server";
import { unidades } from "../shop/tables.server";

export const assinaturas = pgTable(
  "assinaturas",
  {
    id: id(),
    clienteId: ownedBy("cliente_id", () => clientes.id),
    /** The unit that prepares it (pick-up) or the one preferred for delivery. */
    unidadeId: linkedTo("unidade_id", () => unidades.id, "set null"),
    modo: text("modo", { enum: MODOS_PEDIDO }).notNull(),
    /** The delivery address as subscribed (copied: the address book may change). */
    nome: text("nome").notNull(),
    telefone: text("telefone").notNull(),
    endereco: text("endereco"),
    numero: text("numero"),
    complemento: text("complemento"),
    bairro: text("bairro"),
    referencia: text("referencia"),
    cep: text("cep"),
    janelaEntrega: text("janela_entrega", { enum: JANELAS_ENTREGA }),
    /** The delivery fee when subscribed (centavos, before free delivery): a change waits. */
    taxaAceita: money("taxa_aceita"),
    formaPagamento: text("forma_pagamento", { enum: FORMAS_PAGAMENTO }).notNull(),
    intervaloDias: integer("intervalo_dias").notNull(),
    proximaData: date("proxima_data").notNull(),
    estado: text("estado", { enum: ESTADOS_ASSINATURA }).notNull().default("ativa"),
    pausadaAte: date("pausada_ate"),
    /** The reminder e-mail three days before (opt-in at subscribing). */
    lembretes: boolean("lembretes").notNull().default(true),
    termosVersao: text("termos_versao").notNull(),
    termosAceitosEm: timestamptz("termos_aceitos_em").notNull(),
    falhasSeguidas: integer("falhas_seguidas").notNull().default(0),
    canceladaEm: timestamptz("cancelada_em"),
    protocoloCancelamento: text("protocolo_cancelamento"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("assinaturas_cliente_idx").on(t.clienteId),
    index("assinaturas_proxima_idx").on(t.estado, t.proximaData),
    uniqueIndex("assinaturas_protocolo_idx").on(t.protocoloCancelamento),
    checkInList("assinaturas_estado_check", "estado", ESTADOS_ASSINATURA),
    check("assinaturas_intervalo_check", sql`${t.intervaloDias} between 15 and 90`),
    checkInList("assinaturas_modo_check", "modo", MODOS_PEDIDO),
  ],
);

export type Assinatura = typeof assinaturas.$inferSelect;

export const itensAssinatura = pgTable(
  "itens_assinatura",
  {
    id: id(),
    assinaturaId: ownedBy("assinatura_id", () => assinaturas.id),
    varianteId: ownedBy("variante_id", () => variantes.id),
    quantidade: integer("quantidade").notNull(),
    /** The unit price the customer accepted (centavos, before discount): a rise >10% waits. */
    precoAceito: money("preco_aceito").notNull(),
  },
  (t) => [
    uniqueIndex("itens_assinatura_variante_idx").on(t.assinaturaId, t.varianteId),
    check("itens_assinatura_quantidade_check", sql`${t.quantidade} between 1 and 99`),
  ],
);

export type ItemAssinatura = typeof itensAssinatura.$inferSelect;

/**
 * One due date of a subscription. Unique per (subscription, date): two instances or a restart
 * between the reminder and the order find the row and move it on, never make a second one.
 */
export const ciclosAssinatura = pgTable(
  "ciclos_assinatura",
  {
    id: id(),
    assinaturaId: ownedBy("assinatura_id", () => assinaturas.id),
    data: date("data").notNull(),
    estado: text("estado", { enum: ESTADOS_CICLO }).notNull(),
    /** Why the renewal waits for the customer (price, stock, fee), as the reminder says it. */
    motivo: text("motivo"),
    pedidoId: linkedTo("pedido_id", () => pedidos.id, "set null"),
    lembradoEm: timestamptz("lembrado_em"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("ciclos_assinatura_data_idx").on(t.assinaturaId, t.data),
    index("ciclos_assinatura_pedido_idx").on(t.pedidoId),
    checkInList("ciclos_assinatura_estado_check", "estado", ESTADOS_CICLO),
  ],
);

export type CicloAssinatura = typeof ciclosAssinatura.$inferSelect;

/** The owner's discount for subscribed items: per product, else per category. */
export const descontosAssinatura = pgTable(
  "descontos_assinatura",
  {
    id: id(),
    produtoId: linkedTo("produto_id", () => produtos.id, "cascade"),
    categoriaId: linkedTo("categoria_id", () => categorias.id, "cascade"),
    percentual: integer("percentual").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("descontos_assinatura_produto_idx").on(t.produtoId),
    uniqueIndex("descontos_assinatura_categoria_idx").on(t.categoriaId),
    check(
      "descontos_assinatura_alvo_check",
      sql`(${t.produtoId} is null) <> (${t.categoriaId} is null)`,
    ),
    check("descontos_assinatura_percentual_check", sql`${t.percentual} between 1 and 50`),
  ],
);
