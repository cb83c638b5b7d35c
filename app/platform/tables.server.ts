// The platform's own tables: the admin audit trail, the attempt counters every module
// uses and the periodic jobs' runs. No module owns them; drizzle-kit reads this slice with the modules' ones.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import * as col from "./db/columns.server";

export const adminAuditLog = pgTable(
  "admin_audit_log",
  {
    id: col.id(),
    // No foreign key: the trail outlives the user, and failed logins have no user.
    adminUserId: pg.uuid("admin_user_id"),
    action: pg.text("action").notNull(),
    ...col.aboutResource(),
    details: pg.jsonb("details").$type<Record<string, unknown>>(),
    ipAddress: pg.text("ip_address"),
    userAgent: pg.text("user_agent"),
    createdAt: col.createdAt(),
  },
  (t) => [
    // ORDER BY created_at DESC, id DESC straight off the index (migration 0015).
    col.newestFirstIndex("admin_audit_log_created_at_idx", t),
    // The security events /admin/security counts: a few among the whole trail.
    pg
      .index("admin_audit_log_seguranca_idx")
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`coalesce(${t.details} ->> 'security_event', 'false') <> 'false'`),
    pg.index("admin_audit_log_action_idx").on(t.action),
    // A record's history ("Por: Ana …", issue 41 point 5): an order's, a booking's rows.
    pg.index("admin_audit_log_recurso_idx").on(t.resourceType, t.resourceId, t.createdAt),
  ],
);

export const rateLimits = pgTable(
  "rate_limits",
  {
    id: col.id(),
    operation: pg.text("operation").notNull(),
    identifier: pg.text("identifier").notNull(),
    attemptCount: pg.integer("attempt_count").notNull().default(0),
    /** Start of the counting window. */
    firstAttempt: col.timestamptz("first_attempt").notNull().defaultNow(),
    lastAttempt: col.timestamptz("last_attempt").notNull().defaultNow(),
    blockedUntil: col.timestamptz("blocked_until"),
  },
  (t) => [
    pg.uniqueIndex("rate_limits_operation_identifier_idx").on(t.operation, t.identifier),
    // The security page's newest first, off the index (a login flood writes many; 0015).
    pg.index("rate_limits_last_attempt_idx").on(t.lastAttempt.desc().nullsFirst()),
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
    id: col.id(),
    jobId: pg.text("job_id").notNull(),
    /** Which instance ran it (host and process). */
    instanceId: pg.text("instance_id").notNull(),
    startedAt: col.timestamptz("started_at").notNull(),
    finishedAt: col.timestamptz("finished_at"),
    outcome: pg.text("outcome", { enum: JOB_OUTCOMES }),
    /** What the run did, as the job counted it ({ removidas: 3 }). */
    counts: pg.jsonb("counts").$type<Record<string, number>>(),
    error: pg.text("error"),
  },
  (t) => [
    pg.index("job_runs_job_started_idx").on(t.jobId, t.startedAt.desc()),
    pg.check(
      "job_runs_outcome_check",
      sql`${t.outcome} is null or ${col.inList("outcome", JOB_OUTCOMES)}`,
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
    id: col.id(),
    /** `<recurso>.<o que houve>`: `pedido.criado`, `pedido.status`… */
    tipo: pg.text("tipo").notNull(),
    resourceType: pg.text("resource_type").notNull(),
    resourceId: pg.text("resource_id").notNull(),
    createdAt: col.createdAt(),
  },
  (t) => [
    pg.index("eventos_resource_idx").on(t.resourceType, t.resourceId),
    pg.index("eventos_created_at_idx").on(t.createdAt),
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
    id: col.id(),
    finalidade: pg.text("finalidade").notNull(),
    chave: pg.text("chave").notNull(),
    codigoHash: pg.text("codigo_hash").notNull(),
    expiraEm: col.timestamptz("expira_em").notNull(),
    tentativas: pg.integer("tentativas").notNull().default(0),
    usadoEm: col.timestamptz("usado_em"),
    createdAt: col.createdAt(),
  },
  (t) => [pg.index("codigos_acesso_chave_idx").on(t.finalidade, t.chave, t.createdAt)],
);
