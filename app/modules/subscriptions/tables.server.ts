// The subscriptions module's slice of the stored model (issue 45, decision 0086): a signed-in
// customer's "compra programada" (items every N days at a unit, delivered or picked up), its
// items, one row per due date (the cycle: created once, whatever runs at once), and the
// discount the owner sets per product or category (on items only, never on the delivery fee).
// Relative imports only: drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import { ESTADOS_ASSINATURA, ESTADOS_CICLO } from "../../domain/assinatura";
import { FORMAS_PAGAMENTO, JANELAS_ENTREGA, MODOS_PEDIDO } from "../../domain/statuses";
import * as col from "../../platform/db/columns.server";
import { categorias, produtos, variantes } from "../catalog/tables.server";
import { clientes } from "../customers/tables.server";
import { pedidos } from "../orders/tables.server";
import { unidades } from "../shop/tables.server";

export const assinaturas = pgTable(
  "assinaturas",
  {
    id: col.id(),
    clienteId: col.ownedBy("cliente_id", () => clientes.id),
    /** The unit that prepares it (pick-up) or the one preferred for delivery. */
    unidadeId: col.linkedTo("unidade_id", () => unidades.id, "set null"),
    modo: pg.text("modo", { enum: MODOS_PEDIDO }).notNull(),
    /** The delivery address as subscribed (copied: the address book may change). */
    nome: pg.text("nome").notNull(),
    telefone: pg.text("telefone").notNull(),
    endereco: pg.text("endereco"),
    numero: pg.text("numero"),
    complemento: pg.text("complemento"),
    bairro: pg.text("bairro"),
    referencia: pg.text("referencia"),
    cep: pg.text("cep"),
    janelaEntrega: pg.text("janela_entrega", { enum: JANELAS_ENTREGA }),
    /** The delivery fee when subscribed (centavos, before free delivery): a change waits. */
    taxaAceita: col.money("taxa_aceita"),
    formaPagamento: pg.text("forma_pagamento", { enum: FORMAS_PAGAMENTO }).notNull(),
    intervaloDias: pg.integer("intervalo_dias").notNull(),
    proximaData: pg.date("proxima_data").notNull(),
    estado: pg.text("estado", { enum: ESTADOS_ASSINATURA }).notNull().default("ativa"),
    pausadaAte: pg.date("pausada_ate"),
    /** The reminder e-mail three days before (opt-in at subscribing). */
    lembretes: pg.boolean("lembretes").notNull().default(true),
    termosVersao: pg.text("termos_versao").notNull(),
    termosAceitosEm: col.timestamptz("termos_aceitos_em").notNull(),
    falhasSeguidas: pg.integer("falhas_seguidas").notNull().default(0),
    canceladaEm: col.timestamptz("cancelada_em"),
    protocoloCancelamento: pg.text("protocolo_cancelamento"),
    ...col.timestamps(),
  },
  (t) => [
    pg.index("assinaturas_cliente_idx").on(t.clienteId),
    pg.index("assinaturas_proxima_idx").on(t.estado, t.proximaData),
    pg.uniqueIndex("assinaturas_protocolo_idx").on(t.protocoloCancelamento),
    col.checkInList("assinaturas_estado_check", "estado", ESTADOS_ASSINATURA),
    pg.check("assinaturas_intervalo_check", sql`${t.intervaloDias} between 15 and 90`),
    col.checkInList("assinaturas_modo_check", "modo", MODOS_PEDIDO),
  ],
);

export type Assinatura = typeof assinaturas.$inferSelect;

export const itensAssinatura = pgTable(
  "itens_assinatura",
  {
    id: col.id(),
    assinaturaId: col.ownedBy("assinatura_id", () => assinaturas.id),
    varianteId: col.ownedBy("variante_id", () => variantes.id),
    quantidade: pg.integer("quantidade").notNull(),
    /** The unit price the customer accepted (centavos, before discount): a rise >10% waits. */
    precoAceito: col.money("preco_aceito").notNull(),
  },
  (t) => [
    pg.uniqueIndex("itens_assinatura_variante_idx").on(t.assinaturaId, t.varianteId),
    pg.check("itens_assinatura_quantidade_check", sql`${t.quantidade} between 1 and 99`),
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
    id: col.id(),
    assinaturaId: col.ownedBy("assinatura_id", () => assinaturas.id),
    data: pg.date("data").notNull(),
    estado: pg.text("estado", { enum: ESTADOS_CICLO }).notNull(),
    /** Why the renewal waits for the customer (price, stock, fee), as the reminder says it. */
    motivo: pg.text("motivo"),
    pedidoId: col.linkedTo("pedido_id", () => pedidos.id, "set null"),
    lembradoEm: col.timestamptz("lembrado_em"),
    ...col.timestamps(),
  },
  (t) => [
    pg.uniqueIndex("ciclos_assinatura_data_idx").on(t.assinaturaId, t.data),
    pg.index("ciclos_assinatura_pedido_idx").on(t.pedidoId),
    col.checkInList("ciclos_assinatura_estado_check", "estado", ESTADOS_CICLO),
  ],
);

export type CicloAssinatura = typeof ciclosAssinatura.$inferSelect;

/** The owner's discount for subscribed items: per product, else per category. */
export const descontosAssinatura = pgTable(
  "descontos_assinatura",
  {
    id: col.id(),
    produtoId: col.linkedTo("produto_id", () => produtos.id, "cascade"),
    categoriaId: col.linkedTo("categoria_id", () => categorias.id, "cascade"),
    percentual: pg.integer("percentual").notNull(),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.uniqueIndex("descontos_assinatura_produto_idx").on(t.produtoId),
    pg.uniqueIndex("descontos_assinatura_categoria_idx").on(t.categoriaId),
    pg.check(
      "descontos_assinatura_alvo_check",
      sql`(${t.produtoId} is null) <> (${t.categoriaId} is null)`,
    ),
    pg.check("descontos_assinatura_percentual_check", sql`${t.percentual} between 1 and 50`),
  ],
);
