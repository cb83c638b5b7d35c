// The grooming module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { STATUS_SERVICO, TIPOS_SERVICO } from "../../domain/statuses";
import { createdAt, id, inList } from "../../infra/db/columns.server";

export const pedidosServicos = pgTable(
  "pedidos_servicos",
  {
    id: id(),
    numeroPedido: text("numero_pedido").notNull(),
    status: text("status", { enum: STATUS_SERVICO }).notNull().default("aguardando_orcamento"),
    tipoServico: text("tipo_servico", { enum: TIPOS_SERVICO }).notNull(),
    nomeTutor: text("nome_tutor").notNull(),
    whatsapp: text("whatsapp").notNull(),
    nomePet: text("nome_pet").notNull(),
    racaPorte: text("raca_porte").notNull(),
    dataDesejada: date("data_desejada"),
    horarioDesejado: text("horario_desejado"),
    levaTraz: boolean("leva_traz").notNull().default(false),
    endereco: text("endereco"),
    bairro: text("bairro"),
    referencia: text("referencia"),
    observacoes: text("observacoes"),
    fotos: jsonb("fotos").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("pedidos_servicos_numero_idx").on(t.numeroPedido),
    index("pedidos_servicos_created_at_idx").on(t.createdAt.desc()),
    index("pedidos_servicos_status_idx").on(t.status),
    check("pedidos_servicos_status_check", inList("status", STATUS_SERVICO)),
    check("pedidos_servicos_tipo_check", inList("tipo_servico", TIPOS_SERVICO)),
  ],
);

export type PedidoServico = typeof pedidosServicos.$inferSelect;
