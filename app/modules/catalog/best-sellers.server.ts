// "Mais vendidos": units sold per product in the last 90 days, refreshed on a schedule into
// the store's summary (produtos_resumo.vendidos). Not per sale: a sale must not move every
// cached page (the pages stay fast while the shop sells), and a ranking a few minutes old
// is what every shop shows.
import { db, runSql } from "~/platform/db/client.server";
import { PAGE_DATA_CHANNEL } from "~/platform/page-data.server";

/** How far back "mais vendidos" looks. */
const BEST_SELLER_DAYS = 90;

/** Recounts the sales; the pages hear of it only when some count moved. Returns how many. */
export async function refreshBestSellers(): Promise<number> {
  const changed = await runSql<{ produto_id: string }>(
    db(),
    `with vendas as (
       select i.produto_id, sum(i.quantidade)::int as n
       from pedidos p join itens_pedido i on i.pedido_id = p.id
       where p.created_at >= now() - make_interval(days => $1) and p.status_pedido <> 'cancelado'
       group by i.produto_id
     )
     update produtos_resumo r set vendidos = coalesce(v.n, 0)
     from produtos_resumo r2 left join vendas v on v.produto_id = r2.produto_id
     where r.produto_id = r2.produto_id and r.vendidos <> coalesce(v.n, 0)
     returning r.produto_id`,
    [BEST_SELLER_DAYS],
    "mais_vendidos",
  );
  if (changed.length > 0) {
    await runSql(db(), "select pg_notify($1, 'produtos_resumo')", [PAGE_DATA_CHANNEL]);
  }
  return changed.length;
}
