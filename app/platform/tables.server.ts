// The platform's own tables: the admin audit trail, the attempt counters every module
// uses and the periodic jobs' runs. No module owns them; drizzle-kit reads this slice with the modules' ones.
import { sql } from "drizzle-orm";
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, inList, newestFirstIndex, timestamptz } from "./db/columns.server";

export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: id(),
    // No foreign key: the trail outlives the user, and failed logins have no user.
    adminUserId: uuid("admin_user_id"),
    action: text("action").notNull(),
    resourceType: text("resource_type"),
    resourceId: text("resource_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [
    // ORDER BY created_at DESC, id DESC straight off the index (migration 0015).
    newestFirstIndex("admin_audit_log_created_at_idx", t),
    // The security events /admin/security counts: a few among the whole trail.
    index("admin_audit_log_seguranca_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`coalesce(${t.details} ->> 'security_event', 'false') <> 'false'`),
    index("admin_audit_log_action_idx").on(t.action),
    // A record's history ("Por: Ana …", issue 41 point 5): an order's, a booking's rows.
    index("admin_audit_log_recurso_idx").on(t.resourceType, t.resourceId, t.createdAt),
  ],
);

export const rateLimits = pgTable(
  "rate_limits",
  {
    id: id(),
    operation: text("operation").notNull(),
    identifier: text("identifier").notNull(),
    attemptCount: integer("attempt_count").notNull().default(0),
    /** Start of the counting window. */
    firstAttempt: timestamptz("first_attempt").notNull().defaultNow(),
    lastAttempt: timestamptz("last_attempt").notNull().defaultNow(),
    blockedUntil: timestamptz("blocked_until"),
  },
  (t) => [
    uniqueIndex("rate_limits_operation_identifier_idx").on(t.operation, t.identifier),
    // The security page's newest first, off the index (a login flood writes many; 0015).
    index("rate_limits_last_attempt_idx").on(t.lastAttempt.desc().nullsFirst()),
  ],
);

/** What a run of a periodic job ended as; null while it runs (or when its instance died). */
export const JOB_OUTCOMES = ["ok", "failed", "timeout"] as const;

/**
 * One row per run of a periodic job (app/platform/jobs): the owner's "Rotinas automáticas"
 * screen reads the last and next run and the recent failures; the runner keeps it bounded.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    id: id(),
    jobId: text("job_id").notNull(),
    /** Which instance ran it (host and process). */
    instanceId: text("instance_id").notNull(),
    startedAt: timestamptz("started_at").notNull(),
    finishedAt: timestamptz("finished_at"),
    outcome: text("outcome", { enum: JOB_OUTCOMES }),
    /** What the run did, as the job counted it ({ removidas: 3 }). */
    counts: jsonb("counts").$type<Record<string, number>>(),
    error: text("error"),
  },
  (t) => [
    index("job_runs_job_started_idx").on(t.jobId, t.startedAt.desc()),
    check(
      "job_runs_outcome_check",
      sql`${t.outcome} is null or ${inList("outcome", JOB_OUTCOMES)}`,
    ),
  ],
);

export type AuditEntry = typeof adminAuditLog.$inferSelect;
export type RateLimit = typeof rateLimits.$inferSelect;

/**
 * What happened, as a module tells the others (decision 0061): one row per event, written in
 * the transaction of the change with what its subscribers queued. Names and ids only: what a
 * subscriber needs travels with the call, never stored here (no personal data).
 */
export const eventos = pgTable(
  "eventos",
  {
    id: id(),
    /** `<recurso>.<o que houve>`: `pedido.criado`, `pedido.status`… */
    tipo: text("tipo").notNull(),
    resourceType: text("resource_type").notNull(),
    resourceId: text("resource_id").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("eventos_resource_idx").on(t.resourceType, t.resourceId),
    index("eventos_created_at_idx").on(t.createdAt),
  ],
);

/**
 * One-time codes sent by e-mail (decision 0071, generalising 0047): a customer signing in
 * (`finalidade` 'conta', `chave` the e-mail) and a returning tutor's pets ('tutor', the phone's
 * digits). Only an HMAC of the code is kept; 10 minutes, one use, 5 wrong tries.
 */
export const codigosAcesso = pgTable(
  "codigos_acesso",
  {
    id: id(),
    finalidade: text("finalidade").notNull(),
    chave: text("chave").notNull(),
    codigoHash: text("codigo_hash").notNull(),
    expiraEm: timestamptz("expira_em").notNull(),
    tentativas: integer("tentativas").notNull().default(0),
    usadoEm: timestamptz("usado_em"),
    createdAt: createdAt(),
  },
  (t) => [index("codigos_acesso_chave_idx").on(t.finalidade, t.chave, t.createdAt)],
);
