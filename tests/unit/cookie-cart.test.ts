// The cart of a browser without JavaScript (decision 0040): its pure rules.
import { describe, expect, it } from "vitest";
import * as cookieCart from "~/modules/orders/cookie-cart";

const A = "11111111-1111-4111-8111-111111111111";
const B = "22222222-2222-4222-8222-222222222222";

describe("cookie cart", () => {
  it("adds at least one unit and never past the stock", () => {
    let { cart, added } = cookieCart.addToCookieCart(cookieCart.emptyCookieCart("v1"), A, 2, 3);
    expect(added).toBe(2);
    ({ cart, added } = cookieCart.addToCookieCart(cart, A, 5, 3));
    expect(added).toBe(1);
    expect(cart.itens).toEqual([{ varianteId: A, quantidade: 3 }]);
    const full = cookieCart.addToCookieCart(cart, A, 1, 3);
    expect(full.added).toBe(0);
    expect(cookieCart.addToCookieCart(cart, B, 0, 5).added).toBe(1);
  });

  it("holds at most 40 different products (a cookie's size)", () => {
    let cart = cookieCart.emptyCookieCart("v");
    for (let i = 0; i < 40; i++) {
      const id = `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`;
      cart = cookieCart.addToCookieCart(cart, id, 1, 9).cart;
    }
    const more = cookieCart.addToCookieCart(cart, A, 1, 9);
    expect(more).toMatchObject({ added: 0, full: true });
  });

  it("sets a quantity within the stock, and 0 removes the line", () => {
    const { cart } = cookieCart.addToCookieCart(cookieCart.emptyCookieCart("v"), A, 1, 5);
    expect(cookieCart.setCookieCartQuantity(cart, A, 9, 5).itens[0]!.quantidade).toBe(5);
    expect(cookieCart.setCookieCartQuantity(cart, A, 0, 5).itens).toEqual([]);
    expect(cookieCart.removeFromCookieCart(cart, A).itens).toEqual([]);
  });

  it("reads back what it wrote, and drops what it did not", () => {
    const cart = {
      versao: "v9",
      itens: [{ varianteId: A, quantidade: 2 }],
      cupom: "X",
      bairro: "Centro",
    };
    expect(
      cookieCart.cookieCartFrom(JSON.parse(JSON.stringify(cookieCart.cookieCartValue(cart)))),
    ).toEqual(cart);
    expect(cookieCart.cookieCartFrom(null)).toBeNull();
    expect(cookieCart.cookieCartFrom({ v: "v", i: "x" })).toBeNull();
    expect(
      cookieCart.cookieCartFrom({
        v: "v",
        i: [
          ["not-a-uuid", 1],
          [A, -1],
          [B, 1.5],
          [B, 2],
          [A, 1],
          [A, 1],
        ],
      })!.itens,
    ).toEqual([
      { varianteId: B, quantidade: 2 },
      { varianteId: A, quantidade: 2 },
    ]);
  });

  it("goes back to the store page it came from, never elsewhere", () => {
    const host = "loja.example";
    expect(cookieCart.cartReturnPath("http://loja.example/loja?q=keldog", host)).toBe(
      "/loja?q=keldog",
    );
    expect(cookieCart.cartReturnPath("http://loja.example/loja/produto/1?v=X", host)).toBe(
      "/loja/produto/1?v=X",
    );
    expect(cookieCart.cartReturnPath("https://outro.example/loja", host)).toBe("/loja/carrinho");
    expect(cookieCart.cartReturnPath("http://loja.example/admin", host)).toBe("/loja/carrinho");
    expect(cookieCart.cartReturnPath("http://loja.example/lojas", host)).toBe("/loja/carrinho");
    expect(cookieCart.cartReturnPath("http://loja.example/loja/carrinho/alterar", host)).toBe(
      "/loja/carrinho",
    );
    expect(cookieCart.cartReturnPath(null, host)).toBe("/loja/carrinho");
    expect(cookieCart.cartReturnPath("::", host)).toBe("/loja/carrinho");
  });
});
