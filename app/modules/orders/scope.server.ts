// Which orders a person of the team reaches (issue 41 point 3, decision 0069): an order
// belongs to its unit, the one that holds its stock and hands it over (delivery from it or
// pick-up at it). Every staff read and write of orders goes through these two.
import { inArray, type SQL, sql } from "drizzle-orm";
import { seesUnit, type UnitScope, unitsToShow } from "~/domain/unit-scope";
import { AdminError } from "~/platform/admin/actor.server";
import { pedidos } from "./tables.server";

/** The condition of the orders a scope sees (and of the one unit it asks for, if any). */
export function orderUnitCondition(scope: UnitScope, asked?: string | null): SQL | undefined {
  const units = unitsToShow(scope, asked);
  if (units === null) return undefined;
  return units.length > 0 ? inArray(pedidos.unidadeId, units) : sql`false`;
}

/** The same answer as an unknown order: another unit's order is not revealed. */
export const ORDER_NOT_FOUND = "Pedido não encontrado";

/** Refuses a write on an order outside the person's units as if it did not exist. */
export function assertOrderInScope(
  scope: UnitScope | undefined,
  order: { unidadeId: string | null },
) {
  if (!seesUnit(scope, order.unidadeId)) throw new AdminError(ORDER_NOT_FOUND);
}
