// The team as other modules read it (issue 41): who holds a role, where they work and their
// name. Other modules never read usuarios themselves; the grooming agenda asks here for the
// groomers of a unit and for the names on its bookings.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Papel } from "~/domain/permissions";
import { db, type Executor } from "~/platform/db/client.server";
import { usuarios } from "./tables.server";

/** A person of the team as another module sees them: never the e-mail or the secrets. */
export interface StaffMember {
  id: string;
  nome: string;
  papel: Papel;
  ativo: boolean;
  /** null: every unit, present and future. */
  unidades: string[] | null;
}

/** What every list of the team reads of a person (the team screen adds its own). */
export const staffColumns = {
  id: usuarios.id,
  nome: usuarios.nome,
  email: usuarios.email,
  papel: usuarios.papel,
  ativo: usuarios.ativo,
  todasUnidades: usuarios.todasUnidades,
  unidadeIds: usuarios.unidadeIds,
};

type Row = Pick<
  typeof usuarios.$inferSelect,
  "id" | "nome" | "email" | "papel" | "ativo" | "todasUnidades" | "unidadeIds"
>;

function memberOf(row: Row): StaffMember {
  return {
    id: row.id,
    // A person invited before names were asked shows as their e-mail's name part.
    nome: row.nome || row.email.split("@")[0]!,
    papel: row.papel as Papel,
    ativo: row.ativo,
    unidades: row.todasUnidades ? null : row.unidadeIds,
  };
}

/**
 * The team, ordered by name: of one role, active only, and bound to one unit (every unit, or
 * the unit in their list) when asked. A request inside a write passes its transaction.
 */
export async function listStaff(
  filter: { papel?: Papel; unidadeId?: string; ativos?: boolean } = {},
  executor: Executor = db(),
): Promise<StaffMember[]> {
  const rows = await executor
    .select(staffColumns)
    .from(usuarios)
    .where(
      and(
        sql`${usuarios.papel} is not null`,
        filter.papel ? eq(usuarios.papel, filter.papel) : undefined,
        filter.ativos ? eq(usuarios.ativo, true) : undefined,
        filter.unidadeId
          ? sql`(${usuarios.todasUnidades} or ${filter.unidadeId}::uuid = any(${usuarios.unidadeIds}))`
          : undefined,
      ),
    )
    .orderBy(sql`lower(${usuarios.nome})`, usuarios.email);
  return rows.map(memberOf);
}

/** The people behind these ids (deactivated ones too: a past booking keeps its groomer). */
export async function staffByIds(
  ids: readonly string[],
  executor: Executor = db(),
): Promise<Map<string, StaffMember>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await executor
    .select(staffColumns)
    .from(usuarios)
    .where(inArray(usuarios.id, unique));
  return new Map(rows.filter((r) => r.papel != null).map((r) => [r.id, memberOf(r)]));
}

/**
 * One person of the team, read inside a write that depends on them (a booking assigned to a
 * groomer): `share` holds their row until the write commits, so a deactivation either lands
 * first (and is seen) or waits for it.
 */
export async function staffMember(
  id: string,
  executor: Executor = db(),
  options: { share?: boolean } = {},
): Promise<StaffMember | null> {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const query = executor.select(staffColumns).from(usuarios).where(eq(usuarios.id, id));
  const [row] = options.share ? await query.for("share") : await query;
  return row && row.papel != null ? memberOf(row) : null;
}
