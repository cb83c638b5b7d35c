// The notifications module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import * as col from "../../platform/db/columns.server";
import { outboxIndexes, outboxQueueColumns } from "../../platform/db/outbox-columns.server";

export const STATUS_WEBHOOK = ["pendente", "entregue", "falhou"] as const;
export const TIPOS_WEBHOOK = ["pedido", "servico", "curriculo", "teste"] as const;

export const webhookEntregas = pgTable(
  "webhook_entregas",
  {
    id: col.id(),
    tipo: pg.text("tipo", { enum: TIPOS_WEBHOOK }).notNull(),
    /** What the announcement is about (`pedido`, `pedido_servico`, `curriculo` and its id). */
    ...col.aboutResource(),
    url: pg.text("url").notNull(),
    payload: pg.jsonb("payload").$type<Record<string, unknown>>().notNull(),
    ...outboxQueueColumns(STATUS_WEBHOOK),
    ultimoStatus: pg.integer("ultimo_status"),
    ultimoErro: pg.text("ultimo_erro"),
    entregueEm: col.timestamptz("entregue_em"),
    ...col.timestamps(),
  },
  (t) => [
    ...outboxIndexes("webhook_entregas", STATUS_WEBHOOK, t),
    col.checkInList("webhook_entregas_tipo_check", "tipo", TIPOS_WEBHOOK),
  ],
);

export type WebhookEntrega = typeof webhookEntregas.$inferSelect;
