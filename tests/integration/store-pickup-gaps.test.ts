import { beforeEach, describe, expect, it } from "vitest";
import { placeOrder, quoteCart } from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { action as cartAction } from "~/routes/loja/carrinho-alterar";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/loja/checkout";
import { loader as quoteLoader } from "~/routes/loja/resumo";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { reseedWithNewCentro } from "../support/demo-shop";
import * as factories from "../support/factories";
import { expectOneOfFourAtThisUnit } from "../support/pickup-quote";
import { call } from "../support/routes";

const ctx = withTestDatabase();
const product = factories.productsIn(ctx);

let meiaPraia: string;
let centro: string;
let golden: { id: string; nome: string };
let bravecto: { id: string; nome: string };

beforeEach(async () => {
  // A second open unit that takes pick-up orders and does not deliver.
  ({ meiaPraia, centro } = await reseedWithNewCentro(ctx.database, false));
  golden = await product({ nome: "Golden Adulto 15 kg", preco: 20000, estoque: 0 });
  bravecto = await product({ nome: "Bravecto 10 a 20 kg", preco: 15000, estoque: 0 });
  await factories.setStock(golden.id, meiaPraia, 3);
  await factories.setStock(golden.id, centro, 0);
  await factories.setStock(bravecto.id, meiaPraia, 2);
  await factories.setStock(bravecto.id, centro, 2);
});

const GOLDEN_NOTE = "em falta nesta unidade; disponível na Unidade Meia Praia ou para entrega";
const refusal = (note = GOLDEN_NOTE) =>
  `A Unidade Centro não tem tudo do seu pedido: Golden Adulto 15 kg (${note}). ` +
  "Escolha outra unidade, receba em casa ou remova o item do pedido. Seu carrinho continua com tudo.";

const pickUpFields = (itens: string, unidadeId: string, overrides: Record<string, string> = {}) =>
  factories.checkoutForm(itens, {
    modo: "retirada",
    unidadeId,
    formaPagamento: "balcao",
    endereco: "",
    numero: "",
    bairro: "",
    janelaEntrega: "",
    ...overrides,
  });

/** The cookie cart (a browser without JavaScript) after adding each line by its form. */
async function cookieCartWith(lines: { id: string; quantidade: number }[]): Promise<string> {
  let cookie = "";
  for (const line of lines) {
    const answer = await call(
      cartAction,
      makeRequest("/loja/carrinho/alterar", {
        method: "POST",
        body: new URLSearchParams({
          intent: "adicionar",
          varianteId: line.id,
          quantidade: String(line.quantidade),
        }),
        headers: cookie ? { cookie } : {},
      }),
    );
    cookie = cartCookieOf(answer.response!) ?? cookie;
  }
  return cookie;
}

/** The agropet_carrinho pair a response sets, if it sets one. */
function cartCookieOf(response: Response | Headers): string | null {
  const headers = response instanceof Headers ? response : response.headers;
  const set = headers.getSetCookie().find((c) => c.startsWith("agropet_carrinho="));
  return set ? set.split(";")[0]! : null;
}

describe("a pick-up unit that lacks a line", () => {
  it("quotes every line, names the gap and where it is, and counts only what the unit serves", async () => {
    const itens = [
      { varianteId: golden.id, quantidade: 1 },
      { varianteId: bravecto.id, quantidade: 1 },
    ];
    const atCentro = await quoteCart({ itens, retiradaUnidadeId: centro });
    expect(
      atCentro.linhas.map((l) => [l.nome, l.quantidadePedida, l.estoqueTotal, l.falta]),
    ).toEqual([
      ["Golden Adulto 15 kg", 1, 3, GOLDEN_NOTE],
      ["Bravecto 10 a 20 kg", 1, 4, null],
    ]);
    expect(atCentro).toMatchObject({
      retirada: true,
      subtotal: 15000,
      total: 15000,
      retiradaFalta: { unidade: "Unidade Centro", mensagem: refusal() },
    });

    // Back to the other unit: everything is there again.
    const atMeiaPraia = await quoteCart({ itens, retiradaUnidadeId: meiaPraia });
    expect(atMeiaPraia.retiradaFalta).toBeNull();
    expect(atMeiaPraia.linhas.map((l) => [l.quantidade, l.falta])).toEqual([
      [1, null],
      [1, null],
    ]);
    expect(atMeiaPraia.total).toBe(35000);

    // The browser's island asks GET /loja/resumo: the same answer.
    const params = new URLSearchParams({
      itens: `${golden.id}:1,${bravecto.id}:1`,
      retiradaUnidadeId: centro,
    });
    const answer = (await quoteLoader({
      request: makeRequest(`/loja/resumo?${params}`),
      params: {},
      context: {},
    } as never)) as Response;
    const json = (await answer.json()) as typeof atCentro;
    expect(json.linhas).toHaveLength(2);
    expect(json.retiradaFalta?.mensagem).toBe(refusal());
  });

  it("names a unit holding less than asked, and the delivery only when a delivering unit holds it all", async () => {
    await factories.setStock(golden.id, centro, 1);
    const quote = await quoteCart({
      itens: [{ varianteId: golden.id, quantidade: 3 }],
      retiradaUnidadeId: centro,
    });
    expectOneOfFourAtThisUnit(quote.linhas[0], 3);
    // Meia Praia holds 2 of 4 asked: nowhere has the whole line.
    const nowhere = await quoteCart({
      itens: [{ varianteId: golden.id, quantidade: 4 }],
      retiradaUnidadeId: centro,
    });
    expect(nowhere.linhas[0]!.falta).toBe("só 1 nesta unidade (você pediu 4)");
  });

  it("refuses the pick-up on the server with the same words, reserving nothing", async () => {
    const placed = await placeOrder(
      factories.orderInput(
        [
          { varianteId: golden.id, quantidade: 1 },
          { varianteId: bravecto.id, quantidade: 1 },
        ],
        { modo: "retirada", unidadeId: centro, formaPagamento: "balcao" },
      ),
    );
    expect(placed).toMatchObject({ ok: false, error: "estoque", message: refusal() });
    expect(await factories.stockAt(ctx.database, bravecto.id, centro)).toMatchObject({
      reservado: 0,
    });
    expect(await ctx.database.db.select().from(pedidos)).toHaveLength(0);
  });

  it("without JavaScript: the cart keeps both lines through the unit, the refusal and the way back; 'Remover' is the customer's", async () => {
    const cookie = await cookieCartWith([
      { id: golden.id, quantidade: 1 },
      { id: bravecto.id, quantidade: 1 },
    ]);
    expect(cookie).toMatch(/^agropet_carrinho=/);
    const post = (fields: Record<string, string>, cart = cookie) =>
      call(
        checkoutAction,
        makeRequest("/loja/checkout", {
          method: "POST",
          body: new URLSearchParams(fields),
          headers: { cookie: cart },
        }),
      );
    const page = await call(checkoutLoader, makeRequest("/loja/checkout", { headers: { cookie } }));
    const itens: string = page.data.servidor.itens;
    expect(itens).toBe(`${golden.id}:1,${bravecto.id}:1`);

    // "Atualizar" with the unit that lacks Golden: both lines, the gap named.
    const atCentro = await post({ ...pickUpFields(itens, centro), intent: "atualizar" });
    expect(atCentro.status).toBe(200);
    expect(atCentro.data.resumo.linhas.map((l: { falta: string | null }) => l.falta)).toEqual([
      GOLDEN_NOTE,
      null,
    ]);
    expect(atCentro.data.resumo.retiradaFalta.mensagem).toBe(refusal());

    // "Confirmar pedido": refused with the same words, the form as typed, nothing lost.
    const confirmed = await post(pickUpFields(itens, centro, { nome: "Ana Retirada" }));
    expect(confirmed.status).toBe(409);
    expect(confirmed.data.message).toBe(refusal());
    expect(confirmed.data.values).toMatchObject({ nome: "Ana Retirada", unidadeId: centro });
    expect(confirmed.data.resumo.linhas).toHaveLength(2);
    expect(await ctx.database.db.select().from(pedidos)).toHaveLength(0);
    const again = await call(
      checkoutLoader,
      makeRequest("/loja/checkout", { headers: { cookie } }),
    );
    expect(again.data.servidor.itens).toBe(itens);

    // The other unit: everything there.
    const atMeiaPraia = await post({ ...pickUpFields(itens, meiaPraia), intent: "atualizar" });
    expect(atMeiaPraia.data.resumo.retiradaFalta).toBeNull();
    expect(atMeiaPraia.data.resumo.total).toBe(35000);

    // "Remover" by the gap: the cart loses that line only, the typed form comes back.
    const removed = (await checkoutAction({
      request: makeRequest("/loja/checkout", {
        method: "POST",
        body: new URLSearchParams({
          ...pickUpFields(itens, centro, { nome: "Ana Retirada" }),
          remover: golden.id,
        }),
        headers: { cookie },
      }),
      params: {},
      context: {},
    } as never)) as {
      data: {
        values: Record<string, string>;
        itens: string;
        resumo: { retiradaFalta: unknown; linhas: unknown[] };
      };
      init: ResponseInit;
    };
    expect(removed.data.values).toMatchObject({ nome: "Ana Retirada", unidadeId: centro });
    expect(removed.data.values.remover).toBeUndefined();
    expect(removed.data.itens).toBe(`${bravecto.id}:1`);
    expect(removed.data.resumo.linhas).toHaveLength(1);
    expect(removed.data.resumo.retiradaFalta).toBeNull();
    const smaller = cartCookieOf(new Headers(removed.init.headers));
    expect(smaller).not.toBeNull();
    const afterRemoval = await call(
      checkoutLoader,
      makeRequest("/loja/checkout", { headers: { cookie: smaller! } }),
    );
    expect(afterRemoval.data.servidor.itens).toBe(`${bravecto.id}:1`);

    // Now the unit serves the whole order.
    const ordered = await post(
      pickUpFields(afterRemoval.data.servidor.itens, centro, { nome: "Ana Retirada" }),
      smaller!,
    );
    expect(ordered.response?.status).toBe(302);
    const [pedido] = await ctx.database.db.select().from(pedidos);
    expect(pedido).toMatchObject({ modo: "retirada", unidadeId: centro, total: 15000 });
  });
});

describe("a delivery quote", () => {
  it("still cuts a line down to what the open units hold together", async () => {
    const quote = await quoteCart({
      itens: [{ varianteId: golden.id, quantidade: 5 }],
      bairro: "Meia Praia",
    });
    expect(quote.linhas[0]).toMatchObject({
      quantidade: 3,
      estoque: 3,
      estoqueTotal: 3,
      falta: null,
    });
    expect(quote.retiradaFalta).toBeNull();
  });
});
