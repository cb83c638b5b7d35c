// The notifications module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import {
  checkInList,
  createdAt,
  id,
  timestamptz,
  updatedAt,
} from "../../platform/db/columns.server";
import { outboxIndexes, outboxQueueColumns } from "../../platform/db/outbox-columns.server";

export const STATUS_WEBHOOK = ["pendente", "entregue", "falhou"] as const;
export const TIPOS_WEBHOOK = ["pedido", "servico", "curriculo", "teste"] as const;

export const webhookEntregas = pgTable(
  "webhook_entregas",
  {
    id: id(),
    tipo: text("tipo", { enum: TIPOS_WEBHOOK }).notNull(),
    /** What the announcement is about (`pedido`, `pedido_servico`, `curriculo` and its id). */
    resourceType: text("resource_type"),
    resourceId: text("resource_id"),
    url: text("url").notNull(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    ...outboxQueueColumns(STATUS_WEBHOOK),
    ultimoStatus: integer("ultimo_status"),
    ultimoErro: text("ultimo_erro"),
    entregueEm: timestamptz("entregue_em"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...outboxIndexes("webhook_entregas", STATUS_WEBHOOK, t),
    checkInList("webhook_entregas_tipo_check", "tipo", TIPOS_WEBHOOK),
  ],
);

export type WebhookEntrega = typeof webhookEntregas.$inferSelect;
