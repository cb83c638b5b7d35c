// What every outbox table (mail's `emails`, notifications' `webhook_entregas`) holds for the
// delivery engine of platform/outbox.server.ts: the queue columns it claims and retries by,
// and the indexes its claim, the admin's newest-first list and a record's history read.
// Relative imports only: drizzle-kit reads this through the tables files.
import type { Writable } from "drizzle-orm";
import { type ExtraConfigColumn, index, integer, text } from "drizzle-orm/pg-core";
import { checkInList, timestamptz } from "./columns.server";

/** A channel's statuses, `pendente` among them. */
type OutboxStatuses = Readonly<[string, ...string[]]>;

/**
 * Where a row is in the queue: its status (a new row is `pendente`), the attempts made and
 * when the next one is due.
 */
export const outboxQueueColumns = <const S extends OutboxStatuses>(statuses: S) => ({
  status: text("status", { enum: statuses })
    .notNull()
    .default("pendente" as Writable<S>[number]),
  tentativas: integer("tentativas").notNull().default(0),
  proximaTentativa: timestamptz("proxima_tentativa").notNull().defaultNow(),
});

/** The due rows by status (the claim), newest first (the admin), by what they tell about. */
export const outboxIndexes = (
  table: string,
  statuses: OutboxStatuses,
  t: Record<
    "status" | "proximaTentativa" | "createdAt" | "resourceType" | "resourceId",
    ExtraConfigColumn
  >,
) => [
  index(`${table}_fila_idx`).on(t.status, t.proximaTentativa),
  index(`${table}_created_at_idx`).on(t.createdAt.desc()),
  index(`${table}_resource_idx`).on(t.resourceType, t.resourceId),
  checkInList(`${table}_status_check`, "status", statuses),
];
