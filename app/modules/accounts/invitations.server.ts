// Invitations to the team and password resets an owner sends (issue 41 point 1, decision 0067):
// one-time links by e-mail through the outbox, 48 h (invitation) or 24 h (reset), each
// answered with the person's own password under today's policy.
import crypto from "node:crypto";
import { and, eq, isNotNull, isNull } from "drizzle-orm";
import { enqueueEmails } from "~/modules/mail/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { logAudit } from "~/platform/admin/audit.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, type Tx, transaction } from "~/platform/db/client.server";
import { withPasswordHashing } from "./password-hashing.server";
import { passwordWeakness } from "./password-policy.server";
import { hashPassword, normalizeEmail, sha256 } from "./session.server";
import { LOGIN_OPS, newPasswordHolds, signedInHeaders, startSession } from "./sign-in.server";
import {
  type Convite,
  convites,
  type RedefinicaoSenha,
  redefinicoesSenha,
  type Usuario,
  usuarios,
} from "./tables.server";
import type { InviteInput } from "./team.schema";
import {
  INVITE_VALID_MS,
  LINK_MESSAGES,
  linkTokenHash,
  RESET_VALID_MS,
  readLinkToken,
} from "./team-links.server";

export const TEAM_EMAIL_KINDS = { convite: "equipe_convite", senha: "equipe_senha" } as const;

const UNIQUE_VIOLATION = "23505";

function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as never) {
    if (e.code === UNIQUE_VIOLATION) return true;
  }
  return false;
}

/** The chosen units must be active units of the shop (read by the caller through shop's face). */
function checkUnits(input: { unidades: string; unidadeIds: string[] }, activeUnitIds: string[]) {
  if (input.unidades === "todas") return [];
  const ids = [...new Set(input.unidadeIds)];
  if (ids.some((id) => !activeUnitIds.includes(id))) {
    throw new AdminError("Escolha unidades ativas da loja.", "unidadeIds");
  }
  return ids;
}

async function queueInviteEmail(tx: Executor, convite: Convite, origem: string | null) {
  await enqueueEmails(tx, [
    {
      tipo: TEAM_EMAIL_KINDS.convite,
      destinatario: convite.email,
      resourceType: "convite",
      resourceId: convite.id,
      origem,
      dados: { emitido: convite.emitidoEm.toISOString() },
    },
  ]);
}

/** Invites a person: an open invitation and its e-mail, in one transaction. */
export async function inviteMember(
  input: InviteInput,
  actor: AdminActor,
  activeUnitIds: string[],
  origem: string | null,
): Promise<Convite> {
  const email = normalizeEmail(input.email);
  const unidadeIds = checkUnits(input, activeUnitIds);
  try {
    return await transaction(async (tx) => {
      const [member] = await tx
        .select({ id: usuarios.id })
        .from(usuarios)
        .where(and(eq(usuarios.email, email), isNotNull(usuarios.papel)));
      if (member)
        throw new AdminError(
          "Já existe uma pessoa da equipe com este e-mail (se estiver desativada, reative-a).",
          "email",
        );
      const id = crypto.randomUUID();
      const emitidoEm = now();
      const [convite] = await tx
        .insert(convites)
        .values({
          id,
          email,
          nome: input.nome,
          papel: input.papel,
          todasUnidades: input.unidades === "todas",
          unidadeIds,
          tokenHash: linkTokenHash("convite", id, emitidoEm),
          emitidoEm,
          expiraEm: new Date(emitidoEm.getTime() + INVITE_VALID_MS),
          convidadoPor: actor.userId || null,
        })
        .returning();
      await queueInviteEmail(tx, convite!, origem);
      await audit(tx, actor, "team_invite", "convite", id, { email, papel: input.papel });
      return convite!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AdminError(
        "Já existe um convite aberto para este e-mail. Use “Reenviar” na lista de convites.",
        "email",
      );
    }
    throw error;
  }
}

async function openInviteForUpdate(tx: Executor, id: string): Promise<Convite> {
  const [convite] = await tx.select().from(convites).where(eq(convites.id, id)).for("update");
  if (!convite) throw new AdminError("Convite não encontrado.");
  if (convite.aceitoEm) throw new AdminError("Este convite já foi aceito.");
  if (convite.revogadoEm) throw new AdminError("Este convite foi cancelado.");
  return convite;
}

/** A new link (the older one dies) valid 48 h from now, and its e-mail. */
export async function resendInvitation(
  id: string,
  actor: AdminActor,
  origem: string | null,
): Promise<Convite> {
  return transaction(async (tx) => {
    const open = await openInviteForUpdate(tx, id);
    const emitidoEm = now();
    const [convite] = await tx
      .update(convites)
      .set({
        tokenHash: linkTokenHash("convite", id, emitidoEm),
        emitidoEm,
        expiraEm: new Date(emitidoEm.getTime() + INVITE_VALID_MS),
      })
      .where(eq(convites.id, open.id))
      .returning();
    await queueInviteEmail(tx, convite!, origem);
    await audit(tx, actor, "team_invite_resend", "convite", id, { email: convite!.email });
    return convite!;
  });
}

export async function revokeInvitation(id: string, actor: AdminActor): Promise<Convite> {
  return transaction(async (tx) => {
    const open = await openInviteForUpdate(tx, id);
    const [convite] = await tx
      .update(convites)
      .set({ revogadoEm: now() })
      .where(eq(convites.id, open.id))
      .returning();
    await audit(tx, actor, "team_invite_revoke", "convite", id, { email: convite!.email });
    return convite!;
  });
}

export type LinkState<T> = { ok: true; row: T } | { ok: false; message: string };

function inviteState(convite: Convite | undefined, at: Date): LinkState<Convite> {
  if (!convite) return { ok: false, message: LINK_MESSAGES.invalid };
  if (convite.aceitoEm) return { ok: false, message: LINK_MESSAGES.conviteUsado };
  if (convite.revogadoEm) return { ok: false, message: LINK_MESSAGES.conviteRevogado };
  if (at >= convite.expiraEm) return { ok: false, message: LINK_MESSAGES.conviteExpirado };
  return { ok: true, row: convite };
}

async function inviteByToken(token: string | undefined, executor: Executor, lock: boolean) {
  const raw = readLinkToken(token);
  if (!raw) return undefined;
  const query = executor
    .select()
    .from(convites)
    .where(eq(convites.tokenHash, sha256(raw)));
  const [convite] = lock ? await query.for("update") : await query;
  return convite;
}

/** What the invitation page shows for a link. */
export async function openInvitation(
  token: string | undefined,
): Promise<LinkState<Pick<Convite, "nome" | "email" | "papel" | "expiraEm">>> {
  const state = inviteState(await inviteByToken(token, db(), false), now());
  if (!state.ok) return state;
  const { nome, email, papel, expiraEm } = state.row;
  return { ok: true, row: { nome, email, papel, expiraEm } };
}

export type LinkPasswordOutcome =
  | { ok: true; headers?: Headers; user: Usuario }
  | { ok: false; field: "senha" | "form"; message: string };

/**
 * The password a link's page asks for: refused when the link no longer opens or the password
 * is weak (the person's e-mail and name count against it), else hashed.
 */
async function linkPassword(
  link: LinkState<{ email: string; nome: string }>,
  senha: string,
  shopWords: string[],
  at: Date,
): Promise<{ ok: true; senhaHash: string } | Extract<LinkPasswordOutcome, { ok: false }>> {
  if (!link.ok) return { ok: false, field: "form", message: link.message };
  const weak = await passwordWeakness(senha, [link.row.email, link.row.nome], shopWords, at);
  if (weak) return { ok: false, field: "senha", message: weak };
  return { ok: true, senhaHash: await withPasswordHashing(() => hashPassword(senha)) };
}

/**
 * A link's password step, for the invitation and the reset alike: the password checked and
 * hashed outside the transaction (hashing is slow), then the link read again under a row lock
 * (`lock`: two tabs pressing at once use it once) and `write` run with it, in one transaction.
 */
async function withLinkPassword<Row>(
  opened: LinkState<{ email: string; nome: string }>,
  senha: string,
  shopWords: string[],
  lock: (tx: Tx) => Promise<LinkState<Row>>,
  write: (tx: Tx, row: Row, senhaHash: string) => Promise<LinkPasswordOutcome>,
): Promise<LinkPasswordOutcome> {
  const checked = await linkPassword(opened, senha, shopWords, now());
  if (!checked.ok) return checked;
  return transaction(async (tx): Promise<LinkPasswordOutcome> => {
    const state = await lock(tx);
    if (!state.ok) return { ok: false, field: "form", message: state.message };
    return write(tx, state.row, checked.senhaHash);
  });
}

/**
 * Accepts an invitation: the person's account with their own password, the link used up (a
 * row lock: two tabs pressing at once create one account), and a signed-in session.
 */
export async function acceptInvitation(
  request: Request,
  token: string | undefined,
  senha: string,
  shopWords: string[],
): Promise<LinkPasswordOutcome> {
  const outcome = await withLinkPassword(
    await openInvitation(token),
    senha,
    shopWords,
    async (tx) => inviteState(await inviteByToken(token, tx, true), now()),
    async (tx, convite, senhaHash) => {
      const [existing] = await tx.select().from(usuarios).where(eq(usuarios.email, convite.email));
      if (existing?.papel != null) {
        return { ok: false, field: "form", message: LINK_MESSAGES.conviteUsado };
      }
      const values = {
        email: convite.email,
        senhaHash,
        nome: convite.nome,
        papel: convite.papel,
        ativo: true,
        todasUnidades: convite.todasUnidades,
        unidadeIds: convite.unidadeIds,
        convidadoEm: convite.emitidoEm,
        updatedAt: now(),
      };
      const [user] = existing
        ? await tx.update(usuarios).set(values).where(eq(usuarios.id, existing.id)).returning()
        : await tx.insert(usuarios).values(values).returning();
      await tx
        .update(convites)
        .set({ aceitoEm: now(), usuarioId: user!.id })
        .where(eq(convites.id, convite.id));
      await logAudit(
        {
          request,
          adminUserId: user!.id,
          action: "team_invite_accept",
          resourceType: "convite",
          resourceId: convite.id,
          details: { email: convite.email, papel: convite.papel },
        },
        tx,
      );
      return { ok: true, user: user! };
    },
  );
  if (!outcome.ok) return outcome;
  const sessionToken = await startSession(request, outcome.user, { metodo: "convite" });
  return {
    ok: true,
    user: outcome.user,
    headers: signedInHeaders(sessionToken, outcome.user, request),
  };
}

/** Sends a person a password reset link (an older unused one dies), audited. */
export async function sendPasswordReset(
  userId: string,
  actor: AdminActor,
  origem: string | null,
): Promise<Usuario> {
  return transaction(async (tx) => {
    const [user] = await tx
      .select()
      .from(usuarios)
      .where(and(eq(usuarios.id, userId), isNotNull(usuarios.papel)));
    if (!user) throw new AdminError("Pessoa não encontrada.");
    if (!user.ativo) throw new AdminError("Reative a pessoa antes de enviar uma nova senha.");
    await tx
      .delete(redefinicoesSenha)
      .where(and(eq(redefinicoesSenha.usuarioId, user.id), isNull(redefinicoesSenha.usadoEm)));
    const id = crypto.randomUUID();
    const emitidoEm = now();
    await tx.insert(redefinicoesSenha).values({
      id,
      usuarioId: user.id,
      tokenHash: linkTokenHash("senha", id, emitidoEm),
      emitidoEm,
      expiraEm: new Date(emitidoEm.getTime() + RESET_VALID_MS),
      pedidoPor: actor.userId || null,
    });
    await enqueueEmails(tx, [
      {
        tipo: TEAM_EMAIL_KINDS.senha,
        destinatario: user.email,
        resourceType: "redefinicao_senha",
        resourceId: id,
        origem,
        dados: { emitido: emitidoEm.toISOString() },
      },
    ]);
    await audit(tx, actor, "password_reset_send", "usuario", user.id, {
      email: user.email,
      security_event: true,
    });
    return user;
  });
}

type ResetRow = RedefinicaoSenha & { user: Usuario };

function resetState(row: ResetRow | undefined, at: Date): LinkState<ResetRow> {
  if (!row) return { ok: false, message: LINK_MESSAGES.invalid };
  if (row.usadoEm) return { ok: false, message: LINK_MESSAGES.senhaUsada };
  if (at >= row.expiraEm) return { ok: false, message: LINK_MESSAGES.senhaExpirada };
  if (!row.user.ativo || row.user.papel == null) {
    return { ok: false, message: LINK_MESSAGES.contaInativa };
  }
  return { ok: true, row };
}

async function resetByToken(
  token: string | undefined,
  executor: Executor,
  lock: boolean,
): Promise<ResetRow | undefined> {
  const raw = readLinkToken(token);
  if (!raw) return undefined;
  const query = executor
    .select({ reset: redefinicoesSenha, user: usuarios })
    .from(redefinicoesSenha)
    .innerJoin(usuarios, eq(usuarios.id, redefinicoesSenha.usuarioId))
    .where(eq(redefinicoesSenha.tokenHash, sha256(raw)));
  const [row] = lock ? await query.for("update") : await query;
  return row ? { ...row.reset, user: row.user } : undefined;
}

/** What the reset page shows for a link. */
export async function openPasswordReset(
  token: string | undefined,
): Promise<LinkState<{ email: string; nome: string }>> {
  const state = resetState(await resetByToken(token, db(), false), now());
  if (!state.ok) return state;
  return { ok: true, row: { email: state.row.user.email, nome: state.row.user.nome } };
}

/**
 * Uses a reset link: the new password, every session of the person ended, the e-mail's sign-in
 * counter cleared (the owner is helping a locked-out person). The person then signs in as
 * usual, second factor included.
 */
export async function completePasswordReset(
  request: Request,
  token: string | undefined,
  senha: string,
  shopWords: string[],
): Promise<LinkPasswordOutcome> {
  return withLinkPassword(
    await openPasswordReset(token),
    senha,
    shopWords,
    async (tx) => resetState(await resetByToken(token, tx, true), now()),
    async (tx, reset, senhaHash) => {
      const { user } = reset;
      await tx
        .update(redefinicoesSenha)
        .set({ usadoEm: now() })
        .where(eq(redefinicoesSenha.id, reset.id));
      await newPasswordHolds(tx, {
        request,
        user,
        senhaHash,
        at: now(),
        attempts: [LOGIN_OPS.email, user.email],
        action: "password_reset",
        details: { sessoes_encerradas: true, security_event: true },
      });
      return { ok: true, user };
    },
  );
}

/** For the composer: the link row a queued e-mail is about, if it is still the current one. */
export async function currentLink(
  kind: "convite" | "senha",
  id: string,
  emitido: string | undefined,
  executor: Executor,
): Promise<{ emitidoEm: Date; nome: string; papel: string | null } | null> {
  const at = now();
  if (kind === "convite") {
    const [c] = await executor.select().from(convites).where(eq(convites.id, id));
    if (!c || c.aceitoEm || c.revogadoEm || at >= c.expiraEm) return null;
    if (c.emitidoEm.toISOString() !== emitido) return null;
    return { emitidoEm: c.emitidoEm, nome: c.nome, papel: c.papel };
  }
  const [r] = await executor
    .select({ reset: redefinicoesSenha, nome: usuarios.nome, papel: usuarios.papel })
    .from(redefinicoesSenha)
    .innerJoin(usuarios, eq(usuarios.id, redefinicoesSenha.usuarioId))
    .where(eq(redefinicoesSenha.id, id));
  if (!r || r.reset.usadoEm || at >= r.reset.expiraEm) return null;
  if (r.reset.emitidoEm.toISOString() !== emitido) return null;
  return { emitidoEm: r.reset.emitidoEm, nome: r.nome, papel: r.papel };
}
