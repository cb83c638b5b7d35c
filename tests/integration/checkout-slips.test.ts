// Issue 39, point 13 (store and checkout slips), where the server decides: a pick-up whose
// unit is not chosen yet is quoted with no delivery fee and no free-delivery talk (the page
// without JavaScript showed "Calculada pelo bairro" and "Faltam R$ … para o frete grátis");
// the server's cart lines carry what their link needs to open that product with that pack.
import { describe, expect, it } from "vitest";
import { quoteCart } from "~/modules/orders/index.server";
import { action as cartAction } from "~/routes/loja/carrinho-alterar";
import { action as checkoutAction } from "~/routes/loja/checkout";
import { loader as quoteLoader } from "~/routes/loja/resumo";
import { formRequest, makeRequest } from "../setup/requests";
import { withFreshDemoShop } from "../support/demo-shop";
import { checkoutForm } from "../support/factories";
import { call } from "../support/routes";

const { product } = withFreshDemoShop();

describe("a pick-up before its unit is chosen", () => {
  it("is quoted with no delivery fee and no free-delivery talk, by the quote, its route and the checkout's refresh", async () => {
    // Below the free-delivery minimum (R$ 40,00) in a neighbourhood with a fee.
    const item = await product({
      nome: "Petisco Retirada",
      preco: 790,
      estoque: 5,
      sku: "PET-RET-1",
    });
    const itens = [{ varianteId: item.id, quantidade: 1 }];
    const delivered = await quoteCart({ itens, bairro: "Centro" });
    expect(delivered).toMatchObject({ retirada: false, taxaEntrega: 700, total: 1490 });

    const pickUp = await quoteCart({ itens, bairro: "Centro", modo: "retirada" });
    expect(pickUp).toMatchObject({
      retirada: true,
      taxaEntrega: 0,
      bairro: null,
      bairroErro: null,
      total: 790,
      retiradaFalta: null,
    });

    const params = new URLSearchParams({ itens: `${item.id}:1`, modo: "retirada" });
    const answer = (await quoteLoader({
      request: makeRequest(`/loja/resumo?${params}`),
      params: {},
      context: {},
    } as never)) as Response;
    expect(await answer.json()).toMatchObject({ retirada: true, taxaEntrega: 0, total: 790 });

    // "Atualizar forma de entrega" without JavaScript, "Retirar na loja" and no unit yet.
    const added = await call(
      cartAction,
      formRequest("/loja/carrinho/alterar", { intent: "adicionar", varianteId: item.id }),
    );
    const cookie = added
      .response!.headers.getSetCookie()
      .find((c) => c.startsWith("agropet_carrinho="))!
      .split(";")[0]!;
    const refreshed = await call(
      checkoutAction,
      makeRequest("/loja/checkout", {
        method: "POST",
        body: new URLSearchParams({
          ...checkoutForm(`${item.id}:1`, { modo: "retirada", bairro: "Centro" }),
          intent: "atualizar",
        }),
        headers: { cookie },
      }),
    );
    expect(refreshed.data.resumo).toMatchObject({ retirada: true, taxaEntrega: 0, total: 790 });
    // The line carries what its link needs: /loja/produto/:id?v=SKU.
    expect(refreshed.data.resumo.linhas[0]).toMatchObject({ produtoId: item.id, sku: "PET-RET-1" });
  });
});
