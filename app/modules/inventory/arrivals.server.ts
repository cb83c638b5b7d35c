// Units that arrive at a unit (issue 44): a hand adjustment up, a transfer received or
// cancelled back, goods received with or without an invoice. Inventory tells the others with
// the event 'estoque.entrada' in the change's transaction; whoever waits for stock (the
// customers' "avise-me", decision 0074) subscribes in its manifest instead of each screen
// calling it.

import type { Executor } from "~/platform/db/client.server";
import { emit } from "~/platform/events.server";

/** One event per arrival: about the variant, or about the unit when a note brought many. */
export async function unitsArrived(
  executor: Executor,
  arrival: { varianteIds: string[]; unidadeId: string; quantidade: number },
): Promise<void> {
  if (arrival.quantidade <= 0 || arrival.varianteIds.length === 0) return;
  const one = arrival.varianteIds.length === 1;
  await emit(executor, {
    tipo: "estoque.entrada",
    resourceType: one ? "variante" : "unidade",
    resourceId: one ? arrival.varianteIds[0]! : arrival.unidadeId,
    dados: {
      unidadeId: arrival.unidadeId,
      quantidade: String(arrival.quantidade),
      variantes: String(arrival.varianteIds.length),
    },
  });
}
