// Which of the shop's units a person of the team works at (issue 41 point 3, decision 0069):
// every list, counter, export and write of the admin is narrowed by it in the module that
// owns the rows, so no screen or action can reach another unit's record by its address.

/**
 * `unidades`: the ids a person is bound to; null: every unit, present and future. Absent only
 * on the shop's own writes and scripts (an AdminActor built outside a request): every unit.
 */
export interface UnitScope {
  unidades?: readonly string[] | null;
}

/** The owner's, a script's, the shop's own jobs: every unit. */
export const EVERY_UNIT: UnitScope = { unidades: null };

/**
 * Whether a record at `unidadeId` is within the scope. A record tied to no unit is seen only
 * by people of every unit (decision 0069).
 */
export function seesUnit(scope: UnitScope | undefined, unidadeId: string | null | undefined) {
  const unidades = scope?.unidades ?? null;
  if (unidades === null) return true;
  return unidadeId != null && unidades.includes(unidadeId);
}

/**
 * The units a list shows: the one a filter asks for, when the person may see it; else every
 * unit of their scope. null: no narrowing at all; [] nothing (a filter for a unit they do
 * not work at shows an empty list, never the other unit's rows).
 */
export function unitsToShow(scope: UnitScope | undefined, asked?: string | null): string[] | null {
  const unidades = scope?.unidades ?? null;
  if (asked) return seesUnit(scope, asked) ? [asked] : [];
  return unidades === null ? null : [...unidades];
}

/** The units a person may pick in a screen's unit filter (all of them for every-unit staff). */
export function unitsInScope<U extends { id: string }>(scope: UnitScope | undefined, units: U[]) {
  return units.filter((u) => seesUnit(scope, u.id));
}
