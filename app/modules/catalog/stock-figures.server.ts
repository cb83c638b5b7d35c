// The stock figures the admin reads off the catalogue: the low-stock filter and the hub's
// counters. Queries over the products' table; the threshold is inventory's rule.
import { and, count, gt, lte, type SQL, sql } from "drizzle-orm";
import { db, type Executor } from "~/infra/db/client.server";
import { LOW_STOCK_THRESHOLD } from "./stock-levels";
import { produtos } from "./tables.server";

/** The admin's estoque_baixo filter: 1 to LOW_STOCK_THRESHOLD units; 0 is 'sem estoque'. */
export function lowStockCondition(): SQL {
  return and(gt(produtos.estoque, 0), lte(produtos.estoque, LOW_STOCK_THRESHOLD))!;
}

/** The hub's stock counters over the products not deleted. */
export async function stockCounts(
  executor: Executor = db(),
): Promise<{ estoqueBaixo: number; semEstoque: number }> {
  const [row] = await executor
    .select({
      estoqueBaixo: count(sql`case when ${lowStockCondition()} then 1 end`),
      semEstoque: count(sql`case when ${produtos.estoque} = 0 then 1 end`),
    })
    .from(produtos)
    .where(sql`${produtos.excluidoEm} is null`);
  return { estoqueBaixo: Number(row?.estoqueBaixo ?? 0), semEstoque: Number(row?.semEstoque ?? 0) };
}
