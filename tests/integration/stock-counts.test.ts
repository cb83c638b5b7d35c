// The store hub's stock counters ("estoque baixo", "sem estoque") read off the store's
// summary (produtos_resumo) agree with adding up every product's stock at the open units,
// as the low-stock filter of the product list does, whatever the stock moves to.
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { stockCounts } from "~/modules/catalog/index.server";
import { db, queryRows } from "~/platform/db/client.server";
import { withTestDatabase } from "../setup/db";
import { withDemoShop } from "../support/demo-shop";

withTestDatabase();
withDemoShop();

/** The counters as the whole catalogue's sum tells them. */
async function summed() {
  const [row] = await queryRows<{ baixo: number; sem: number }>(
    db(),
    sql`with a as (
      select p.id, (select coalesce(sum(e.disponivel), 0) from variantes v
        join estoque e on e.variante_id = v.id
        join unidades u on u.id = e.unidade_id and u.ativo and not u.em_breve
        where v.produto_id = p.id and v.ativo) as n
      from produtos p where p.excluido_em is null)
    select count(*) filter (where n between 1 and 5)::int as baixo,
      count(*) filter (where n = 0)::int as sem from a`,
  );
  return { estoqueBaixo: Number(row!.baixo), semEstoque: Number(row!.sem) };
}

describe("store hub stock counters", () => {
  it("match the sum over every product as stock moves through 0, 1, 5, 6 and back", async () => {
    expect(await stockCounts()).toEqual(await summed());
    const some = await queryRows<{ id: string }>(
      db(),
      sql`select v.id from variantes v join produtos p on p.id = v.produto_id
          where v.ativo and p.ativo order by p.nome, v.posicao limit 8`,
    );
    for (const [i, n] of [0, 1, 5, 6, 0, 40, 3, 2].entries()) {
      await db().execute(
        sql`update estoque set em_maos = ${n}, reservado = 0 where variante_id = ${some[i]!.id}::uuid`,
      );
    }
    expect(await stockCounts()).toEqual(await summed());
    // A variant off sale and a deleted product leave the counts as the sum does.
    await db().execute(sql`update variantes set ativo = false where id = ${some[5]!.id}::uuid`);
    await db().execute(
      sql`update produtos set excluido_em = now()
          where id = (select produto_id from variantes where id = ${some[6]!.id}::uuid)`,
    );
    const counts = await stockCounts();
    expect(counts).toEqual(await summed());
    expect(counts.semEstoque).toBeGreaterThan(0);
    expect(counts.estoqueBaixo).toBeGreaterThan(0);
  });
});
