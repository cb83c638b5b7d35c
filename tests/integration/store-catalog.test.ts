import { beforeAll, describe, expect, it } from "vitest";
import { createSession, createUser } from "~/modules/accounts/index.server";
import { getStoreProduct, listStoreProducts } from "~/modules/catalog/index.server";
import { openDatabase, setDatabase } from "~/platform/db/client.server";
import { loader as storeLoader } from "~/routes/loja";
import { loader as checkoutLoader } from "~/routes/loja/checkout";
import { loader as storeLayoutLoader } from "~/routes/loja/layout";
import { loader as productLoader } from "~/routes/loja/produto";
import { loader as quoteLoader } from "~/routes/loja/resumo";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { productsIn } from "../support/factories";
import { responseOf } from "../support/routes";

const ctx = withTestDatabase();
const product = productsIn(ctx);

beforeAll(async () => {
  await truncateAll(ctx.database);
  await seedDatabase({ images: false });
});

describe("store catalogue", () => {
  it("lists only active products with stock, ordered by name", async () => {
    const { produtos } = await listStoreProducts({});
    const names = produtos.map((p) => p.nome);
    expect(names).not.toContain("Corda Mordedor de Algodão 3 Nós"); // stock 0
    expect(names).not.toContain("Coleira Antipulgas Seresto Cães até 8 kg"); // inactive
    expect(produtos.every((p) => p.estoque > 0 && p.ativo)).toBe(true);
    // 25 one-variant products, a ração in three packs and a harness in three sizes.
    expect(names.length).toBe(27);
    expect(names).toContain("Ração Quatree Supreme Cães Adultos Raças Médias e Grandes");
    expect(names[0]).toBe("Antipulgas Bravecto Cães de 10 a 20 kg");
    expect(names.at(-1)).toBe("Vermífugo Drontal Plus Cães 10 kg com 2 comprimidos");
    for (let i = 1; i < names.length; i++) {
      expect(
        names[i - 1]!.localeCompare(names[i]!, "pt-BR", { sensitivity: "base" }),
      ).toBeLessThanOrEqual(0);
    }
  });

  it("searches name, description and SKU without minding case or accents", async () => {
    const byName = await listStoreProducts({ q: "RACAO" });
    expect(byName.produtos.length).toBeGreaterThanOrEqual(4);
    expect(byName.produtos.every((p) => p.nome.toLowerCase().includes("ração"))).toBe(true);
    const byDescription = await listStoreProducts({ q: "carrapatos" });
    expect(byDescription.produtos.map((p) => p.nome)).toEqual([
      "Antipulgas Bravecto Cães de 10 a 20 kg",
    ]);
    const bySku = await listStoreProducts({ q: "brq-kong" });
    expect(bySku.produtos.map((p) => p.sku)).toEqual(["BRQ-KONG-M"]);
    // A pack's own code finds its product.
    const byPackSku = await listStoreProducts({ q: "rac-quat-ad-15" });
    expect(byPackSku.produtos.map((p) => p.nome)).toEqual([
      "Ração Quatree Supreme Cães Adultos Raças Médias e Grandes",
    ]);
    const none = await listStoreProducts({ q: "%" });
    expect(none.total).toBe(0);
  });

  it("filters by category slug, combined with the search", async () => {
    const aqua = await listStoreProducts({ categoria: "aquarismo" });
    expect(aqua.produtos.map((p) => p.categoriaNome)).toEqual([
      "Aquarismo",
      "Aquarismo",
      "Aquarismo",
    ]);
    const both = await listStoreProducts({ categoria: "agropecuaria", q: "racao" });
    expect(both.produtos.map((p) => p.nome)).toEqual(["Ração para Galinhas Poedeiras 20 kg"]);
    expect((await listStoreProducts({ categoria: "nao-existe" })).total).toBe(0);
  });

  it("reads the filters from the URL in the /loja loader", async () => {
    const result = (await storeLoader({
      request: makeRequest("/loja?q=sementes&categoria=aves"),
      params: {},
      context: {},
    } as never)) as unknown as {
      data: { produtos: { nome: string }[]; query: { q: string; categoria: string } };
    };
    expect(result.data.query.q).toBe("sementes");
    expect(result.data.query.categoria).toBe("aves");
    expect(result.data.produtos.map((p) => p.nome)).toEqual([
      "Mistura de Sementes Alcon Club Calopsita 500 g",
    ]);
  });

  it("paginates past 48 products", async () => {
    for (let i = 0; i < 50; i++) {
      await product({ nome: `Zz Paginado ${String(i).padStart(2, "0")}`, preco: 100, estoque: 1 });
    }
    const first = await listStoreProducts({ q: "paginado" });
    expect(first.produtos).toHaveLength(48);
    expect(first.total).toBe(50);
    expect(first.paginas).toBe(2);
    const second = await listStoreProducts({ q: "paginado", pagina: 2 });
    expect(second.produtos.map((p) => p.nome)).toEqual(["Zz Paginado 48", "Zz Paginado 49"]);
    const past = await listStoreProducts({ q: "paginado", pagina: 9 });
    expect(past.produtos).toHaveLength(0);
    expect(past.paginas).toBe(2);
  });

  it("redirects an inactive or unknown product to /loja with 'Produto não disponível'", async () => {
    const off = await product({ nome: "Inativo Página", preco: 100, estoque: 3, ativo: false });
    expect(await getStoreProduct(off.id)).toBeNull();
    for (const id of [off.id, "nao-e-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const thrown = await productLoader({
        request: makeRequest(`/loja/produto/${id}`),
        params: { id },
        context: {},
      } as never).then(
        () => null,
        (e: unknown) => e,
      );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).headers.get("location")).toBe("/loja");
      expect((thrown as Response).headers.get("set-cookie")).toContain("agropet_toast=");
    }
    const on = await product({ nome: "Ativo Página", preco: 1990, estoque: 3 });
    const page = (await productLoader({
      request: makeRequest(`/loja/produto/${on.id}`),
      params: { id: on.id },
      context: {},
    } as never)) as { product: { nome: string; precoAtual: number } };
    expect(page.product).toMatchObject({ nome: "Ativo Página", precoAtual: 1990 });
  });

  it("the cart preview uses server prices and stock, the coupon rule and the neighbourhood fee", async () => {
    const a = await product({ nome: "Prévia A", preco: 1500, estoque: 2 });
    const b = await product({ nome: "Prévia B", preco: 500, estoque: 0 });
    const response = await responseOf(
      quoteLoader,
      makeRequest(`/loja/resumo?itens=${a.id}:5,${b.id}:1&cupom=frete5&bairro=Centro`),
    );
    const quote = await response.json();
    expect(quote.linhas).toEqual([
      expect.objectContaining({
        id: a.id,
        preco: 1500,
        quantidade: 2,
        quantidadePedida: 5,
        disponivel: true,
      }),
      expect.objectContaining({ id: b.id, quantidade: 0, disponivel: false }),
    ]);
    // 30,00 - 5,00 = 25,00: below R$ 40,00, Centro's R$ 7,00 applies.
    expect(quote).toMatchObject({
      subtotal: 3000,
      desconto: 500,
      taxaEntrega: 700,
      total: 3200,
      cupom: { codigo: "FRETE5", desconto: 500 },
      cupomErro: null,
      bairro: "Centro",
    });
    const invalid = await (
      await responseOf(quoteLoader, makeRequest(`/loja/resumo?itens=${a.id}:1&cupom=XYZ`))
    ).json();
    expect(invalid).toMatchObject({
      cupom: null,
      cupomErro: "Cupom inválido ou expirado",
      taxaEntrega: null,
      total: 1500,
    });
  });

  it("decides the admin-only settings shortcut on the server from the session", async () => {
    const layout = (token?: string) =>
      storeLayoutLoader({
        request: makeRequest("/loja", { token }),
        params: {},
        context: {},
      } as never);
    expect(await layout()).toMatchObject({ isAdmin: false, freteGratisMinimo: 4000 });
    const admin = await createUser({
      email: "dono@agropet.test",
      password: "senha-forte-1",
      papel: "dono",
    });
    const staff = await createUser({
      email: "caixa@agropet.test",
      password: "senha-forte-2",
      papel: null,
    });
    const adminSession = await createSession(admin.id, makeRequest("/"));
    const staffSession = await createSession(staff.id, makeRequest("/"));
    expect((await layout(adminSession.token)).isAdmin).toBe(true);
    expect((await layout(staffSession.token)).isAdmin).toBe(false);
  });

  it("answers 503 with Retry-After and a pt-BR message when the database is gone (closed)", async () => {
    const broken = await openDatabase({});
    await broken.close();
    setDatabase(broken);
    const thrown = async (run: () => unknown) => {
      try {
        await run();
      } catch (error) {
        return error;
      }
      return undefined;
    };
    try {
      // A database out of reach is a fault that passes: never a page saying "no products".
      const page = (await thrown(() =>
        storeLoader({ request: makeRequest("/loja"), params: {}, context: {} } as never),
      )) as Response;
      expect(page).toBeInstanceOf(Response);
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("30");
      expect(((await page.json()) as { message: string }).message).toMatch(/instabilidade/);
      const quote = await responseOf(quoteLoader, makeRequest("/loja/resumo?itens=a:1&cupom=X"));
      expect(quote.status).toBe(503);
      expect(quote.headers.get("retry-after")).toBe("30");
      expect(await quote.json()).toEqual({ erro: "Erro ao validar cupom" });
      const checkout = (await thrown(() =>
        checkoutLoader({
          request: makeRequest("/loja/checkout"),
          params: {},
          context: {},
        } as never),
      )) as Response;
      expect(checkout).toBeInstanceOf(Response);
      expect(checkout.status).toBe(503);
    } finally {
      setDatabase(ctx.database);
    }
    // Opening the fresh PGlite to break is slow on a loaded CI machine (over 30 s once).
  }, 120_000);
});
