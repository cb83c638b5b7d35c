// The accounts module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Papel } from "../../domain/permissions";
import { createdAt, id, updatedAt } from "../../platform/db/columns.server";

export const usuarios = pgTable(
  "usuarios",
  {
    id: id(),
    email: text("email").notNull(),
    senhaHash: text("senha_hash").notNull(),
    /** The person's name, shown on every action they take ("Por: Ana (Atendente, …)"). */
    nome: text("nome").notNull().default(""),
    /** The role in the shop's team (domain/permissions.ts); null: no access to the panel. */
    papel: text("papel").$type<Papel>(),
    /** A deactivated person cannot sign in; their sessions end when it happens. */
    ativo: boolean("ativo").notNull().default(true),
    /** True: every unit, present and future; false: only `unidadeIds`. */
    todasUnidades: boolean("todas_unidades").notNull().default(true),
    unidadeIds: uuid("unidade_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** When the person was invited (or became staff): the 2FA grace period counts from it. */
    convidadoEm: timestamp("convidado_em", { withTimezone: true }).notNull().defaultNow(),
    ultimoLoginEm: timestamp("ultimo_login_em", { withTimezone: true }),
    totpSecret: text("totp_secret"),
    totpAtivo: boolean("totp_ativo").notNull().default(false),
    /** The last 30-second TOTP step accepted: a code is good once, not for its whole window. */
    totpUltimoPasso: integer("totp_ultimo_passo"),
    /** sha256 hashes of the unused recovery codes. */
    codigosRecuperacao: jsonb("codigos_recuperacao").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("usuarios_email_idx").on(t.email),
    check("usuarios_email_lower_check", sql`${t.email} = lower(${t.email})`),
    check(
      "usuarios_papel_check",
      sql`${t.papel} is null or ${t.papel} in ('dono', 'gerente', 'atendente', 'tosador')`,
    ),
  ],
);

export const sessoes = pgTable(
  "sessoes",
  {
    /** sha256 of the cookie token: a database leak does not hand out live sessions. */
    id: text("id").primaryKey(),
    usuarioId: uuid("usuario_id")
      .notNull()
      .references(() => usuarios.id, { onDelete: "cascade" }),
    /** True between the password step and the TOTP step of a two-factor login. */
    mfaPendente: boolean("mfa_pendente").notNull().default(false),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sessoes_usuario_idx").on(t.usuarioId),
    index("sessoes_expires_idx").on(t.expiresAt),
  ],
);

export type Usuario = typeof usuarios.$inferSelect;
export type Sessao = typeof sessoes.$inferSelect;
