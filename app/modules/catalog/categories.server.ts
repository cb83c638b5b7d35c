// Product categories (SPEC §7.1, §7.2): the store's active list with URL slugs; read by
// name, created only after a lookup by name.
import { asc, eq, sql } from "drizzle-orm";
import { type AdminActor, audit } from "~/platform/admin/actor.server";
import { db, type Executor, inTransaction } from "~/platform/db/client.server";
import { keptUntilChanged } from "~/platform/page-data.server";
import { categorySlug } from "./listing";
import { type Categoria, categorias } from "./tables.server";

export async function listCategories(
  options: { onlyActive?: boolean } = {},
  executor: Executor = db(),
): Promise<Categoria[]> {
  return executor
    .select()
    .from(categorias)
    .where(options.onlyActive ? eq(categorias.ativo, true) : undefined)
    .orderBy(asc(categorias.nome));
}

async function findCategoryByName(nome: string, executor: Executor = db()) {
  const [row] = await executor
    .select()
    .from(categorias)
    .where(sql`lower(${categorias.nome}) = lower(${nome.trim()})`);
  return row;
}

/**
 * The category with this name (case-insensitive), created when none exists.
 * An inactive one with the same name is reactivated rather than duplicated.
 */
export async function findOrCreateCategory(
  input: { nome: string; descricao?: string | null },
  actor: AdminActor,
  executor?: Executor,
): Promise<{ category: Categoria; created: boolean }> {
  const run = async (tx: Executor) => {
    const existing = await findCategoryByName(input.nome, tx);
    if (existing) {
      if (!existing.ativo) {
        const [row] = await tx
          .update(categorias)
          .set({ ativo: true })
          .where(eq(categorias.id, existing.id))
          .returning();
        await audit(tx, actor, "category_reactivate", "categoria", existing.id, {
          nome: existing.nome,
        });
        return { category: row!, created: false };
      }
      return { category: existing, created: false };
    }
    const [row] = await tx
      .insert(categorias)
      .values({ nome: input.nome.trim(), descricao: input.descricao ?? null, ativo: true })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      // Created at the same moment by another request: use that one.
      return { category: (await findCategoryByName(input.nome, tx))!, created: false };
    }
    await audit(tx, actor, "category_create", "categoria", row.id, { nome: row.nome });
    return { category: row, created: true };
  };
  return inTransaction(executor, run);
}

export interface StoreCategory {
  id: string;
  nome: string;
  slug: string;
}

/** Active categories, by name, each with its URL slug. */
async function readStoreCategories(): Promise<StoreCategory[]> {
  const rows = await db()
    .select({ id: categorias.id, nome: categorias.nome })
    .from(categorias)
    .where(eq(categorias.ativo, true))
    .orderBy(asc(sql`lower(${categorias.nome})`));
  return rows.map((r) => ({ ...r, slug: categorySlug(r.nome) }));
}

const keptStoreCategories = keptUntilChanged(["categorias"], readStoreCategories);

/**
 * The store's categories (filter, slugs), read on every catalogue request: kept in memory
 * until the table announces a change, on any instance (page-data.server.ts).
 */
export function listStoreCategories(): Promise<StoreCategory[]> {
  return keptStoreCategories.get();
}
