// A clean start (issue 39, point 15; decision 0057): the first start can be empty
// (DEMO_DATA=0), the admin removes the demo in one action (keeping what an order uses), the
// made-up company is flagged until edited, and neither an empty nor a cleaned shop ever gets
// the demo back.
import { eq, sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categorias, produtos, variantes } from "~/modules/catalog/testing.server";
import { bairrosEntrega } from "~/modules/delivery/testing.server";
import { placeOrder } from "~/modules/orders/index.server";
import { cupons } from "~/modules/promotions/testing.server";
import { getSettings } from "~/modules/shop/index.server";
import { db } from "~/platform/db/client.server";
import { action, loader } from "~/routes/admin/configuracoes";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { auditEntries, makeAdmin, orderInput } from "../support/factories";
import { call } from "../support/routes";

const ctx = withTestDatabase();

beforeEach(async () => {
  await truncateAll(ctx.database);
  await db().execute(sql`delete from servicos_banho`);
});

async function countOf(table: typeof produtos | typeof cupons | typeof bairrosEntrega) {
  const [row] = await db().select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

describe("demo data", () => {
  it("an empty start stays empty: the demo is never seeded later", async () => {
    expect(await seedDatabase({ images: false, empty: true })).toEqual({ seeded: false });
    expect((await getSettings()).dadosDemo).toBe("vazio");
    expect(await seedDatabase({ images: false })).toEqual({ seeded: false });
    expect(await countOf(produtos)).toBe(0);
    expect(await countOf(cupons)).toBe(0);
    expect((await getSettings()).cnpj).toBeNull();
  });

  it("'Remover dados de demonstração' removes what no order uses, in one go, audited; it never comes back", async () => {
    expect((await seedDatabase({ images: false })).seeded).toBe(true);
    const admin = await makeAdmin();
    // The made-up company is flagged, and the card says what is left.
    const before = await call(loader, makeRequest("/admin/configuracoes", { token: admin.token }));
    expect(before.data.demoCompany).toEqual([
      "razão social",
      "CNPJ",
      "e-mail de atendimento",
      "encarregado de dados",
      "e-mail do encarregado",
    ]);
    const total = await countOf(produtos);
    expect(total).toBeGreaterThan(10);
    expect(before.data.demo).toMatchObject({ produtos: total, produtosEmPedidos: 0, cupons: 2 });

    // An order sells a demo product with the demo coupon: both stay.
    const [sold] = await db()
      .select({ id: variantes.id, produtoId: variantes.produtoId })
      .from(variantes)
      .where(eq(variantes.sku, "RAC-QUAT-AD-3"));
    const placed = await placeOrder(
      orderInput([{ varianteId: sold!.id, quantidade: 1 }], { cupom: "BEMVINDO10" }),
    );
    expect(placed.ok).toBe(true);
    // A company field the shop typed itself is its own, and stays.
    await db().execute(sql`update configuracoes set cnpj = '11.222.333/0001-81'`);

    const unconfirmed = await call(
      action,
      formRequest("/admin/configuracoes", { intent: "remover-demo" }, { token: admin.token }),
    );
    expect(unconfirmed.status).toBe(400);
    expect(await countOf(produtos)).toBe(total);

    const removed = await call(
      action,
      formRequest(
        "/admin/configuracoes",
        { intent: "remover-demo", confirmar: "on" },
        { token: admin.token },
      ),
    );
    expect(removed.data).toMatchObject({ ok: true, message: "Dados de demonstração removidos" });
    const left = await db().select({ id: produtos.id }).from(produtos);
    expect(left.map((p) => p.id)).toEqual([sold!.produtoId]);
    expect(
      (await db().select({ codigo: cupons.codigo }).from(cupons)).map((c) => c.codigo),
    ).toEqual(["BEMVINDO10"]);
    expect(await countOf(bairrosEntrega)).toBe(0);
    // Only the sold product's category is left.
    expect(await db().select({ id: categorias.id }).from(categorias)).toHaveLength(1);
    const settings = await getSettings();
    expect(settings).toMatchObject({
      razaoSocial: null,
      cnpj: "11.222.333/0001-81",
      encarregadoNome: null,
      dadosDemo: "removidos",
    });
    const [entry] = await auditEntries("demo_data_remove");
    expect(entry!.details).toMatchObject({ produtos: total - 1, cupons: 1, empresa: 4 });

    const after = await call(loader, makeRequest("/admin/configuracoes", { token: admin.token }));
    expect(after.data.demoCompany).toEqual([]);
    expect(after.data.demo).toBeNull();
    // Even with the catalogue emptied, a restart seeds nothing.
    await db().execute(
      sql`truncate table itens_pedido, pedidos, produtos, categorias restart identity cascade`,
    );
    expect(await seedDatabase({ images: false })).toEqual({ seeded: false });
    expect(await countOf(produtos)).toBe(0);
  });
});
