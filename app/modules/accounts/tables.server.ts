// The accounts module's slice of the stored model (SPEC §3 names). Relative imports only:
// drizzle-kit reads the schema files without the path alias.
import { sql } from "drizzle-orm";
import * as pg from "drizzle-orm/pg-core";
import { pgTable } from "drizzle-orm/pg-core";
import { PAPEIS, type Papel } from "../../domain/permissions";
import * as col from "../../platform/db/columns.server";
import { sessionIndexes, sessionLifetime } from "../../platform/db/session-columns.server";

/** The units a person works at: every one, present and future, or only `unidadeIds`. */
const unitScope = () => ({
  todasUnidades: pg.boolean("todas_unidades").notNull().default(true),
  unidadeIds: pg.uuid("unidade_ids").array().notNull().default(sql`'{}'::uuid[]`),
});

/** A person is found by e-mail: it is kept in lower case. */
const emailInLowerCase = (table: string, email: pg.ExtraConfigColumn) =>
  pg.check(`${table}_email_lower_check`, sql`${email} = lower(${email})`);

/**
 * A one-time link (decision 0067): the sha256 of its token only (a new link replaces it, so
 * the older one dies), when it was issued (the token is derived from it) and until when it works.
 */
const oneTimeLink = () => ({
  tokenHash: pg.text("token_hash").notNull(),
  emitidoEm: col.timestamptz("emitido_em").notNull(),
  expiraEm: col.timestamptz("expira_em").notNull(),
});

const oneTimeLinkIndex = (table: string, t: { tokenHash: pg.ExtraConfigColumn }) =>
  pg.uniqueIndex(`${table}_token_idx`).on(t.tokenHash);

export const usuarios = pgTable(
  "usuarios",
  {
    id: col.id(),
    email: pg.text("email").notNull(),
    senhaHash: pg.text("senha_hash").notNull(),
    /** The person's name, shown on every action they take ("Por: Ana (Atendente, …)"). */
    nome: pg.text("nome").notNull().default(""),
    /** The role in the shop's team (domain/permissions.ts); null: no access to the panel. */
    papel: pg.text("papel").$type<Papel>(),
    /** A deactivated person cannot sign in; their sessions end when it happens. */
    ativo: col.ativo(),
    ...unitScope(),
    /** When the person was invited (or became staff): the 2FA grace period counts from it. */
    convidadoEm: col.timestamptz("convidado_em").notNull().defaultNow(),
    ultimoLoginEm: col.timestamptz("ultimo_login_em"),
    totpSecret: pg.text("totp_secret"),
    totpAtivo: pg.boolean("totp_ativo").notNull().default(false),
    /** The last 30-second TOTP step accepted: a code is good once, not for its whole window. */
    totpUltimoPasso: pg.integer("totp_ultimo_passo"),
    /** sha256 hashes of the unused recovery codes. */
    codigosRecuperacao: pg.jsonb("codigos_recuperacao").$type<string[]>().notNull().default([]),
    ...col.timestamps(),
  },
  (t) => [
    pg.uniqueIndex("usuarios_email_idx").on(t.email),
    emailInLowerCase("usuarios", t.email),
    pg.check("usuarios_papel_check", sql`${t.papel} is null or ${col.inList(t.papel, PAPEIS)}`),
  ],
);

export const sessoes = pgTable(
  "sessoes",
  {
    /** sha256 of the cookie token: a database leak does not hand out live sessions. */
    id: pg.text("id").primaryKey(),
    usuarioId: col.ownedBy("usuario_id", () => usuarios.id),
    /** True between the password step and the TOTP step of a two-factor login. */
    mfaPendente: pg.boolean("mfa_pendente").notNull().default(false),
    ipAddress: pg.text("ip_address"),
    ...sessionLifetime(),
  },
  (t) => sessionIndexes("sessoes", "usuario", { owner: t.usuarioId, expiresAt: t.expiresAt }),
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
    id: col.id(),
    email: pg.text("email").notNull(),
    nome: pg.text("nome").notNull(),
    papel: pg.text("papel").$type<Papel>().notNull(),
    ...unitScope(),
    /** A resend makes a new link. */
    ...oneTimeLink(),
    aceitoEm: col.timestamptz("aceito_em"),
    revogadoEm: col.timestamptz("revogado_em"),
    convidadoPor: col.linkedTo("convidado_por", () => usuarios.id, "set null"),
    usuarioId: col.linkedTo("usuario_id", () => usuarios.id, "set null"),
    createdAt: col.createdAt(),
  },
  (t) => [
    oneTimeLinkIndex("convites", t),
    // One open invitation per e-mail: a second one is a resend.
    pg
      .uniqueIndex("convites_email_aberto_idx")
      .on(t.email)
      .where(sql`${t.aceitoEm} is null and ${t.revogadoEm} is null`),
    emailInLowerCase("convites", t.email),
    pg.check("convites_papel_check", col.inList(t.papel, PAPEIS)),
  ],
);

/** A password reset an owner sent to a person: one-time link, its hash only (decision 0067). */
export const redefinicoesSenha = pgTable(
  "redefinicoes_senha",
  {
    id: col.id(),
    usuarioId: col.ownedBy("usuario_id", () => usuarios.id),
    ...oneTimeLink(),
    usadoEm: col.timestamptz("usado_em"),
    pedidoPor: col.linkedTo("pedido_por", () => usuarios.id, "set null"),
    createdAt: col.createdAt(),
  },
  (t) => [
    oneTimeLinkIndex("redefinicoes_senha", t),
    pg.index("redefinicoes_senha_usuario_idx").on(t.usuarioId),
  ],
);

export type Convite = typeof convites.$inferSelect;
export type RedefinicaoSenha = typeof redefinicoesSenha.$inferSelect;
