// "Imprimir": one order's sheet and the day's open orders, for the staff only.
import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { placeOrder } from "~/modules/orders/index.server";
import { loader as printOrderLoader } from "~/routes/admin/pedido-imprimir";
import { loader as printDayLoader } from "~/routes/admin/pedidos-imprimir";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { orderInput, productsIn } from "../support/factories";
import { call } from "../support/routes";
import { seededShopWithAdmin } from "../support/seeded-shop";

const ctx = withTestDatabase();
const product = productsIn(ctx);
let token: string;

beforeEach(async () => {
  ({ token } = await seededShopWithAdmin(ctx.database));
});

async function anOrder(observacoes: string | null = null) {
  const item = await product({
    nome: `Ração ${crypto.randomUUID().slice(0, 6)}`,
    preco: 2500,
    estoque: 9,
  });
  const result = await placeOrder(
    orderInput([{ varianteId: item.id, quantidade: 2 }], { observacoes }),
  );
  if (!result.ok) throw new Error(result.message);
  return result.pedido;
}

describe("order sheets", () => {
  it("one order: QR of its number, customer, address, items with SKU, totals, payment, notes", async () => {
    const pedido = await anOrder("Portão azul");
    const page = await call(
      printOrderLoader,
      makeRequest(`/admin/loja/pedidos/${pedido.numeroPedido}/imprimir?formato=80mm`, { token }),
      { numero: pedido.numeroPedido },
    );
    expect(page.status).toBe(200);
    expect(page.data.formato).toBe("80mm");
    const o = page.data.order;
    expect(o.qrSvg).toMatch(/^<svg/);
    expect(o).toMatchObject({
      numero: pedido.numeroPedido,
      cliente: { nome: "Maria Souza" },
      entrega: { bairro: "Meia Praia" },
      total: pedido.total,
      pagamento: { forma: "Dinheiro" },
      observacoes: "Portão azul",
    });
    expect(o.itens[0]).toMatchObject({ quantidade: 2, sku: expect.any(String), subtotal: 5000 });

    const missing = await call(
      printOrderLoader,
      makeRequest("/admin/loja/pedidos/PED0/imprimir", { token }),
      { numero: "PED0" },
    );
    expect(missing.status).toBe(404);
    const anonymous = await call(
      printOrderLoader,
      makeRequest(`/admin/loja/pedidos/${pedido.numeroPedido}/imprimir`),
      { numero: pedido.numeroPedido },
    );
    expect(anonymous.status).toBe(302);
  });

  it("'Imprimir pedidos do dia' takes today's open orders only", async () => {
    const open = await anOrder();
    const done = await anOrder();
    const yesterday = await anOrder();
    // Delivered: nothing left to pack. (The status alone matters here, not its effects.)
    await ctx.database.db.execute(
      sql`update pedidos set status_pedido = 'entregue' where id = ${done.id}`,
    );
    await ctx.database.db.execute(
      sql`update pedidos set created_at = created_at - interval '1 day' where id = ${yesterday.id}`,
    );
    const page = await call(printDayLoader, makeRequest("/admin/loja/pedidos/imprimir", { token }));
    expect(page.data.formato).toBe("a4");
    expect(page.data.orders.map((o: { numero: string }) => o.numero)).toEqual([open.numeroPedido]);
  });
});
