// The search's synonym groups, edited in the admin (/admin/loja/sinonimos): listed, added,
// edited and deleted, each write audited. A term belongs to one group only. The store hears
// of a change through the table's trigger (migration 0007); this instance forgets its copy
// at once.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { UUID_PATTERN } from "./listing";
import { forgetSynonyms } from "./search.server";
import type { SynonymGroupInput } from "./synonyms.schema";
import { sinonimos } from "./tables.server";

/** Groups in all, at most: the store keeps them all in memory. */
const MAX_GROUPS = 1000;
const GROUP_NOT_FOUND = "Grupo de sinônimos não encontrado";

export interface SynonymGroup {
  id: string;
  termos: string[];
}

/** Every group, by its first term. */
export async function listSynonymGroups(executor: Executor = db()): Promise<SynonymGroup[]> {
  return executor
    .select({ id: sinonimos.id, termos: sinonimos.termos })
    .from(sinonimos)
    .orderBy(asc(sql`${sinonimos.termos}[1]`), asc(sinonimos.id));
}

/** Refuses terms another group already has (a term in two groups would join them). */
async function assertTermsFree(tx: Executor, termos: string[], exceptId?: string) {
  const taken = await tx
    .select({ termos: sinonimos.termos })
    .from(sinonimos)
    .where(
      and(
        sql`${sinonimos.termos} && ${sql.param(termos)}::text[]`,
        exceptId ? ne(sinonimos.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  const other = taken[0];
  if (!other) return;
  const term = termos.find((t) => other.termos.includes(t))!;
  throw new AdminError(`O termo “${term}” já está no grupo “${other.termos.join(", ")}”`, "termos");
}

export async function createSynonymGroup(
  input: SynonymGroupInput,
  actor: AdminActor,
): Promise<SynonymGroup> {
  const row = await transaction(async (tx) => {
    // One writer at a time: two new groups with the same term never both pass the check.
    await tx.execute(sql`lock table sinonimos in share row exclusive mode`);
    const [{ n }] = (await tx.select({ n: sql<number>`count(*)::int` }).from(sinonimos)) as [
      { n: number },
    ];
    if (n >= MAX_GROUPS) throw new AdminError(`Limite de ${MAX_GROUPS} grupos atingido`);
    await assertTermsFree(tx, input.termos);
    const [created] = await tx
      .insert(sinonimos)
      .values({ termos: input.termos })
      .returning({ id: sinonimos.id, termos: sinonimos.termos });
    await audit(tx, actor, "synonyms_create", "sinonimos", created!.id, { termos: input.termos });
    return created!;
  });
  forgetSynonyms();
  return row;
}

export async function updateSynonymGroup(
  id: string,
  input: SynonymGroupInput,
  actor: AdminActor,
): Promise<SynonymGroup> {
  if (!UUID_PATTERN.test(id)) throw new AdminError(GROUP_NOT_FOUND);
  const row = await transaction(async (tx) => {
    await tx.execute(sql`lock table sinonimos in share row exclusive mode`);
    const [current] = await tx.select().from(sinonimos).where(eq(sinonimos.id, id));
    if (!current) throw new AdminError(GROUP_NOT_FOUND);
    await assertTermsFree(tx, input.termos, id);
    const [updated] = await tx
      .update(sinonimos)
      .set({ termos: input.termos })
      .where(eq(sinonimos.id, id))
      .returning({ id: sinonimos.id, termos: sinonimos.termos });
    await audit(tx, actor, "synonyms_update", "sinonimos", id, {
      antes: current.termos,
      termos: input.termos,
    });
    return updated!;
  });
  forgetSynonyms();
  return row;
}

export async function deleteSynonymGroup(id: string, actor: AdminActor): Promise<SynonymGroup> {
  if (!UUID_PATTERN.test(id)) throw new AdminError(GROUP_NOT_FOUND);
  const row = await transaction(async (tx) => {
    const [deleted] = await tx
      .delete(sinonimos)
      .where(eq(sinonimos.id, id))
      .returning({ id: sinonimos.id, termos: sinonimos.termos });
    if (!deleted) throw new AdminError(GROUP_NOT_FOUND);
    await audit(tx, actor, "synonyms_delete", "sinonimos", id, { termos: deleted.termos });
    return deleted;
  });
  forgetSynonyms();
  return row;
}
