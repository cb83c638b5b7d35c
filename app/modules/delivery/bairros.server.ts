// Delivery neighbourhoods: the served ones the checkout and the cart read, with the delivery
// rules, and the store settings list the admin edits (SPEC §5.7 rules).

import { asc, eq, sql } from "drizzle-orm";
import { getUnit, type Settings } from "~/modules/shop/index.server";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { db, type Executor, inTransaction, transaction } from "~/platform/db/client.server";
import { isUniqueViolation } from "~/platform/db/errors.server";
import { keptUntilChanged } from "~/platform/page-data.server";
import { BAIRRO_DUPLICATE, BAIRRO_UNIT_INVALID, type BairroInput } from "./bairro.schema";
import type { DeliveryRules } from "./fees";
import { type BairroEntrega, bairrosEntrega } from "./tables.server";

const keptBairros = keptUntilChanged(["bairros_entrega"], () => readActiveBairros());

/** A write to the neighbourhoods: once it is done, this instance reads them again. */
function forgettingServed<T>(write: Promise<T>): Promise<T> {
  return write.finally(() => keptBairros.forget());
}

/**
 * Refuses a delivering unit that does not exist, is inactive or does not deliver. Null (the
 * first unit that delivers) is always accepted.
 */
async function checkDeliveringUnit(executor: Executor, unidadeId: string | null | undefined) {
  if (!unidadeId) return;
  const unit = await getUnit(unidadeId, executor);
  if (!unit?.ativo || !unit.atendeEntregas) throw new AdminError(BAIRRO_UNIT_INVALID, "unidadeId");
}

export async function listBairros(executor: Executor = db()): Promise<BairroEntrega[]> {
  return executor.select().from(bairrosEntrega).orderBy(asc(bairrosEntrega.nome));
}

/** Adds a neighbourhood, in a transaction of its own or in the caller's (`executor`, the demo seed). */
export async function addBairro(
  input: BairroInput,
  actor: AdminActor,
  executor?: Executor,
): Promise<BairroEntrega> {
  try {
    return await forgettingServed(
      inTransaction(executor, async (tx) => {
        const [existing] = await tx
          .select({ id: bairrosEntrega.id })
          .from(bairrosEntrega)
          .where(sql`lower(${bairrosEntrega.nome}) = lower(${input.nome})`);
        if (existing) throw new AdminError(BAIRRO_DUPLICATE, "nome");
        await checkDeliveringUnit(tx, input.unidadeId);
        const [row] = await tx
          .insert(bairrosEntrega)
          .values({
            nome: input.nome,
            taxaEntrega: input.taxaEntrega,
            ativo: true,
            unidadeId: input.unidadeId ?? null,
          })
          .returning();
        await audit(tx, actor, "bairro_create", "bairro", row!.id, {
          nome: row!.nome,
          taxa_entrega: row!.taxaEntrega,
          unidade_id: row!.unidadeId,
        });
        return row!;
      }),
    );
  } catch (error) {
    // Two admins adding the same name at once: the unique index decides.
    if (isUniqueViolation(error)) throw new AdminError(BAIRRO_DUPLICATE, "nome");
    throw error;
  }
}

export async function updateBairro(
  id: string,
  changes: { taxaEntrega?: number; ativo?: boolean; unidadeId?: string | null },
  actor: AdminActor,
): Promise<BairroEntrega> {
  return forgettingServed(
    transaction(async (tx) => {
      await checkDeliveringUnit(tx, changes.unidadeId);
      const [row] = await tx
        .update(bairrosEntrega)
        .set(changes)
        .where(eq(bairrosEntrega.id, id))
        .returning();
      if (!row) throw new AdminError("Bairro não encontrado");
      await audit(tx, actor, "bairro_update", "bairro", id, { nome: row.nome, ...changes });
      return row;
    }),
  );
}

export async function removeBairro(id: string, actor: AdminActor): Promise<void> {
  await forgettingServed(
    transaction(async (tx) => {
      const [row] = await tx.delete(bairrosEntrega).where(eq(bairrosEntrega.id, id)).returning();
      if (!row) throw new AdminError("Bairro não encontrado");
      // Orders keep the neighbourhood's name as text: removing it never touches them.
      await audit(tx, actor, "bairro_delete", "bairro", id, { nome: row.nome });
    }),
  );
}

/** Served neighbourhoods (active), by name, with their fee. */
async function readActiveBairros(executor: Executor = db()) {
  return executor
    .select({
      id: bairrosEntrega.id,
      nome: bairrosEntrega.nome,
      taxaEntrega: bairrosEntrega.taxaEntrega,
      unidadeId: bairrosEntrega.unidadeId,
    })
    .from(bairrosEntrega)
    .where(eq(bairrosEntrega.ativo, true))
    .orderBy(asc(sql`lower(${bairrosEntrega.nome})`));
}

/**
 * Served neighbourhoods (active), by name, with their fee: read on every cart quote and
 * checkout, so kept in memory until the table changes (on any instance).
 */
export function listActiveBairros() {
  return keptBairros.get();
}

export async function deliveryRules(settings: Settings): Promise<DeliveryRules> {
  return {
    bairros: await listActiveBairros(),
    taxaEntregaPadrao: settings.taxaEntregaPadrao,
    freteGratisMinimo: settings.freteGratisMinimo,
  };
}
