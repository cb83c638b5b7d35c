// Issue 13, point 3: the Pix discount the FAQ promises is a store setting applied by
// the server to Pix orders and shown in the quote, the order page, the webhook and chat.
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { webhookEntregas } from "~/modules/notifications/testing.server";
import { orderMessage } from "~/modules/orders";
import { placeOrder, quoteCart } from "~/modules/orders/index.server";
import { itensPedido } from "~/modules/orders/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { loader as orderLoader } from "~/routes/loja/pedido";
import { makeRequest } from "../setup/requests";
import { withFreshDemoShop } from "../support/demo-shop";
import { manualPix, orderInput } from "../support/factories";
import { rowsWhere } from "../support/rows";

const { ctx, product } = withFreshDemoShop();

beforeEach(async () => {
  await updateSettings(ctx.database.db, {
    ...manualPix("agropet@example.com"),
    pixDescontoPercentual: 5,
    webhookUrl: "https://hooks.example.com/pedidos",
    webhookAtivo: true,
  });
});

describe("Pix discount (store setting)", () => {
  it("takes 5 % off the products of a Pix order, after the coupon, never off the delivery", async () => {
    const item = await product({ nome: "Ração Pix", preco: 5000, estoque: 10 });
    const line = [{ varianteId: item.id, quantidade: 1 }];

    const beforeChoice = await quoteCart({ itens: line, bairro: "Centro" });
    expect(beforeChoice).toMatchObject({ descontoPix: 0, pixDescontoPercentual: 5, total: 5000 });
    const quote = await quoteCart({
      itens: line,
      bairro: "Centro",
      cupom: "FRETE5",
      formaPagamento: "pix",
    });
    // 50,00 - 5,00 (coupon) = 45,00; 5 % = 2,25; free delivery decided on 50,00.
    expect(quote).toMatchObject({ desconto: 500, descontoPix: 225, taxaEntrega: 0, total: 4275 });

    const result = await placeOrder(
      orderInput(line, { bairro: "Centro", cupom: "FRETE5", formaPagamento: "pix" }),
    );
    if (!result.ok) throw new Error(result.message);
    expect(result.pedido).toMatchObject({
      subtotal: 5000,
      desconto: 500,
      descontoPix: 225,
      taxaEntrega: 0,
      total: 4275,
    });

    const [entrega] = await rowsWhere(
      webhookEntregas,
      eq(webhookEntregas.resourceId, result.pedido.id),
    );
    expect((entrega!.payload as { pedido: Record<string, unknown> }).pedido).toMatchObject({
      desconto: 5,
      desconto_pix: 2.25,
      total: 42.75,
    });

    const itens = await rowsWhere(itensPedido, eq(itensPedido.pedidoId, result.pedido.id));
    expect(orderMessage({ ...result.pedido, itens })).toContain("*Desconto no Pix:* -R$ 2,25");

    const page = (await orderLoader({
      request: makeRequest(`/loja/pedido/${result.pedido.numeroPedido}?token=${result.token}`),
      params: { numero: result.pedido.numeroPedido },
      context: {},
    } as never)) as unknown as { data: { pedido: Record<string, unknown> } };
    expect(page.data.pedido).toMatchObject({ descontoPix: 225, total: 4275 });
  });

  it("gives no Pix discount to other payment methods, nor when the setting is 0", async () => {
    const item = await product({ nome: "Ração Cash", preco: 5000, estoque: 10 });
    const line = [{ varianteId: item.id, quantidade: 1 }];
    const cash = await placeOrder(
      orderInput(line, { bairro: "Centro", formaPagamento: "dinheiro" }),
    );
    expect(cash.ok && cash.pedido).toMatchObject({ descontoPix: 0, total: 5000 });

    await updateSettings(ctx.database.db, { pixDescontoPercentual: 0 });
    const pix = await placeOrder(orderInput(line, { bairro: "Centro", formaPagamento: "pix" }));
    expect(pix.ok && pix.pedido).toMatchObject({ descontoPix: 0, total: 5000 });
    const quote = await quoteCart({ itens: line, bairro: "Centro", formaPagamento: "pix" });
    expect(quote).toMatchObject({ descontoPix: 0, pixDescontoPercentual: 0 });
  });
});
