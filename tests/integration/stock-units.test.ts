// Stock per variant per unit through the real checkout and order statuses (issue: variants,
// stock per unit, pick-up): pick-up counts only its unit, delivery falls back to the other
// unit only for the whole order, races never reserve more than is in hand, hand-over and
// cancellation move the unit that holds the reservation, and the order keeps the sale as it was.
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { variantes } from "~/modules/catalog/testing.server";
import { bairrosEntrega } from "~/modules/delivery/testing.server";
import { movimentosEstoque } from "~/modules/inventory/testing.server";
import { placeOrder, quoteCart, setOrderStatus } from "~/modules/orders/index.server";
import { itensPedido, pedidos } from "~/modules/orders/testing.server";
import type { AdminActor } from "~/platform/admin/actor.server";
import { runSql } from "~/platform/db/client.server";
import { action as checkoutAction } from "~/routes/loja/checkout";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { reseedWithNewCentro } from "../support/demo-shop";
import * as factories from "../support/factories";
import { expectOneOfFourAtThisUnit } from "../support/pickup-quote";
import { call } from "../support/routes";
import { rowsWhere } from "../support/rows";

const ctx = withTestDatabase();
const product = factories.productsIn(ctx);

let unitA: string;
let unitB: string;
let actor: AdminActor;

beforeEach(async () => {
  // A second open unit that delivers and takes pick-up orders.
  ({ meiaPraia: unitA, centro: unitB } = await reseedWithNewCentro(ctx.database, true));
  const admin = await factories.makeAdmin();
  actor = { request: makeRequest("/admin/loja"), userId: admin.user.id };
});

const pickUp = (unidadeId: string) =>
  ({ modo: "retirada", unidadeId, formaPagamento: "balcao" }) as const;

async function noRowReservesMoreThanItHolds() {
  const rows = await runSql<{ n: number }>(
    ctx.database.db,
    "select count(*)::int as n from estoque where reservado > em_maos or em_maos < 0 or reservado < 0",
    [],
  );
  expect(rows[0]!.n).toBe(0);
}

describe("pick-up at a unit", () => {
  it("counts only that unit: refused where there is none (saying where it is), reserved where there is", async () => {
    const racao = await product({ nome: "Ração Pick 15 kg", preco: 18990, estoque: 0 });
    await factories.setStock(racao.id, unitA, 2);
    await factories.setStock(racao.id, unitB, 0);

    const atB = await placeOrder(
      factories.orderInput([{ varianteId: racao.id, quantidade: 2 }], pickUp(unitB)),
    );
    expect(atB).toMatchObject({ ok: false, error: "estoque" });
    if (!atB.ok) {
      expect(atB.message).toBe(
        `A Unidade Centro não tem tudo do seu pedido: ${racao.nome} (em falta nesta unidade; disponível na Unidade Meia Praia ou para entrega). Escolha outra unidade, receba em casa ou remova o item do pedido. Seu carrinho continua com tudo.`,
      );
    }
    expect(await factories.stockAt(ctx.database, racao.id, unitB)).toEqual({
      emMaos: 0,
      reservado: 0,
      disponivel: 0,
    });

    // Through the checkout form: the refusal is a 409 with the same words.
    const refused = await call(
      checkoutAction,
      formRequest(
        "/loja/checkout",
        factories.checkoutForm(`${racao.id}:2`, {
          modo: "retirada",
          unidadeId: unitB,
          formaPagamento: "balcao",
          endereco: "",
          numero: "",
          bairro: "",
          janelaEntrega: "",
        }),
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({ message: expect.stringContaining("disponível na") });

    const atA = await placeOrder(
      factories.orderInput([{ varianteId: racao.id, quantidade: 2 }], pickUp(unitA)),
    );
    expect(atA.ok).toBe(true);
    if (!atA.ok) return;
    expect(atA.pedido).toMatchObject({
      modo: "retirada",
      unidadeId: unitA,
      taxaEntrega: 0,
      clienteEndereco: "",
      janelaEntrega: null,
      formaPagamento: "balcao",
      estoqueSituacao: "reservado",
    });
    expect(atA.pedido.codigoRetirada).toMatch(/^\d{4}$/);
    expect(await factories.stockAt(ctx.database, racao.id, unitA)).toEqual({
      emMaos: 2,
      reservado: 2,
      disponivel: 0,
    });
  });

  it("quotes a pick-up with that unit's stock, no fee and no free-delivery talk", async () => {
    const item = await product({ nome: "Ração Quote 15 kg", preco: 5000, estoque: 0 });
    await factories.setStock(item.id, unitA, 3);
    await factories.setStock(item.id, unitB, 1);
    const itens = [{ varianteId: item.id, quantidade: 2 }];
    const atB = await quoteCart({ itens, retiradaUnidadeId: unitB, bairro: "Meia Praia" });
    // B holds 1 of 2: the line is named with where it is, not cut down (issue 39).
    expectOneOfFourAtThisUnit(atB.linhas[0], 2);
    const oneAtB = await quoteCart({
      itens: [{ varianteId: item.id, quantidade: 1 }],
      retiradaUnidadeId: unitB,
      bairro: "Meia Praia",
    });
    expect(oneAtB).toMatchObject({
      retirada: true,
      retiradaFalta: null,
      taxaEntrega: 0,
      freteGratis: false,
      bairro: null,
      bairroErro: null,
      total: 5000,
    });
    const delivered = await quoteCart({ itens, bairro: "Meia Praia" });
    expect(delivered).toMatchObject({ retirada: false, freteGratis: true });
    // Available at the open units together (the delivery picks one that holds it all).
    expect(delivered.linhas[0]).toMatchObject({ estoque: 4, quantidade: 2 });
  });

  it("refuses paying on delivery for a pick-up, and the counter for a delivery", async () => {
    const item = await product({ nome: "Areia Pick", preco: 2500, estoque: 5 });
    const cash = await placeOrder(
      factories.orderInput([{ varianteId: item.id, quantidade: 1 }], {
        ...pickUp(unitA),
        formaPagamento: "dinheiro",
      }),
    );
    expect(cash).toMatchObject({ ok: false, error: "pagamento" });
    const counter = await placeOrder(
      factories.orderInput([{ varianteId: item.id, quantidade: 1 }], { formaPagamento: "balcao" }),
    );
    expect(counter).toMatchObject({ ok: false, error: "pagamento" });
    expect(await factories.stockAt(ctx.database, item.id, unitA)).toMatchObject({ reservado: 0 });
  });

  it("20 concurrent pick-ups of the last unit: exactly one order, never more reserved than held", async () => {
    const last = await product({ nome: "Última Unidade", preco: 4990, estoque: 1 });
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        placeOrder(factories.orderInput([{ varianteId: last.id, quantidade: 1 }], pickUp(unitA))),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok && r.error === "estoque")).toHaveLength(19);
    expect(await factories.stockAt(ctx.database, last.id, unitA)).toEqual({
      emMaos: 1,
      reservado: 1,
      disponivel: 0,
    });
    const [{ n }] = (await ctx.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(pedidos)) as [{ n: number }];
    expect(n).toBe(1);
    const reservations = await rowsWhere(movimentosEstoque, eq(movimentosEstoque.tipo, "reserva"));
    expect(reservations).toHaveLength(1);
    await noRowReservesMoreThanItHolds();
  });
});

describe("delivery from the neighbourhood's unit", () => {
  it("falls back to the other unit only when it holds the whole order; never splits", async () => {
    const x = await product({ nome: "Produto X", preco: 1000, estoque: 0 });
    const y = await product({ nome: "Produto Y", preco: 2000, estoque: 0 });
    await factories.setStock(x.id, unitA, 1);
    await factories.setStock(x.id, unitB, 2);
    await factories.setStock(y.id, unitA, 0);
    await factories.setStock(y.id, unitB, 1);
    await ctx.database.db
      .update(bairrosEntrega)
      .set({ unidadeId: unitA })
      .where(eq(bairrosEntrega.nome, "Meia Praia"));

    // The mapped unit has 1 of 2: the other unit holds both, so it delivers.
    const fromB = await placeOrder(factories.orderInput([{ varianteId: x.id, quantidade: 2 }]));
    expect(fromB.ok).toBe(true);
    if (!fromB.ok) return;
    expect(fromB.pedido.unidadeId).toBe(unitB);
    expect(await factories.stockAt(ctx.database, x.id, unitA)).toMatchObject({ reservado: 0 });
    expect(await factories.stockAt(ctx.database, x.id, unitB)).toMatchObject({ reservado: 2 });

    // Now the mapped unit has X but no Y, the other Y but no X: neither holds the whole
    // order, and nothing is reserved anywhere.
    const split = await placeOrder(
      factories.orderInput([
        { varianteId: x.id, quantidade: 1 },
        { varianteId: y.id, quantidade: 1 },
      ]),
    );
    expect(split).toMatchObject({ ok: false, error: "estoque" });
    expect(await factories.stockAt(ctx.database, x.id, unitA)).toMatchObject({ reservado: 0 });
    expect(await factories.stockAt(ctx.database, y.id, unitB)).toMatchObject({ reservado: 0 });
    await noRowReservesMoreThanItHolds();

    // Handed over by B: B's units leave; cancelled with "voltar ao estoque": back at B only.
    await setOrderStatus(fromB.pedido.id, "saiu_entrega", actor);
    await setOrderStatus(fromB.pedido.id, "entregue", actor, {
      pagamento: { metodo: "dinheiro", valor: fromB.pedido.total, recebido: null, motivo: null },
    });
    expect(await factories.stockAt(ctx.database, x.id, unitB)).toEqual({
      emMaos: 0,
      reservado: 0,
      disponivel: 0,
    });
    expect(await factories.stockAt(ctx.database, x.id, unitA)).toEqual({
      emMaos: 1,
      reservado: 0,
      disponivel: 1,
    });
    await setOrderStatus(fromB.pedido.id, "cancelado", actor, { voltarAoEstoque: true });
    expect(await factories.stockAt(ctx.database, x.id, unitB)).toMatchObject({
      emMaos: 2,
      reservado: 0,
    });
    expect(await factories.stockAt(ctx.database, x.id, unitA)).toMatchObject({
      emMaos: 1,
      reservado: 0,
    });
    const moves = await rowsWhere(
      movimentosEstoque,
      eq(movimentosEstoque.pedidoId, fromB.pedido.id),
    );
    expect(moves.map((m) => [m.tipo, m.unidadeId, m.deltaEmMaos, m.deltaReservado]).sort()).toEqual(
      [
        ["cancelamento", unitB, 2, 0],
        ["reserva", unitB, 0, 2],
        ["venda", unitB, -2, -2],
      ].sort(),
    );
  });
});

describe("the same variant twice, and later price changes", () => {
  it("counts the same variant from two tabs once against stock", async () => {
    const one = await product({ nome: "Só Um", preco: 1500, estoque: 1 });
    const twice = await placeOrder(
      factories.orderInput([
        { varianteId: one.id, quantidade: 1 },
        { varianteId: one.id, quantidade: 1 },
      ]),
    );
    expect(twice).toMatchObject({ ok: false, error: "estoque" });
    // The posted cart merges repeated lines before anything else.
    const posted = await call(
      checkoutAction,
      formRequest("/loja/checkout", factories.checkoutForm(`${one.id}:1,${one.id}:1`)),
    );
    expect(posted.status).toBe(409);
    expect(await factories.stockAt(ctx.database, one.id, unitA)).toMatchObject({ reservado: 0 });
  });

  it("keeps the order's lines as sold when the variant's price, label or SKU change", async () => {
    const item = await product({ nome: "Ração Snapshot", preco: 5000, estoque: 5, sku: "SNAP-1" });
    await ctx.database.db
      .update(variantes)
      .set({ rotulo: "3 kg", precoAntes: 6000 })
      .where(eq(variantes.id, item.id));
    const placed = await placeOrder(factories.orderInput([{ varianteId: item.id, quantidade: 2 }]));
    expect(placed.ok).toBe(true);
    if (!placed.ok) return;
    await ctx.database.db
      .update(variantes)
      .set({ preco: 9900, precoAntes: null, rotulo: "3,5 kg", sku: `SNAP-${crypto.randomInt(99)}` })
      .where(eq(variantes.id, item.id));
    const [line] = await rowsWhere(itensPedido, eq(itensPedido.pedidoId, placed.pedido.id));
    expect(line).toMatchObject({
      varianteId: item.id,
      sku: "SNAP-1",
      produtoNome: "Ração Snapshot",
      varianteRotulo: "3 kg",
      produtoPreco: 5000,
      produtoPrecoAntes: 6000,
      unidadeId: unitA,
      quantidade: 2,
      subtotal: 10000,
    });
  });
});
