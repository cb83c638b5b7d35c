// "Compra programada", the parts of decision 0090 (issue 45 points 1, 2 and 4): subscribing
// from a past order (its lines, unit, pick-up and payment prefilled; the order page offers it),
// a waiting renewal where the customer picks another pack size or another unit and the order is
// then made, the renewals' revenue apart on the dashboard per unit, and the interval suggested
// from the pet's last weight when the tutor does not know the daily grams.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { variantes } from "~/modules/catalog/testing.server";
import { customerCookie, petPesos, pets } from "~/modules/customers/testing.server";
import { placeOrder } from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { getDashboard } from "~/modules/reports/index.server";
import { unidades } from "~/modules/shop/testing.server";
import { runSubscriptionCycles } from "~/modules/subscriptions/index.server";
import {
  ciclosAssinatura,
  itensAssinatura,
  subscriptionToken,
} from "~/modules/subscriptions/testing.server";
import { action as linkAction, loader as linkLoader } from "~/routes/conta/assinatura";
import { action as accountAction, loader as accountLoader } from "~/routes/conta/assinaturas";
import { loader as orderLoader } from "~/routes/loja/pedido";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { withTestClock } from "../support/clock";
import * as factories from "../support/factories";
import { call } from "../support/routes";

const ctx = withTestDatabase();
const clock = withTestClock("2026-12-01T15:00:00Z");
const product = factories.productsIn(ctx);

let unidade: string;
let outra: string;
let racao: { id: string };
let pequena: string;

beforeEach(async () => {
  await truncateAll(ctx.database);
  await seedDatabase({ images: false });
  const [kept] = await ctx.database.db
    .select({ id: unidades.id })
    .from(unidades)
    .where(eq(unidades.slug, "centro-teste"));
  unidade = kept?.id ?? (await factories.addCentroUnit(ctx.database.db, { atendeEntregas: false }));
  outra = await factories.defaultUnitId();
  await ctx.database.db.update(unidades).set({ retiradaAtiva: true }).where(eq(unidades.id, outra));
  racao = await product({ nome: "Ração Golden", preco: 20000, estoque: 0 });
  await ctx.database.db
    .update(variantes)
    .set({ pesoG: 15000, rotulo: "15 kg", opcao1: "15 kg" })
    .where(eq(variantes.id, racao.id));
  const [small] = await ctx.database.db
    .insert(variantes)
    .values({
      produtoId: racao.id,
      sku: `P-${racao.id.slice(0, 6)}`,
      preco: 6000,
      rotulo: "3 kg",
      opcao1: "3 kg",
      pesoG: 3000,
    })
    .returning({ id: variantes.id });
  pequena = small!.id;
  await factories.setStock(racao.id, unidade, 5);
  await factories.setStock(pequena, unidade, 5);
});

function day(iso: string) {
  clock.advance(new Date(`${iso}T15:00:00Z`).getTime() - clock.now().getTime());
}

/** The account's subscribe form sent by this customer: these items, picked up every 30 days. */
const subscribeInAccount = (cookie: string, fields: Record<string, string>) =>
  call(
    accountAction,
    makeRequest("/conta/assinaturas", {
      method: "POST",
      body: new URLSearchParams({
        intervaloDias: "30",
        modo: "retirada",
        unidadeId: unidade,
        formaPagamento: "balcao",
        telefone: "(47) 99999-0000",
        primeiraData: "2026-12-10",
        lembretes: "1",
        termos: "1",
        intent: "assinar",
        ...fields,
      }),
      headers: { cookie },
    }),
  );

describe("subscribing from a past order", () => {
  it("the order page offers it; the form comes with the order's items, unit, pick-up and payment", async () => {
    const { cookie } = await customerCookie("ana@example.com");
    const areia = await product({ nome: "Areia Pipicat", preco: 3000, estoque: 0 });
    await factories.setStock(areia.id, unidade, 5);
    const placed = await placeOrder(
      factories.orderInput(
        [
          { varianteId: racao.id, quantidade: 2 },
          { varianteId: areia.id, quantidade: 1 },
        ],
        {
          modo: "retirada",
          unidadeId: unidade,
          formaPagamento: "balcao",
          email: "ana@example.com",
        },
      ),
    );
    if (!placed.ok) throw new Error(placed.message);
    const numero = placed.pedido.numeroPedido;

    const orderPage = await call(
      orderLoader,
      makeRequest(`/loja/pedido/${numero}?token=${encodeURIComponent(placed.token)}`),
      { numero },
    );
    expect(orderPage.response?.status ?? 200).toBe(200);

    const query = new URLSearchParams({ pedido: numero, token: placed.token });
    const page = await call(
      accountLoader,
      makeRequest(`/conta/assinaturas?${query}`, { headers: { cookie } }),
    );
    expect(page.data.nova).toMatchObject({
      pedido: numero,
      preenchido: { modo: "retirada", unidadeId: unidade, formaPagamento: "balcao" },
    });
    expect(
      page.data.nova.itens.map((i: { id: string; quantidade: number }) => [i.id, i.quantidade]),
    ).toEqual(
      expect.arrayContaining([
        [racao.id, 2],
        [areia.id, 1],
      ]),
    );
    // Two bags of 15 kg at the estimate typed: 30 kg at 400 g a day → 75 days.
    const withGrams = await call(
      accountLoader,
      makeRequest(`/conta/assinaturas?${query}&gramas=400`, { headers: { cookie } }),
    );
    expect(withGrams.data.nova.sugerido).toBe(75);

    // Another account holding the same link gets nothing prefilled.
    const { cookie: other } = await customerCookie("bia@example.com");
    const foreign = await call(
      accountLoader,
      makeRequest(`/conta/assinaturas?${query}`, { headers: { cookie: other } }),
    );
    expect(foreign.data.nova).toBeNull();
    expect(foreign.data.naoEncontrado).toBe(true);

    const done = await subscribeInAccount(cookie, {
      [`q_${racao.id}`]: "2",
      [`q_${areia.id}`]: "1",
    });
    expect(done.response?.status).toBe(303);
    const itens = await ctx.database.db.select().from(itensAssinatura);
    expect(itens.map((i) => [i.varianteId, i.quantidade, i.precoAceito]).sort()).toEqual(
      [
        [racao.id, 2, 20000],
        [areia.id, 1, 3000],
      ].sort(),
    );
  });
});

describe("a waiting renewal's choice", () => {
  async function waitingSubscription() {
    const { cookie } = await customerCookie("ana@example.com");
    await subscribeInAccount(cookie, { [`q_${racao.id}`]: "1" });
    const [cycleless] = await ctx.database.db.select().from(itensAssinatura);
    const id = cycleless!.assinaturaId;
    // The 15 kg sells out at the unit before the reminder: the renewal waits.
    await factories.setStock(racao.id, unidade, 0);
    day("2026-12-07");
    await runSubscriptionCycles();
    const [cycle] = await ctx.database.db
      .select()
      .from(ciclosAssinatura)
      .where(eq(ciclosAssinatura.assinaturaId, id));
    expect(cycle).toMatchObject({ estado: "aguardando_cliente" });
    return id;
  }

  const renewals = () =>
    ctx.database.db.select().from(pedidos).where(eq(pedidos.compraProgramada, true));

  it("another pack size of the same product from the reminder's page: the order is made with it", async () => {
    const id = await waitingSubscription();
    const t = subscriptionToken(id);
    const page = await call(linkLoader, makeRequest(`/conta/assinaturas/${id}?t=${t}`), { id });
    const opcoes = page.data.assinatura.escolhas.itens[0].opcoes;
    expect(opcoes.map((o: { id: string }) => o.id)).toEqual(
      expect.arrayContaining([racao.id, pequena]),
    );
    // A variant of another product is refused; nothing is made.
    const alheia = await product({ nome: "Ração Outra", preco: 100, estoque: 9 });
    const refused = await call(
      linkAction,
      makeRequest(`/conta/assinaturas/${id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "trocar", t, [`v_${racao.id}`]: alheia.id }),
      }),
      { id },
    );
    expect(refused.response?.status).toBe(303);
    expect(await renewals()).toHaveLength(0);

    await call(
      linkAction,
      makeRequest(`/conta/assinaturas/${id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "trocar", t, [`v_${racao.id}`]: pequena }),
      }),
      { id },
    );
    const [order] = await renewals();
    expect(order).toMatchObject({ unidadeId: unidade, subtotal: 6000 });
    const itens = await ctx.database.db.select().from(itensAssinatura);
    expect(itens).toMatchObject([{ varianteId: pequena, precoAceito: 6000 }]);
    const [cycle] = await ctx.database.db.select().from(ciclosAssinatura);
    expect(cycle).toMatchObject({ estado: "pedido_criado", pedidoId: order!.id });
  });

  it("another unit that has the bag: the order is made there", async () => {
    await factories.setStock(racao.id, outra, 4);
    const id = await waitingSubscription();
    const t = subscriptionToken(id);
    const page = await call(linkLoader, makeRequest(`/conta/assinaturas/${id}?t=${t}`), { id });
    expect(page.data.assinatura.escolhas.unidades).toEqual([
      expect.objectContaining({ id: outra, atual: false }),
    ]);
    await call(
      linkAction,
      makeRequest(`/conta/assinaturas/${id}`, {
        method: "POST",
        body: new URLSearchParams({ intent: "trocar", t, unidadeId: outra }),
      }),
      { id },
    );
    const [order] = await renewals();
    expect(order).toMatchObject({ unidadeId: outra, subtotal: 20000 });
    expect(await factories.stockAt(ctx.database, racao.id, outra)).toMatchObject({ reservado: 1 });
  });
});

describe("the renewals' revenue in the reports", () => {
  it("the dashboard's day per unit shows the compra programada's orders and money apart", async () => {
    const { cookie } = await customerCookie("ana@example.com");
    await subscribeInAccount(cookie, { [`q_${racao.id}`]: "1" });
    // An ordinary order the same day at the same unit.
    day("2026-12-08");
    const plain = await placeOrder(
      factories.orderInput([{ varianteId: pequena, quantidade: 1 }], {
        modo: "retirada",
        unidadeId: unidade,
        formaPagamento: "balcao",
      }),
      () => clock.now(),
    );
    if (!plain.ok) throw new Error(plain.message);
    await runSubscriptionCycles();
    const [renewal] = await ctx.database.db
      .select()
      .from(pedidos)
      .where(eq(pedidos.compraProgramada, true));
    expect(renewal).toBeDefined();
    const money = (await getDashboard(clock.now())).dinheiro;
    const line = money.porUnidade.find((u) => u.unidade.id === unidade)!;
    expect(line.pedidos.quantidade).toBe(2);
    expect(line.programada).toMatchObject({ quantidade: 1, valor: renewal!.total, recebido: 0 });
    expect(money.programada.quantidade).toBe(1);
  });
});

describe("the interval suggested from the pet's weight", () => {
  it("estimates the daily grams from the pet's last weight when the tutor types none", async () => {
    const { cookie, clienteId } = await customerCookie("ana@example.com");
    const [pet] = await ctx.database.db
      .insert(pets)
      .values({ clienteId, nome: "Thor", especie: "cao", porte: "M", pelagem: "curta" })
      .returning();
    await ctx.database.db.insert(petPesos).values([
      { petId: pet!.id, gramas: 12000, medidoEm: new Date("2026-05-01T12:00:00Z") },
      { petId: pet!.id, gramas: 20000, medidoEm: new Date("2026-11-20T12:00:00Z") },
    ]);
    const page = await call(
      accountLoader,
      makeRequest(`/conta/assinaturas?v=${racao.id}`, { headers: { cookie } }),
    );
    // 20 kg dog: 1.6 × 70 × 20^0.75 kcal ÷ 3.6 ≈ 294 → 295 g a day; 15 kg lasts 50 days.
    expect(page.data.nova.estimativa).toMatchObject({ pet: "Thor", gramas: 295 });
    expect(page.data.nova.sugerido).toBe(50);
  });
});
