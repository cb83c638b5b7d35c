// The shop's team (issue 41 point 1, decision 0067): who is in it, their access, deactivation
// (every session ends at once; a write already in flight is refused by `confirmStillActive`),
// and the last-owner rule, held by a row lock on the active owners.
import { and, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Papel } from "~/domain/permissions";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { now } from "~/platform/clock.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { staffColumns } from "./staff-directory.server";
import { convites, sessoes, type Usuario, usuarios } from "./tables.server";
import type { AccessInput } from "./team.schema";

export const ACCOUNT_DEACTIVATED = "Sua conta foi desativada. Fale com o dono da loja.";
export const LAST_OWNER =
  "A loja precisa de ao menos um Dono ativo: promova outra pessoa a Dono antes.";

/** The people of the team (anyone with a role), owners first, then by name. */
export async function listTeam(executor: Executor = db()) {
  const rows = await executor
    .select({
      ...staffColumns,
      ultimoLoginEm: usuarios.ultimoLoginEm,
      totpAtivo: usuarios.totpAtivo,
      convidadoEm: usuarios.convidadoEm,
      // Spelled out: inside a select list drizzle leaves columns unqualified.
      sessoes: sql<number>`(select count(*)::int from sessoes s where s.usuario_id = usuarios.id)`,
    })
    .from(usuarios)
    .where(isNotNull(usuarios.papel))
    .orderBy(
      desc(usuarios.ativo),
      sql`case ${usuarios.papel} when 'dono' then 0 when 'gerente' then 1 when 'atendente' then 2 else 3 end`,
      usuarios.nome,
      usuarios.email,
    );
  return rows.map((r) => ({ ...r, papel: r.papel as Papel, sessoes: Number(r.sessoes) }));
}

/** Invitations not yet accepted nor revoked (expired ones too: they can be resent). */
export async function listOpenInvitations(executor: Executor = db()) {
  return executor
    .select({
      id: convites.id,
      nome: convites.nome,
      email: convites.email,
      papel: convites.papel,
      todasUnidades: convites.todasUnidades,
      unidadeIds: convites.unidadeIds,
      emitidoEm: convites.emitidoEm,
      expiraEm: convites.expiraEm,
    })
    .from(convites)
    .where(and(isNull(convites.aceitoEm), isNull(convites.revogadoEm)))
    .orderBy(desc(convites.emitidoEm));
}

/**
 * Inside an admin write's transaction (called by `audit`): the person is still an active
 * member. `FOR SHARE` waits for a deactivation in progress and then reads its outcome, so a
 * write that passed the guard just before the deactivation is rolled back.
 */
export async function confirmStillActive(userId: string, executor: Executor): Promise<void> {
  const [row] = await executor
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(eq(usuarios.id, userId), eq(usuarios.ativo, true), isNotNull(usuarios.papel)))
    .for("share");
  if (!row) throw new AdminError(ACCOUNT_DEACTIVATED);
}

/**
 * Locks every active owner's row (and the target's), then reads them again: two owners
 * demoting or deactivating each other at once are serialised here, and the second sees the
 * first's change.
 */
async function lockOwnersAndTarget(tx: Executor, userId: string): Promise<Usuario> {
  await tx
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(and(eq(usuarios.papel, "dono"), eq(usuarios.ativo, true)))
    .orderBy(usuarios.id)
    .for("update");
  const [target] = await tx
    .select()
    .from(usuarios)
    .where(and(eq(usuarios.id, userId), isNotNull(usuarios.papel)))
    .for("update");
  if (!target) throw new AdminError("Pessoa não encontrada.");
  return target;
}

async function otherActiveOwners(tx: Executor, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(usuarios)
    .where(and(eq(usuarios.papel, "dono"), eq(usuarios.ativo, true), ne(usuarios.id, userId)));
  return Number(row?.n ?? 0);
}

async function endSessionsOf(tx: Executor, userId: string): Promise<number> {
  const ended = await tx
    .delete(sessoes)
    .where(eq(sessoes.usuarioId, userId))
    .returning({ id: sessoes.id });
  return ended.length;
}

/** Deactivates a person: they cannot sign in, every session of theirs ends now. */
export async function deactivateMember(userId: string, actor: AdminActor): Promise<Usuario> {
  if (userId === actor.userId) {
    throw new AdminError("Você não pode desativar a própria conta.");
  }
  return transaction(async (tx) => {
    const target = await lockOwnersAndTarget(tx, userId);
    if (!target.ativo) throw new AdminError("Esta pessoa já está desativada.");
    if (target.papel === "dono" && (await otherActiveOwners(tx, userId)) === 0) {
      throw new AdminError(LAST_OWNER);
    }
    const [user] = await tx
      .update(usuarios)
      .set({ ativo: false, updatedAt: now() })
      .where(eq(usuarios.id, userId))
      .returning();
    const ended = await endSessionsOf(tx, userId);
    await audit(tx, actor, "team_member_deactivate", "usuario", userId, {
      email: target.email,
      sessoes_encerradas: ended,
      security_event: true,
    });
    return user!;
  });
}

export async function reactivateMember(userId: string, actor: AdminActor): Promise<Usuario> {
  return transaction(async (tx) => {
    const target = await lockOwnersAndTarget(tx, userId);
    if (target.ativo) throw new AdminError("Esta pessoa já está ativa.");
    const [user] = await tx
      .update(usuarios)
      .set({ ativo: true, updatedAt: now() })
      .where(eq(usuarios.id, userId))
      .returning();
    await audit(tx, actor, "team_member_reactivate", "usuario", userId, {
      email: target.email,
      security_event: true,
    });
    return user!;
  });
}

/** A new role and units. The person's open sessions read them on their next request. */
export async function changeMemberAccess(
  userId: string,
  input: AccessInput,
  actor: AdminActor,
  activeUnitIds: string[],
): Promise<Usuario> {
  const todasUnidades = input.unidades === "todas";
  const unidadeIds = todasUnidades ? [] : [...new Set(input.unidadeIds)];
  if (unidadeIds.some((id) => !activeUnitIds.includes(id))) {
    throw new AdminError("Escolha unidades ativas da loja.", "unidadeIds");
  }
  return transaction(async (tx) => {
    const target = await lockOwnersAndTarget(tx, userId);
    if (
      target.papel === "dono" &&
      input.papel !== "dono" &&
      target.ativo &&
      (await otherActiveOwners(tx, userId)) === 0
    ) {
      throw new AdminError(LAST_OWNER, "papel");
    }
    // An owner sees every unit (decision 0066): the role decides, not the form.
    const all = input.papel === "dono" || todasUnidades;
    const [user] = await tx
      .update(usuarios)
      .set({
        papel: input.papel,
        todasUnidades: all,
        unidadeIds: all ? [] : unidadeIds,
        updatedAt: now(),
      })
      .where(eq(usuarios.id, userId))
      .returning();
    await audit(tx, actor, "team_member_access", "usuario", userId, {
      email: target.email,
      papel_antes: target.papel,
      papel: input.papel,
      unidades: all ? "todas" : unidadeIds,
      security_event: true,
    });
    return user!;
  });
}

/** Ends every session of another person (an owner's "encerrar sessões"), audited. */
export async function endMemberSessions(userId: string, actor: AdminActor): Promise<number> {
  if (userId === actor.userId) {
    throw new AdminError("Para encerrar as suas sessões, use Minha conta.");
  }
  return transaction(async (tx) => {
    const [target] = await tx
      .select({ id: usuarios.id, email: usuarios.email })
      .from(usuarios)
      .where(and(eq(usuarios.id, userId), isNotNull(usuarios.papel)));
    if (!target) throw new AdminError("Pessoa não encontrada.");
    const ended = await endSessionsOf(tx, userId);
    await audit(tx, actor, "team_member_sessions_end", "usuario", userId, {
      email: target.email,
      sessoes_encerradas: ended,
      security_event: true,
    });
    return ended;
  });
}
