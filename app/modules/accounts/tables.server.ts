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
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { Papel } from "../../domain/permissions";
import {
  ativo,
  createdAt,
  id,
  linkedTo,
  ownedBy,
  timestamptz,
  updatedAt,
} from "../../platform/db/columns.server";

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
    ativo: ativo(),
    /** True: every unit, present and future; false: only `unidadeIds`. */
    todasUnidades: boolean("todas_unidades").notNull().default(true),
    unidadeIds: uuid("unidade_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** When the person was invited (or became staff): the 2FA grace period counts from it. */
    convidadoEm: timestamptz("convidado_em").notNull().defaultNow(),
    ultimoLoginEm: timestamptz("ultimo_login_em"),
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
    usuarioId: ownedBy("usuario_id", () => usuarios.id),
    /** True between the password step and the TOTP step of a two-factor login. */
    mfaPendente: boolean("mfa_pendente").notNull().default(false),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    expiresAt: timestamptz("expires_at").notNull(),
  },
  (t) => [
    index("sessoes_usuario_idx").on(t.usuarioId),
    index("sessoes_expires_idx").on(t.expiresAt),
  ],
);

export type Usuario = typeof usuarios.$inferSelect;
export type Sessao = typeof sessoes.$inferSelect;

/**
 * An invitation to the team (issue 41, decision 0067): who, with which role and units, and the
 * one-time link's hash (the link itself is derived from the server's secret, never stored).
 * The person's account is created when they accept and choose their own password.
 */
export const convites = pgTable(
  "convites",
  {
    id: id(),
    email: text("email").notNull(),
    nome: text("nome").notNull(),
    papel: text("papel").$type<Papel>().notNull(),
    todasUnidades: boolean("todas_unidades").notNull().default(true),
    unidadeIds: uuid("unidade_ids").array().notNull().default(sql`'{}'::uuid[]`),
    /** sha256 of the link's token; a resend replaces it, so the older link dies. */
    tokenHash: text("token_hash").notNull(),
    /** When the current link was issued (the token is derived from it). */
    emitidoEm: timestamptz("emitido_em").notNull(),
    expiraEm: timestamptz("expira_em").notNull(),
    aceitoEm: timestamptz("aceito_em"),
    revogadoEm: timestamptz("revogado_em"),
    convidadoPor: linkedTo("convidado_por", () => usuarios.id, "set null"),
    usuarioId: linkedTo("usuario_id", () => usuarios.id, "set null"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("convites_token_idx").on(t.tokenHash),
    // One open invitation per e-mail: a second one is a resend.
    uniqueIndex("convites_email_aberto_idx")
      .on(t.email)
      .where(sql`${t.aceitoEm} is null and ${t.revogadoEm} is null`),
    check("convites_email_lower_check", sql`${t.email} = lower(${t.email})`),
    check("convites_papel_check", sql`${t.papel} in ('dono', 'gerente', 'atendente', 'tosador')`),
  ],
);

/** A password reset an owner sent to a person: one-time link, its hash only (decision 0067). */
export const redefinicoesSenha = pgTable(
  "redefinicoes_senha",
  {
    id: id(),
    usuarioId: ownedBy("usuario_id", () => usuarios.id),
    tokenHash: text("token_hash").notNull(),
    emitidoEm: timestamptz("emitido_em").notNull(),
    expiraEm: timestamptz("expira_em").notNull(),
    usadoEm: timestamptz("usado_em"),
    pedidoPor: linkedTo("pedido_por", () => usuarios.id, "set null"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("redefinicoes_senha_token_idx").on(t.tokenHash),
    index("redefinicoes_senha_usuario_idx").on(t.usuarioId),
  ],
);

export type Convite = typeof convites.$inferSelect;
export type RedefinicaoSenha = typeof redefinicoesSenha.$inferSelect;
