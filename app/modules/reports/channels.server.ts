// The day's sales per unit by channel (issue 44 point 3, decision 0089): "Loja online" (orders
// placed, cancelled left out) beside "Balcão" (the counter's NFC-e: the value the notes say,
// vProd − vDesc, and the margin over the average cost each item had when it was applied).
import { shopDayRange } from "~/domain/shop-time";
import type { UnitScope } from "~/domain/unit-scope";
import { counterSalesByUnit } from "~/modules/fiscal/index.server";
import { placedByUnit } from "~/modules/orders/index.server";
import { db, type Executor } from "~/platform/db/client.server";
import { closeUnits } from "./day-close.server";

export interface ChannelLine {
  unidadeId: string;
  unidade: string;
  online: { pedidos: number; valor: number };
  balcao: { vendas: number; valor: number; custo: number; margem: number };
}

/** Today's channels per unit of the person's scope; units with no sale in either are left out. */
export async function channelsOfTheDay(
  at: Date,
  scope: UnitScope,
  executor: Executor = db(),
): Promise<ChannelLine[]> {
  const { start, end } = shopDayRange(at);
  const [units, placed, counter] = await Promise.all([
    closeUnits(scope, executor),
    placedByUnit(start, end, scope, executor),
    counterSalesByUnit(start, end, scope.unidades ?? null, executor),
  ]);
  return units.flatMap((u) => {
    const p = placed.find((x) => x.unidadeId === u.id);
    const c = counter.find((x) => x.unidadeId === u.id);
    if (!p && !c) return [];
    return [
      {
        unidadeId: u.id,
        unidade: u.nome,
        online: { pedidos: p?.pedidos ?? 0, valor: p?.total ?? 0 },
        balcao: {
          vendas: c?.vendas ?? 0,
          valor: c?.valor ?? 0,
          custo: c?.custo ?? 0,
          // Over the items whose cost is known: an item never costed adds no margin.
          margem: c ? c.valorComCusto - c.custo : 0,
        },
      },
    ];
  });
}
