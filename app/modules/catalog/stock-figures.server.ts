// The stock figures the admin reads off the catalogue: the low-stock filter and the hub's
// counters, over what a product has available (em mãos − reservado) at the open units,
// the same expression the store reads. The threshold is the store's rule.
import { and, count, eq, gt, isNull, lte, type SQL, sql } from "drizzle-orm";
import { unitSellsCondition } from "~/modules/shop/index.server";
import { db, type Executor } from "~/platform/db/client.server";
import { LOW_STOCK_THRESHOLD } from "./stock-levels";
import { produtos, produtosResumo } from "./tables.server";

/** Units a product has available, all its variants on sale, at the open units. */
const productAvailable: SQL<number> = sql<number>`(select coalesce(sum(e.disponivel), 0)
  from variantes v join estoque e on e.variante_id = v.id
  join unidades u on u.id = e.unidade_id and ${sql.raw(unitSellsCondition("u"))}
  where v.produto_id = ${produtos.id} and v.ativo)`;

/** The admin's estoque_baixo filter: 1 to LOW_STOCK_THRESHOLD units; 0 is 'sem estoque'. */
export function lowStockCondition(): SQL {
  return and(gt(productAvailable, 0), lte(productAvailable, LOW_STOCK_THRESHOLD))!;
}

/**
 * The hub's stock counters over the products not deleted, read off the store's summary
 * (produtos_resumo, kept by triggers): its availability is capped just above the threshold,
 * which is all these counters tell. Adding up every product's stock per request grew with
 * the catalogue (docs/decisions/0033-custos-em-escala.md).
 */
export async function stockCounts(
  executor: Executor = db(),
): Promise<{ estoqueBaixo: number; semEstoque: number }> {
  // Only the few products at or below the threshold, off a partial index (migration 0015):
  // a large catalogue has thousands of products and a handful running out. Every product
  // has its summary row from its first variant on (written in the product's transaction).
  const threshold = sql.raw(String(LOW_STOCK_THRESHOLD));
  const [row] = await executor
    .select({
      estoqueBaixo: count(sql`case when ${produtosResumo.disponivel} >= 1 then 1 end`),
      semEstoque: count(sql`case when ${produtosResumo.disponivel} = 0 then 1 end`),
    })
    .from(produtosResumo)
    .innerJoin(
      produtos,
      and(eq(produtos.id, produtosResumo.produtoId), isNull(produtos.excluidoEm)),
    )
    .where(sql`${produtosResumo.disponivel} <= ${threshold}`);
  return { estoqueBaixo: Number(row?.estoqueBaixo ?? 0), semEstoque: Number(row?.semEstoque ?? 0) };
}

/** The products on sale (not deleted, active): the hub's counter, off migration 0016's index. */
export async function activeProductCount(executor: Executor = db()): Promise<number> {
  const [row] = await executor
    .select({ n: count() })
    .from(produtos)
    .where(and(isNull(produtos.excluidoEm), eq(produtos.ativo, true)));
  return Number(row?.n ?? 0);
}
