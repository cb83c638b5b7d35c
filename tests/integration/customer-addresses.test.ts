// Saved addresses (issue 42 point 4, decision 0074): a signed-in customer's delivery orders keep
// their address (never a pick-up), the newest used first; the checkout offers them, and one
// chosen fills the form with its neighbourhood, whose fee the server prices (never the
// client's); "Minha conta → Endereços" adds, edits and removes; nobody reaches another
// customer's addresses.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { customerCookie, enderecosClientes } from "~/modules/customers/testing.server";
import { bairroSchema } from "~/modules/delivery";
import { addBairro, updateBairro } from "~/modules/delivery/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { unidades } from "~/modules/shop/testing.server";
import { DEMO_SEED } from "~/platform/admin/actor.server";
import { action as addressesAction, loader as addressesLoader } from "~/routes/conta/enderecos";
import { action as cartAction } from "~/routes/loja/carrinho-alterar";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/loja/checkout";
import { seedDatabase } from "~/startup/seed.server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import * as factories from "../support/factories";
import { call, expectFilled, expectRefused } from "../support/routes";

const ctx = withTestDatabase();
const product = factories.productsIn(ctx);

let racao: { id: string };
let vilaBeta: string;

beforeEach(async () => {
  await truncateAll(ctx.database);
  await ctx.database.db.delete(unidades).where(eq(unidades.slug, "centro-teste"));
  await seedDatabase({ images: false });
  await addBairro(bairroSchema.parse({ nome: "Vila Alfa", taxaEntrega: "7,00" }), DEMO_SEED);
  vilaBeta = (
    await addBairro(bairroSchema.parse({ nome: "Vila Beta", taxaEntrega: "12,00" }), DEMO_SEED)
  ).id;
  racao = await product({ nome: "Ração Teste 1 kg", preco: 1000, estoque: 20 });
});

const withCookie = (cookie: string, extra = "") =>
  ({ cookie: [cookie, extra].filter(Boolean).join("; ") }) as Record<string, string>;

/** Posts the checkout form `fields` from a browser whose cookie header is `cookie`. */
function postCheckout(fields: Record<string, string>, cookie: string, cart = "") {
  return call(
    checkoutAction,
    makeRequest("/loja/checkout", {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: withCookie(cookie, cart),
    }),
  );
}

function order(cookie: string, overrides: Record<string, string> = {}) {
  return postCheckout(
    factories.checkoutForm(`${racao.id}:1`, { bairro: "Vila Alfa", ...overrides }),
    cookie,
  );
}

async function addressesOf(clienteId: string) {
  return ctx.database.db
    .select()
    .from(enderecosClientes)
    .where(eq(enderecosClientes.clienteId, clienteId));
}

async function checkoutAddresses(cookie: string) {
  const result = await call(
    checkoutLoader,
    makeRequest("/loja/checkout", { headers: withCookie(cookie) }),
  );
  return result.data.enderecos as { id: string; logradouro: string; bairro: string | null }[];
}

/** The cookie cart (a browser without JavaScript) holding one line. */
async function cookieCart(id: string, quantidade: number): Promise<string> {
  const answer = await call(
    cartAction,
    formRequest("/loja/carrinho/alterar", {
      intent: "adicionar",
      varianteId: id,
      quantidade: String(quantidade),
    }),
  );
  const set = answer
    .response!.headers.getSetCookie()
    .find((c) => c.startsWith("agropet_carrinho="));
  return set!.split(";")[0]!;
}

describe("addresses kept from orders", () => {
  it("a signed-in delivery order keeps its address; a pick-up or a guest's never", async () => {
    const ana = await customerCookie("ana@example.com");
    expect((await order(ana.cookie, { endereco: "Rua 300", numero: "12" })).status).toBe(302);
    const [kept] = await addressesOf(ana.clienteId);
    expect(kept).toMatchObject({ logradouro: "Rua 300", numero: "12", bairro: "Vila Alfa" });
    expect(kept!.bairroId).not.toBeNull();

    // The same address again: still one, now the newest used.
    expect((await order(ana.cookie, { endereco: "rua 300", numero: "12" })).status).toBe(302);
    expect(await addressesOf(ana.clienteId)).toHaveLength(1);

    // A pick-up keeps nothing, nor does a guest's order.
    const unidadeId = await factories.addCentroUnit(ctx.database.db, { atendeEntregas: false });
    await factories.setStock(racao.id, unidadeId, 5);
    const pickUp = await order(ana.cookie, {
      modo: "retirada",
      unidadeId,
      formaPagamento: "balcao",
      endereco: "Rua da Retirada",
      numero: "1",
      bairro: "",
      janelaEntrega: "",
    });
    expect(pickUp.status).toBe(302);
    expect((await ctx.database.db.select().from(pedidos)).length).toBe(3);
    expect(await addressesOf(ana.clienteId)).toHaveLength(1);
    expect((await order("", { endereco: "Rua do Visitante" })).status).toBe(302);
    expect(await ctx.database.db.select().from(enderecosClientes)).toHaveLength(1);

    // Another address comes first at the checkout.
    await order(ana.cookie, { endereco: "Avenida Nova", numero: "45", bairro: "Vila Beta" });
    const offered = await checkoutAddresses(ana.cookie);
    expect(offered.map((a) => a.logradouro)).toEqual(["Avenida Nova", "Rua 300"]);
  });

  it("offers each customer only their own addresses", async () => {
    const ana = await customerCookie("ana@example.com");
    const bia = await customerCookie("bia@example.com");
    await order(ana.cookie, { endereco: "Rua da Ana", numero: "1" });
    await order(bia.cookie, { endereco: "Rua da Bia", numero: "2" });
    expect((await checkoutAddresses(ana.cookie)).map((a) => a.logradouro)).toEqual(["Rua da Ana"]);
    expect((await checkoutAddresses(bia.cookie)).map((a) => a.logradouro)).toEqual(["Rua da Bia"]);
    expect(await checkoutAddresses("")).toEqual([]);

    // Bia posting Ana's address id gets nothing of it.
    const [anas] = await addressesOf(ana.clienteId);
    const cart = await cookieCart(racao.id, 1);
    const forged = await postCheckout(
      { enderecoSalvo: anas!.id, itens: `${racao.id}:1` },
      bia.cookie,
      cart,
    );
    expect(JSON.stringify(forged.data)).not.toContain("Rua da Ana");

    // Nor edit nor remove it from her account page.
    const edit = await call(
      addressesAction,
      makeRequest("/conta/enderecos", {
        method: "POST",
        body: new URLSearchParams({
          intent: "salvar",
          id: anas!.id,
          logradouro: "Rua Trocada",
          numero: "9",
          bairro: "Vila Beta",
        }),
        headers: withCookie(bia.cookie),
      }),
    );
    expect(edit.status).toBe(404);
    await call(
      addressesAction,
      makeRequest("/conta/enderecos", {
        method: "POST",
        body: new URLSearchParams({ intent: "remover", id: anas!.id }),
        headers: withCookie(bia.cookie),
      }),
    );
    expect(await addressesOf(ana.clienteId)).toMatchObject([{ logradouro: "Rua da Ana" }]);
    const page = await call(
      addressesLoader,
      makeRequest("/conta/enderecos", { headers: withCookie(bia.cookie) }),
    );
    expect(JSON.stringify(page.data)).not.toContain("Rua da Ana");
  });
});

describe("a saved address at the checkout", () => {
  it("fills the form without JavaScript and the fee follows its neighbourhood", async () => {
    const ana = await customerCookie("ana@example.com");
    await order(ana.cookie, { endereco: "Rua 300", numero: "12", bairro: "Vila Beta" });
    const [saved] = await addressesOf(ana.clienteId);
    const cart = await cookieCart(racao.id, 2);
    const filled = await postCheckout(
      { enderecoSalvo: saved!.id, nome: "Ana", bairro: "Vila Alfa", itens: `${racao.id}:2` },
      ana.cookie,
      cart,
    );
    expectFilled(filled, {
      nome: "Ana",
      endereco: "Rua 300",
      numero: "12",
      bairro: "Vila Beta",
      modo: "entrega",
    });
    expect(filled.data.resumo.taxaEntrega).toBe(1200);

    // The order prices the neighbourhood on the server: a forged fee is never read.
    const placed = await order(ana.cookie, {
      ...filled.data.values,
      itens: `${racao.id}:2`,
      idempotencyKey: crypto.randomUUID(),
      janelaEntrega: "manha",
      formaPagamento: "dinheiro",
      telefone: "(47) 99999-0000",
      taxaEntrega: "0",
    });
    expect(placed.status).toBe(302);
    const rows = await ctx.database.db.select().from(pedidos);
    expect(rows.map((r) => r.taxaEntrega).sort()).toEqual([1200, 1200]);
  });

  it("a neighbourhood no longer served is named, and the customer chooses again", async () => {
    const ana = await customerCookie("ana@example.com");
    await order(ana.cookie, { endereco: "Rua 300", numero: "12", bairro: "Vila Beta" });
    await updateBairro(vilaBeta, { ativo: false }, DEMO_SEED);
    const [offered] = await checkoutAddresses(ana.cookie);
    expect(offered!.bairro).toBeNull();
  });
});

describe("Minha conta → Endereços", () => {
  const post = (cookie: string, fields: Record<string, string>) =>
    call(
      addressesAction,
      makeRequest("/conta/enderecos", {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: withCookie(cookie),
      }),
    );

  it("adds, edits and removes, refusing an unserved neighbourhood and keeping what was typed", async () => {
    const ana = await customerCookie("ana@example.com");
    const missing = await post(ana.cookie, { intent: "salvar", logradouro: "Rua 1" });
    expectRefused(missing, 400, {
      numero: expect.any(String),
      bairro: expect.any(String),
    });
    expect(missing.data.values.logradouro).toBe("Rua 1");
    const unserved = await post(ana.cookie, {
      intent: "salvar",
      logradouro: "Rua 1",
      numero: "10",
      bairro: "Bairro Distante",
    });
    expect(unserved.status).toBe(400);
    expect(unserved.data.errors.bairro).toMatch(/não entregamos/i);

    const added = await post(ana.cookie, {
      intent: "salvar",
      apelido: "Casa",
      cep: "88220-000",
      logradouro: "Rua 1",
      numero: "10",
      bairro: "vila alfa",
    });
    expect(added.response?.headers.get("location")).toBe("/conta/enderecos");
    const [row] = await addressesOf(ana.clienteId);
    expect(row).toMatchObject({ apelido: "Casa", cep: "88220000", bairro: "Vila Alfa" });

    await post(ana.cookie, {
      intent: "salvar",
      id: row!.id,
      logradouro: "Rua 2",
      numero: "20",
      bairro: "Vila Beta",
    });
    expect(await addressesOf(ana.clienteId)).toMatchObject([
      { logradouro: "Rua 2", bairro: "Vila Beta" },
    ]);
    await post(ana.cookie, { intent: "remover", id: row!.id });
    expect(await addressesOf(ana.clienteId)).toHaveLength(0);
  });

  it("sends a guest to Entrar", async () => {
    const guest = await call(addressesLoader, makeRequest("/conta/enderecos"));
    expect(guest.response?.headers.get("location")).toMatch(/^\/conta\/entrar\?voltar=/);
  });
});
