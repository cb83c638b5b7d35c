// The staff's order list read by keyset (/admin/loja?view=pedidos): 'Próxima' and 'Anterior'
// name the order they go on from, so every order is reached once, in order, ties on the same
// instant included; the count stops at 10,000 and says so ("mais de"), on the store hub too.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { storeStats } from "~/modules/orders/index.server";
import { db, queryRows } from "~/platform/db/client.server";
import { loader } from "~/routes/admin/loja";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { defaultUnitId, makeAdmin } from "../support/factories";
import { call } from "../support/routes";

withTestDatabase();
let token: string;

/** `n` orders, three to an instant (ties broken by id), a minute apart, newest now. */
async function insertOrders(n: number, prefix: string, status = "entregue") {
  const unidade = await defaultUnitId();
  await db().execute(sql`
    insert into pedidos (numero_pedido, token_hash, cliente_nome, cliente_telefone, unidade_id,
      cliente_endereco, cliente_bairro, subtotal, taxa_entrega, total, forma_pagamento,
      status_pedido, status_pagamento, estoque_situacao, created_at)
    select ${prefix} || i, md5(i::text), 'Cliente ' || i, '47999990000', ${unidade}::uuid,
      'Rua 416', 'Meia Praia', 10, 0, 10, 'dinheiro', ${status}, 'pago', 'baixado',
      now() - make_interval(mins => i / 3)
    from generate_series(1, ${n}) i`);
}

interface OrdersPage {
  orders: { id: string; cursor: string }[];
  total: number;
  totalExato: boolean;
  page: number;
  hasNewer: boolean;
  hasOlder: boolean;
}

async function listAt(query: string): Promise<OrdersPage> {
  const result = await call(loader, makeRequest(`/admin/loja?view=pedidos${query}`, { token }));
  expect(result.status).toBe(200);
  return result.data.pedidos as OrdersPage;
}

beforeAll(async () => {
  ({ token } = await makeAdmin());
  await insertOrders(75, "PEDPAG");
});

describe("admin order list: keyset pages", () => {
  it("walks every order once, newest first, and back again", async () => {
    const expected = (
      await queryRows<{ id: string }>(
        db(),
        sql`select id from pedidos order by created_at desc, id desc`,
      )
    ).map((r) => r.id);
    const pages: OrdersPage[] = [await listAt("")];
    while (pages.at(-1)!.hasOlder) {
      const last = pages.at(-1)!;
      pages.push(
        await listAt(
          `&pagina=${last.page + 1}&antes=${encodeURIComponent(last.orders.at(-1)!.cursor)}`,
        ),
      );
    }
    expect(pages.map((p) => [p.page, p.orders.length, p.hasNewer])).toEqual([
      [1, 30, false],
      [2, 30, true],
      [3, 15, true],
    ]);
    expect(pages.flatMap((p) => p.orders.map((o) => o.id))).toEqual(expected);
    expect(pages.every((p) => p.total === 75 && p.totalExato)).toBe(true);

    // 'Anterior' from page 3 shows page 2 again; from page 2, page 1 (nothing newer).
    const back = await listAt(
      `&pagina=2&depois=${encodeURIComponent(pages[2]!.orders[0]!.cursor)}`,
    );
    expect(back.orders.map((o) => o.id)).toEqual(pages[1]!.orders.map((o) => o.id));
    expect([back.page, back.hasNewer, back.hasOlder]).toEqual([2, true, true]);
    const top = await listAt(`&pagina=1&depois=${encodeURIComponent(back.orders[0]!.cursor)}`);
    expect(top.orders.map((o) => o.id)).toEqual(pages[0]!.orders.map((o) => o.id));
    expect([top.page, top.hasNewer]).toEqual([1, false]);
  });

  it("a cursor keeps the filters; a malformed one is page 1", async () => {
    await insertOrders(40, "PEDNOV", "novo");
    const first = await listAt("&status=novo");
    expect(first.total).toBe(40);
    const second = await listAt(
      `&status=novo&pagina=2&antes=${encodeURIComponent(first.orders.at(-1)!.cursor)}`,
    );
    expect(second.orders).toHaveLength(10);
    expect(second.hasOlder).toBe(false);
    const junk = await listAt("&pagina=7&antes=2024-01-01_nada");
    expect([junk.page, junk.hasNewer]).toEqual([1, false]);
  });

  it("counts up to 10,000 orders and says when there are more", async () => {
    await insertOrders(10_001, "PEDMUITOS");
    const page = await listAt("");
    expect([page.total, page.totalExato]).toEqual([10_000, false]);
    expect((await listAt("&status=novo")).totalExato).toBe(true);
    // The store hub's "pedidos no total" counts the same way.
    expect(await storeStats()).toMatchObject({ pedidosTotal: 10_000, pedidosTotalExato: false });
  });
});
