// The shop's units (decision 0027): the admin's list and writes (/admin/unidades), and the
// active units every public page reads (footer, home, contact, structured data), kept in
// memory until the table announces a change (migration 0007), on this instance or another.
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { type AdminActor, AdminError, audit } from "~/platform/admin/actor.server";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { uniqueViolation } from "~/platform/db/errors.server";
import { keptUntilChanged } from "~/platform/page-data.server";
import { configuracoes, type Unidade, unidades } from "./tables.server";
import { UNIT_CNPJ_TAKEN, UNIT_SLUG_TAKEN, type UnitInput } from "./unit.schema";

const UNIT_NOT_FOUND = "Unidade não encontrada";

/** An id the database could hold: anything else names no unit (and is never sent to SQL). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every unit, active or not, in the order the site shows them. */
export async function listUnits(executor: Executor = db()): Promise<Unidade[]> {
  return executor.select().from(unidades).orderBy(asc(unidades.posicao), asc(unidades.nome));
}

// Async, so that what is kept is a promise of the rows: a query builder awaited twice would
// run twice.
async function readActiveUnits(): Promise<Unidade[]> {
  return db()
    .select()
    .from(unidades)
    .where(eq(unidades.ativo, true))
    .orderBy(asc(unidades.posicao), asc(unidades.nome));
}

const keptActiveUnits = keptUntilChanged(["unidades"], readActiveUnits);

/** The active units, in order: read by every public page, so kept until the table changes. */
export function listActiveUnits(): Promise<Unidade[]> {
  return keptActiveUnits.get();
}

/** The active units, in order, read in the caller's transaction (admin screens, writes). */
export async function activeUnits(executor: Executor = db()): Promise<Unidade[]> {
  return executor
    .select()
    .from(unidades)
    .where(eq(unidades.ativo, true))
    .orderBy(asc(unidades.posicao), asc(unidades.nome));
}

/**
 * The SQL condition of `unitSells` for a row of `unidades` aliased `alias` (a read model joining units:
 * the store's stock counts only where the unit sells).
 */
export function unitSellsCondition(alias: string): string {
  if (!/^[a-z_]+$/.test(alias)) throw new Error(`alias inválido: ${alias}`);
  return `(${alias}.ativo and not ${alias}.em_breve)`;
}

/** The unit stock goes to when none is named: the first unit that sells and delivers, else the first that sells. */
export async function defaultUnitId(executor: Executor = db()): Promise<string | null> {
  const [row] = await executor
    .select({ id: unidades.id })
    .from(unidades)
    .where(and(eq(unidades.ativo, true), eq(unidades.emBreve, false)))
    .orderBy(sql`${unidades.atendeEntregas} desc`, asc(unidades.posicao), asc(unidades.nome))
    .limit(1);
  return row?.id ?? null;
}

/** One unit by its id, or null. */
export async function getUnit(id: string, executor: Executor = db()): Promise<Unidade | null> {
  if (!UUID.test(id)) return null;
  const [row] = await executor.select().from(unidades).where(eq(unidades.id, id));
  return row ?? null;
}

/** A write to the units: once it is done, this instance reads them again. */
function forgettingUnits<T>(write: Promise<T>): Promise<T> {
  return write.finally(() => keptActiveUnits.forget());
}

/** Two admins saving the same slug or CNPJ at once: the unique indexes decide. */
async function slugChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint === "unidades_cnpj_idx") throw new AdminError(UNIT_CNPJ_TAKEN, "cnpj");
    if (constraint) throw new AdminError(UNIT_SLUG_TAKEN, "slug");
    throw error;
  }
}

async function refuseTakenSlug(executor: Executor, slug: string, exceptId?: string) {
  const [taken] = await executor
    .select({ id: unidades.id })
    .from(unidades)
    .where(
      exceptId ? and(eq(unidades.slug, slug), ne(unidades.id, exceptId)) : eq(unidades.slug, slug),
    );
  if (taken) throw new AdminError(UNIT_SLUG_TAKEN, "slug");
}

export function createUnit(input: UnitInput, actor: AdminActor): Promise<Unidade> {
  return slugChecked(() =>
    forgettingUnits(
      transaction(async (tx) => {
        await refuseTakenSlug(tx, input.slug);
        const [row] = await tx.insert(unidades).values(input).returning();
        await audit(tx, actor, "unit_create", "unidade", row!.id, {
          slug: row!.slug,
          nome: row!.nome,
        });
        return row!;
      }),
    ),
  );
}

/** Saves the whole form over the unit; the audit names the fields that changed. */
export function updateUnit(id: string, input: UnitInput, actor: AdminActor): Promise<Unidade> {
  return slugChecked(() =>
    forgettingUnits(
      transaction(async (tx) => {
        if (!UUID.test(id)) throw new AdminError(UNIT_NOT_FOUND);
        const [before] = await tx.select().from(unidades).where(eq(unidades.id, id)).for("update");
        if (!before) throw new AdminError(UNIT_NOT_FOUND);
        await refuseTakenSlug(tx, input.slug, id);
        const [row] = await tx
          .update(unidades)
          .set({ ...input, updatedAt: new Date() })
          .where(eq(unidades.id, id))
          .returning();
        const campos = (Object.keys(input) as (keyof UnitInput)[]).filter(
          (key) => JSON.stringify(before[key]) !== JSON.stringify(row![key]),
        );
        await audit(tx, actor, "unit_update", "unidade", id, {
          slug: row!.slug,
          nome: row!.nome,
          campos,
        });
        return row!;
      }),
    ),
  );
}

/**
 * The shop's own words an attacker tries first in a password (decision 0016): the company
 * name, the Pix recipient and city, and each unit's name, neighbourhood and city.
 */
export async function shopPasswordWords(executor: Executor = db()): Promise<string[]> {
  const [settings, units] = await Promise.all([
    executor
      .select({
        razaoSocial: configuracoes.razaoSocial,
        pixNome: configuracoes.pixNomeRecebedor,
        pixCidade: configuracoes.pixCidade,
      })
      .from(configuracoes),
    listUnits(executor),
  ]);
  const words = [
    ...settings.flatMap((s) => [s.razaoSocial, s.pixNome, s.pixCidade]),
    ...units.flatMap((u) => [u.nome, u.slug, u.bairro, u.cidade]),
  ];
  return words.filter((w): w is string => Boolean(w?.trim()));
}
