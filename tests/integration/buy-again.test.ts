// "Comprar de novo" (issue 42 point 4, decision 0074): an order's lines go into the cart at
// today's prices, bounded by the stock now, and what is no longer available (variant gone or
// inactive, product off the store, sold out at every selling unit) is named; only whoever
// may see the order page may do it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { produtos, variantes } from "~/modules/catalog/testing.server";
import { placeOrder, readCookieCartView } from "~/modules/orders/index.server";
import { readToast } from "~/platform/toast.server";
import { action as orderAction } from "~/routes/loja/pedido";
import { makeRequest } from "../setup/requests";
import { withFreshDemoShop } from "../support/demo-shop";
import * as factories from "../support/factories";
import { call } from "../support/routes";

const { ctx, product } = withFreshDemoShop();

function buyAgain(numero: string, token: string) {
  return call(
    orderAction,
    makeRequest(`/loja/pedido/${numero}?token=${encodeURIComponent(token)}`, {
      method: "POST",
      body: new URLSearchParams({ intent: "comprar-de-novo" }),
    }),
    { numero },
  );
}

describe("Comprar de novo", () => {
  it("fills the cart at today's prices within today's stock and names what is unavailable", async () => {
    const loja = await factories.defaultUnitId();
    const racao = await product({ nome: "Ração X 15 kg", preco: 1000, estoque: 10 });
    const areia = await product({ nome: "Areia Y", preco: 2000, estoque: 5 });
    const coleira = await product({ nome: "Coleira Z", preco: 3000, estoque: 5 });
    const petisco = await product({ nome: "Petisco W", preco: 500, estoque: 5 });
    const placed = await placeOrder(
      factories.orderInput([
        { varianteId: racao.id, quantidade: 2 },
        { varianteId: areia.id, quantidade: 1 },
        { varianteId: coleira.id, quantidade: 1 },
        { varianteId: petisco.id, quantidade: 1 },
      ]),
    );
    if (!placed.ok) throw new Error(placed.message);

    // Today: a new price and only one left; one sold out; one off the store; one variant off.
    await ctx.database.db.update(variantes).set({ preco: 1500 }).where(eq(variantes.id, racao.id));
    await factories.setStock(racao.id, loja, 3); // 2 held by the order: 1 available
    await factories.setStock(areia.id, loja, 1); // 1 held by the order: none available
    await ctx.database.db.update(produtos).set({ ativo: false }).where(eq(produtos.id, coleira.id));
    await ctx.database.db
      .update(variantes)
      .set({ ativo: false })
      .where(eq(variantes.id, petisco.id));

    const answer = await buyAgain(placed.pedido.numeroPedido, placed.token);
    expect(answer.response?.headers.get("location")).toBe("/loja/carrinho");
    const setCookies = answer.response!.headers.getSetCookie();
    const cart = setCookies.find((c) => c.startsWith("agropet_carrinho="))!.split(";")[0]!;
    const toastCookie = setCookies.find((c) => c.startsWith("agropet_toast="))!.split(";")[0]!;
    const { toast } = await readToast(
      makeRequest("/loja/carrinho", { headers: { cookie: toastCookie } }),
    );
    expect(toast?.type).toBe("warning");
    expect(toast?.description).toContain(
      "Areia Y, Coleira Z e Petisco W não estão disponíveis no momento.",
    );
    expect(toast?.description).toContain("Ração X 15 kg: só 1 unidade em estoque.");

    const view = await readCookieCartView(
      makeRequest("/loja/carrinho", { headers: { cookie: cart } }),
    );
    expect(view?.items).toEqual([
      expect.objectContaining({ id: racao.id, preco: 1500, quantidade: 1 }),
    ]);
  });

  it("one unavailable item is named alone, and nothing to add stays on the order", async () => {
    const racao = await product({ nome: "Ração X 15 kg", preco: 1000, estoque: 2 });
    const placed = await placeOrder(
      factories.orderInput([{ varianteId: racao.id, quantidade: 2 }]),
    );
    if (!placed.ok) throw new Error(placed.message);
    const answer = await buyAgain(placed.pedido.numeroPedido, placed.token);
    const location = answer.response?.headers.get("location") ?? "";
    expect(location).toContain(`/loja/pedido/${placed.pedido.numeroPedido}`);
    const toastCookie = answer
      .response!.headers.getSetCookie()
      .find((c) => c.startsWith("agropet_toast="))!
      .split(";")[0]!;
    const { toast } = await readToast(makeRequest("/", { headers: { cookie: toastCookie } }));
    expect(toast?.description).toBe("Ração X 15 kg não está disponível no momento.");
    expect(
      answer.response!.headers.getSetCookie().some((c) => c.startsWith("agropet_carrinho=")),
    ).toBe(false);
  });

  it("needs the order's own link", async () => {
    const racao = await product({ nome: "Ração X 15 kg", preco: 1000, estoque: 5 });
    const placed = await placeOrder(
      factories.orderInput([{ varianteId: racao.id, quantidade: 1 }]),
    );
    if (!placed.ok) throw new Error(placed.message);
    const forged = await buyAgain(placed.pedido.numeroPedido, "x".repeat(43));
    expect(forged.status).toBe(404);
  });
});
