// Stock counts with a phone as scanner (issue 44 point 4, decision 0085), on the real database
// (PGlite, and PostgreSQL with DATABASE_URL): a count with an online sale and a transfer
// between its readings gives the differences against what the ledger had when each variant
// was counted; two people reading the same code at once lose no unit; applying writes one
// 'contagem' movement per variant that differs, never below what orders reserve, and only
// once when two applies race; an unknown code gets a clear refusal.
import { describe, expect, it } from "vitest";
import {
  applyCount,
  countDifferences,
  openCount,
  recentScans,
  recordScan,
  undoLastScan,
} from "~/modules/inventory/index.server";
import { placeOrder, setOrderStatus } from "~/modules/orders/index.server";
import { AdminError } from "~/platform/admin/actor.server";
import { runSql } from "~/platform/db/client.server";
import * as estoque from "~/routes/admin/estoque";
import * as leitura from "~/routes/admin/estoque-contagem";
import * as diferencasRoute from "~/routes/admin/estoque-contagem-diferencas";
import { formRequest, makeRequest } from "../setup/requests";
import * as factories from "../support/factories";
import { call } from "../support/routes";
import { type StaffSession, staffSession } from "../support/staff";
import { withStockRoom } from "../support/stock-room";

const { ctx, shop, team } = withStockRoom({
  ana: ["atendente", "Ana", "meiaPraia"],
  bia: ["atendente", "Bia", "meiaPraia"],
});

let shelves = 0;
/**
 * A shelf of its own: a new category with one product (one variant, an EAN and a SKU) per
 * stock figure given, at Meia Praia.
 */
async function shelf(stocks: number[]) {
  shelves += 1;
  const [cat] = await runSql<{ id: string }>(
    ctx.database.db,
    "insert into categorias (nome) values ($1) returning id",
    [`Prateleira ${shelves}`],
  );
  const items: { id: string; ean: string; sku: string }[] = [];
  for (const [i, emMaos] of stocks.entries()) {
    const sku = `CONT-${shelves}-${i}`;
    const p = await factories.productsIn(ctx)({
      nome: `Ração Contagem ${shelves}.${i} 15 kg`,
      preco: 15990,
      estoque: 0,
      sku,
    });
    const ean = `789${String(shelves).padStart(4, "0")}${String(i).padStart(5, "0")}`;
    await runSql(ctx.database.db, "update variantes set ean = $2 where id = $1", [p.id, ean]);
    await runSql(ctx.database.db, "update produtos set categoria_id = $2 where id = $1", [
      p.id,
      cat!.id,
    ]);
    await factories.setStock(p.id, shop.unidadeId, emMaos);
    items.push({ id: p.id, ean, sku });
  }
  return { categoriaId: cat!.id, items };
}

async function open(categoriaId: string) {
  const c = await openCount(
    { unidadeId: shop.unidadeId, escopo: "categoria", categoriaId, marca: null, cega: true },
    team.gerente.actor("/admin/estoque/contagens"),
  );
  return c.id;
}

const scan = (contagemId: string, codigo: string, who: StaffSession, quantidade = 1) =>
  recordScan({ contagemId, codigo, quantidade }, who.actor("/admin/estoque/contagens"));

const at = (varianteId: string) => factories.stockAt(ctx.database, varianteId, shop.unidadeId);

async function movementsOf(contagemId: string) {
  return runSql<{ variante_id: string; delta_em_maos: number; em_maos_depois: number }>(
    ctx.database.db,
    `select variante_id, delta_em_maos, em_maos_depois from movimentos_estoque
     where contagem_id = $1 and tipo = 'contagem'`,
    [contagemId],
  );
}

async function differences(contagemId: string) {
  const d = await countDifferences(contagemId, team.gerente.staff);
  return new Map(d!.linhas.map((l) => [l.varianteId, l]));
}

describe("a count with movements during it", () => {
  it("counts against what the ledger had when each variant was read, and applies on top of what moved since", async () => {
    const { categoriaId, items } = await shelf([10, 8, 5]);
    const [a, b, c] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
    const id = await open(categoriaId);

    // Ana counts the 10 bags of A on the shelf.
    await scan(id, a.ean, team.ana, 10);
    // Then an online order takes 2 of A out of the shop (delivered).
    const order = await placeOrder(factories.orderInput([{ varianteId: a.id, quantidade: 2 }]));
    if (!order.ok) throw new Error(JSON.stringify(order));
    expect(order.pedido.unidadeId).toBe(shop.unidadeId);
    const actor = team.gerente.actor("/admin/loja/pedidos");
    await setOrderStatus(order.pedido.id, "saiu_entrega", actor);
    await setOrderStatus(order.pedido.id, "entregue", actor, {
      pagamento: { metodo: "dinheiro", valor: order.pedido.total, recebido: null, motivo: null },
    });
    expect((await at(a.id)).emMaos).toBe(8);
    // And 3 of B leave for Centro before anyone counts B.
    const sent = await call(
      estoque.action,
      formRequest(
        "/admin/estoque",
        {
          intent: "stock-transfer",
          varianteId: b.id,
          de: shop.unidadeId,
          para: shop.centroId,
          quantidade: "3",
          motivo: "Reposição",
        },
        { token: team.gerente.token },
      ),
    );
    expect(sent.data).toMatchObject({ ok: true });
    // Bia counts the 5 of B that are left (one reading each, the scanner's way), and C by its
    // SKU: 4 where the ledger says 5.
    for (let i = 0; i < 5; i++) await scan(id, b.ean, team.bia);
    await scan(id, c.sku.toLowerCase(), team.bia, 4);

    const diffs = await differences(id);
    // A: 10 counted when the ledger had 10: no difference; the 2 sold since are not a loss.
    expect(diffs.get(a.id)).toMatchObject({
      contado: 10,
      esperado: 10,
      diferenca: 0,
      movimentadoDepois: -2,
      emMaosAgora: 8,
      ficara: 8,
    });
    // B: counted after the transfer, against the 5 left.
    expect(diffs.get(b.id)).toMatchObject({ contado: 5, esperado: 5, diferenca: 0, ficara: 5 });
    expect(diffs.get(c.id)).toMatchObject({ contado: 4, esperado: 5, diferenca: -1, ficara: 4 });
    const d = await countDifferences(id, team.gerente.staff);
    expect(d!.resumo).toMatchObject({ contados: 3, comDiferenca: 1, falta: 1, sobra: 0 });

    const applied = await applyCount(
      { contagemId: id, zerarNaoContados: false },
      team.gerente.actor("/admin/estoque/contagens"),
    );
    expect(applied).toMatchObject({ ajustados: 1, limitados: [], entradas: 0 });
    expect(await movementsOf(id)).toEqual([
      { variante_id: c.id, delta_em_maos: -1, em_maos_depois: 4 },
    ]);
    expect((await at(a.id)).emMaos).toBe(8);
    expect((await at(b.id)).emMaos).toBe(5);
    expect((await at(c.id)).emMaos).toBe(4);
  });

  it("flags a variant whose stock moved between its first and last reading", async () => {
    const { categoriaId, items } = await shelf([6]);
    const v = items[0]!;
    const id = await open(categoriaId);
    await scan(id, v.ean, team.ana, 3);
    await factories.setStock(v.id, shop.unidadeId, 5);
    await scan(id, v.ean, team.bia, 2);
    const line = (await differences(id)).get(v.id)!;
    expect(line).toMatchObject({ contado: 5, esperado: 6, mudouDuranteLeitura: true });
    expect(line.contadoPor).toHaveLength(2);
  });
});

describe("readings", () => {
  it("refuses an unknown code in Portuguese, and a product of another shelf", async () => {
    const { categoriaId } = await shelf([1]);
    const other = await shelf([1]);
    const id = await open(categoriaId);
    await expect(scan(id, "7890000099999", team.ana)).rejects.toThrow(
      "Código 7890000099999 não encontrado: confira se é o código de barras (EAN) ou o SKU de um produto cadastrado",
    );
    await expect(scan(id, other.items[0]!.ean, team.ana)).rejects.toThrow(
      /não é da categoria Prateleira \d+ desta contagem/,
    );
  });

  it("reads an EAN-13 typed as a GTIN-14 (a leading zero) and undoes one's own last reading only", async () => {
    const { categoriaId, items } = await shelf([4]);
    const v = items[0]!;
    const id = await open(categoriaId);
    await scan(id, `0${v.ean}`, team.ana, 2);
    await scan(id, v.ean, team.bia, 1);
    await scan(id, v.ean, team.ana, 5);
    // Ana's 5 go; Bia's reading stays.
    await undoLastScan({ contagemId: id }, team.ana.actor());
    let line = (await differences(id)).get(v.id)!;
    expect(line.contado).toBe(3);
    const recent = await recentScans(id, team.ana.user.email);
    expect(recent.map((r) => [r.quantidade, r.minha])).toEqual([
      [1, false],
      [2, true],
    ]);
    await undoLastScan({ contagemId: id }, team.ana.actor());
    await undoLastScan({ contagemId: id }, team.bia.actor());
    expect((await differences(id)).get(v.id)).toMatchObject({ naoContado: true, contado: 0 });
    await expect(undoLastScan({ contagemId: id }, team.bia.actor())).rejects.toThrow(
      "Você ainda não tem leituras nesta contagem",
    );
    line = (await differences(id)).get(v.id)!;
    expect(line.esperado).toBe(4);
  });

  it("two people reading the same code at once: no unit lost", async () => {
    const { categoriaId, items } = await shelf([0]);
    const v = items[0]!;
    const id = await open(categoriaId);
    const readings = Array.from({ length: 30 }, (_, i) =>
      scan(id, v.ean, i % 2 ? team.ana : team.bia),
    );
    const results = await Promise.allSettled(readings);
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    const line = (await differences(id)).get(v.id)!;
    expect(line.contado).toBe(30);
    expect(line.contadoPor.map((p) => p.split(" ")[0]).sort()).toEqual(["Ana", "Bia"]);
    const [n] = await runSql<{ n: number }>(
      ctx.database.db,
      "select count(*)::int as n from contagem_leituras where contagem_id = $1",
      [id],
    );
    expect(n!.n).toBe(30);
  });
});

describe("applying", () => {
  it("one movement per variant that differs, never below what is reserved, and what went up is told", async () => {
    const { categoriaId, items } = await shelf([5, 2, 3, 7]);
    const [held, up, same, unread] = items as [
      (typeof items)[0],
      (typeof items)[0],
      (typeof items)[0],
      (typeof items)[0],
    ];
    // 3 of `held` reserved by a pick-up order not yet handed over.
    const order = await placeOrder(
      factories.orderInput([{ varianteId: held.id, quantidade: 3 }], {
        modo: "retirada",
        unidadeId: shop.unidadeId,
        formaPagamento: "balcao",
      }),
    );
    if (!order.ok) throw new Error(JSON.stringify(order));
    const id = await open(categoriaId);
    await scan(id, held.ean, team.ana, 1);
    await scan(id, up.ean, team.ana, 4);
    await scan(id, same.ean, team.ana, 3);
    const before = await differences(id);
    expect(before.get(held.id)).toMatchObject({
      diferenca: -4,
      reservado: 3,
      ficara: 3,
      limitadoAoReservado: true,
    });
    expect(before.get(unread.id)).toMatchObject({ naoContado: true, esperado: 7, diferenca: -7 });

    // The shelf's setup stock arrived too ('estoque.entrada'): only what the apply tells counts.
    await runSql(ctx.database.db, "delete from eventos where resource_id = any($1::text[])", [
      items.map((i) => i.id),
    ]);
    const applied = await applyCount(
      { contagemId: id, zerarNaoContados: true },
      team.gerente.actor("/admin/estoque/contagens"),
    );
    expect(applied.limitados).toEqual([
      { nome: `Ração Contagem ${shelves}.0 15 kg`, contado: 1, reservado: 3 },
    ]);
    expect(applied).toMatchObject({ ajustados: 3, entradas: 1, zerados: 1 });
    const moves = new Map((await movementsOf(id)).map((m) => [m.variante_id, m]));
    expect(moves.size).toBe(3);
    expect(moves.get(held.id)).toMatchObject({ delta_em_maos: -2, em_maos_depois: 3 });
    expect(moves.get(up.id)).toMatchObject({ delta_em_maos: 2, em_maos_depois: 4 });
    expect(moves.get(unread.id)).toMatchObject({ delta_em_maos: -7, em_maos_depois: 0 });
    expect(moves.has(same.id)).toBe(false);
    expect(await at(held.id)).toEqual({ emMaos: 3, reservado: 3, disponivel: 0 });
    const events = await runSql<{ resource_id: string }>(
      ctx.database.db,
      "select resource_id from eventos where tipo = 'estoque.entrada' and resource_id = any($1::text[])",
      [items.map((i) => i.id)],
    );
    expect(events.map((e) => e.resource_id)).toEqual([up.id]);
    // Applied, the differences keep what it did.
    expect((await differences(id)).get(held.id)).toMatchObject({
      ficara: 3,
      limitadoAoReservado: true,
    });
  });

  it("is applied once when two applies race, and takes no reading after", async () => {
    const { categoriaId, items } = await shelf([2]);
    const v = items[0]!;
    const id = await open(categoriaId);
    await scan(id, v.ean, team.ana, 6);
    const results = await Promise.allSettled([
      applyCount({ contagemId: id, zerarNaoContados: false }, team.gerente.actor()),
      applyCount({ contagemId: id, zerarNaoContados: false }, team.gerente.actor()),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(AdminError);
    expect(refused.reason.message).toMatch(/^Esta contagem já foi aplicada em \d\d\/\d\d\/\d{4}/);
    expect(await movementsOf(id)).toHaveLength(1);
    expect((await at(v.id)).emMaos).toBe(6);
    await expect(scan(id, v.ean, team.ana)).rejects.toThrow(/já foi aplicada/);
  });

  it("a person of another unit cannot see, read into or apply the count", async () => {
    const { categoriaId, items } = await shelf([1]);
    const id = await open(categoriaId);
    const outsider = await staffSession({
      papel: "gerente",
      unidades: [shop.centroId],
      nome: "Caio",
    });
    expect(await countDifferences(id, outsider.staff)).toBeNull();
    await expect(scan(id, items[0]!.ean, outsider)).rejects.toThrow("Contagem não encontrada");
    await expect(
      applyCount({ contagemId: id, zerarNaoContados: false }, outsider.actor()),
    ).rejects.toThrow("Contagem não encontrada");
  });
});

describe("the reading page's plain form", () => {
  it("an atendente reads by posting the form (no script), and may not see the expected figures", async () => {
    const { categoriaId, items } = await shelf([3]);
    const id = await open(categoriaId);
    const url = `/admin/estoque/contagens/${id}`;
    const read = await call(
      leitura.action,
      formRequest(
        url,
        { intent: "ler", contagemId: id, codigo: items[0]!.ean, quantidade: "2" },
        {
          token: team.ana.token,
        },
      ),
      { id },
    );
    expect(read.data).toMatchObject({
      ok: true,
      message: `+2 Ração Contagem ${shelves}.0 15 kg`,
      description: expect.stringContaining("2 contadas nesta contagem"),
    });
    const unknown = await call(
      leitura.action,
      formRequest(
        url,
        { intent: "ler", contagemId: id, codigo: "ABC-NAO-EXISTE" },
        {
          token: team.ana.token,
        },
      ),
      { id },
    );
    expect(unknown.data).toMatchObject({
      ok: false,
      errors: { codigo: expect.stringContaining("Código ABC-NAO-EXISTE não encontrado") },
    });
    // Blind: the differences (with the expected figure) are for who adjusts stock.
    const blind = await call(
      diferencasRoute.loader,
      makeRequest(`${url}/diferencas`, { token: team.ana.token }),
      { id },
    );
    expect(blind.status).toBe(403);
    const page = await call(leitura.loader, makeRequest(url, { token: team.ana.token }), { id });
    expect(JSON.stringify(page.data)).not.toContain("esperado");
  });
});
