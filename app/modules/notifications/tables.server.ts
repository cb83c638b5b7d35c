// The notifications module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import {
  checkInList,
  createdAt,
  id,
  timestamptz,
  updatedAt,
} from "../../platform/db/columns.server";

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
    status: text("status", { enum: STATUS_WEBHOOK }).notNull().default("pendente"),
    tentativas: integer("tentativas").notNull().default(0),
    proximaTentativa: timestamptz("proxima_tentativa").notNull().defaultNow(),
    ultimoStatus: integer("ultimo_status"),
    ultimoErro: text("ultimo_erro"),
    entregueEm: timestamptz("entregue_em"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("webhook_entregas_fila_idx").on(t.status, t.proximaTentativa),
    index("webhook_entregas_created_at_idx").on(t.createdAt.desc()),
    index("webhook_entregas_resource_idx").on(t.resourceType, t.resourceId),
    checkInList("webhook_entregas_status_check", "status", STATUS_WEBHOOK),
    checkInList("webhook_entregas_tipo_check", "tipo", TIPOS_WEBHOOK),
  ],
);

export type WebhookEntrega = typeof webhookEntregas.$inferSelect;
