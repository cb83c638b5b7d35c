import { describe, expect, it } from "vitest";
import {
  addableQuantity,
  CART_TEXTS,
  type CartState,
  cartCount,
  cartItemFrom,
  cartReducer,
  cartText,
  cartTotal,
  decodeCartLines,
  emptyCart,
  encodeCartLines,
  parseStoredCart,
  QUOTE_TEXTS,
  quoteWarnings,
  remainingStock,
} from "~/modules/orders/cart";

const racao = { id: "a", nome: "Ração", preco: 1000, imagem: null, estoque: 3 };
const bola = { id: "b", nome: "Bola", preco: 250, imagem: "/x.webp", estoque: 10 };

function run(...actions: Parameters<typeof cartReducer>[1][]): CartState {
  return actions.reduce(cartReducer, emptyCart);
}

describe("cart reducer (SPEC §4)", () => {
  it("adds a new item with quantity 1 and raises it when added again by id", () => {
    const state = run(
      { type: "add", item: racao },
      { type: "add", item: bola },
      { type: "add", item: racao },
    );
    expect(state.items.map((i) => [i.id, i.quantidade])).toEqual([
      ["a", 2],
      ["b", 1],
    ]);
    expect(cartCount(state)).toBe(3);
    expect(cartTotal(state)).toBe(2 * 1000 + 250);
  });

  it("never goes above the stock the server reported", () => {
    const state = run(
      { type: "add", item: racao, quantidade: 2 },
      { type: "add", item: racao, quantidade: 5 },
    );
    expect(state.items[0]!.quantidade).toBe(3);
    expect(remainingStock(state, "a", 3)).toBe(0);
    const updated = cartReducer(state, { type: "update", id: "a", quantidade: 99 });
    expect(updated.items[0]!.quantidade).toBe(3);
  });

  it("does not add a product without stock", () => {
    const state = run({ type: "add", item: { ...racao, estoque: 0 } });
    expect(state.items).toEqual([]);
  });

  it("updates a quantity, and 0 or less removes the item", () => {
    let state = run({ type: "add", item: bola }, { type: "add", item: racao });
    state = cartReducer(state, { type: "update", id: "b", quantidade: 4 });
    expect(state.items.find((i) => i.id === "b")!.quantidade).toBe(4);
    state = cartReducer(state, { type: "update", id: "b", quantidade: 0 });
    expect(state.items.map((i) => i.id)).toEqual(["a"]);
    state = cartReducer(state, { type: "update", id: "a", quantidade: -2 });
    expect(state.items).toEqual([]);
  });

  it("removes by id and clears everything, coupon included", () => {
    let state = run(
      { type: "add", item: bola },
      { type: "add", item: racao },
      { type: "setCoupon", cupom: " bemvindo10 " },
    );
    expect(state.cupom).toBe("BEMVINDO10");
    state = cartReducer(state, { type: "remove", id: "b" });
    expect(state.items.map((i) => i.id)).toEqual(["a"]);
    state = cartReducer(state, { type: "clear" });
    expect(state).toEqual(emptyCart);
  });

  it("sync takes the server's price and stock, clamps quantities and drops unavailable lines", () => {
    const state = run({ type: "add", item: bola, quantidade: 8 }, { type: "add", item: racao });
    const synced = cartReducer(state, {
      type: "sync",
      requested: ["b", "a"],
      products: [{ ...bola, preco: 300, estoque: 5 }],
    });
    expect(synced.items).toEqual([{ ...bola, preco: 300, estoque: 5, quantidade: 5 }]);
    // Nothing changed: the same object comes back (no needless re-render or write).
    expect(
      cartReducer(synced, {
        type: "sync",
        requested: ["b"],
        products: [{ ...bola, preco: 300, estoque: 5 }],
      }),
    ).toBe(synced);
  });

  it("sync leaves alone lines added after the server was asked", () => {
    const state = run({ type: "add", item: bola }, { type: "add", item: racao });
    const synced = cartReducer(state, { type: "sync", requested: ["b"], products: [] });
    expect(synced.items.map((i) => i.id)).toEqual(["a"]);
  });

  it("reads a stored cart defensively", () => {
    expect(parseStoredCart(null)).toEqual(emptyCart);
    expect(parseStoredCart("{not json")).toEqual(emptyCart);
    const stored = JSON.stringify({
      items: [
        { ...bola, quantidade: 2 },
        { id: "x", nome: "Sem preço", quantidade: 1 },
        { ...racao, quantidade: 9 },
      ],
      cupom: "FRETE5",
    });
    const state = parseStoredCart(stored);
    expect(state.items.map((i) => [i.id, i.quantidade])).toEqual([
      ["b", 2],
      ["a", 3],
    ]);
    expect(state.cupom).toBe("FRETE5");
  });

  it("encodes only ids and quantities for the server, merging repeated ids", () => {
    expect(
      encodeCartLines([
        { id: "a", quantidade: 2 },
        { id: "b", quantidade: 1 },
      ]),
    ).toBe("a:2,b:1");
    const a = "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f";
    const b = "7a8b9c0d-1e2f-4a3b-9c4d-5e6f7a8b9c0d";
    expect(decodeCartLines(`${a}:2,${b}:1,${a}:3,${b}x:1,c:0,d:x,:4`)).toEqual([
      { varianteId: a, quantidade: 5 },
      { varianteId: b, quantidade: 1 },
    ]);
    // Not a product id (would reach the database as an invalid uuid): dropped.
    expect(decodeCartLines("abc:1,'; drop table produtos;--:1")).toEqual([]);
  });

  it("adds at least one unit and never more than the stock left (what the store island follows too)", () => {
    expect(addableQuantity(emptyCart, "a", 3)).toBe(1);
    expect(addableQuantity(emptyCart, "a", 3, 0)).toBe(1);
    expect(addableQuantity(emptyCart, "a", 3, 2.7)).toBe(2);
    expect(addableQuantity(emptyCart, "a", 3, 10)).toBe(3);
    const two = run({ type: "add", item: racao, quantidade: 2 });
    expect(addableQuantity(two, "a", 3, 5)).toBe(1);
    expect(addableQuantity(run({ type: "add", item: racao, quantidade: 3 }), "a", 3)).toBe(0);
    // Another product's lines do not count.
    expect(addableQuantity(two, "b", 10, 4)).toBe(4);
  });

  it("fills the add-to-cart texts, a name with '$' kept as it is", () => {
    expect(cartText(CART_TEXTS.addedFromCard, { nome: "Bola" })).toBe(
      "Bola adicionado ao carrinho!",
    );
    expect(cartText(CART_TEXTS.addedFromPage, { nome: "Ração $& 1kg", n: 2 })).toBe(
      "2x Ração $& 1kg adicionado ao carrinho!",
    );
    expect(cartText(CART_TEXTS.full, { nome: "Bola" })).toBe(
      "Você já tem todo o estoque de Bola no carrinho",
    );
    expect(cartText(CART_TEXTS.buttonOther, { n: 3 })).toBe("Carrinho, 3 itens");
  });
});

describe("cartItemFrom", () => {
  it("keeps the product's id, name, price, image and stock as the cart's snapshot", () => {
    expect(
      cartItemFrom({
        id: "p1",
        nome: "Ração 1 kg",
        precoAtual: 2990,
        imagemUrl: "/uploads/produtos/p1.webp",
        estoque: 7,
      }),
    ).toEqual({
      id: "p1",
      nome: "Ração 1 kg",
      preco: 2990,
      imagem: "/uploads/produtos/p1.webp",
      estoque: 7,
    });
  });
});

describe("quoteWarnings", () => {
  const line = { nome: "Ração", disponivel: true, quantidade: 2, quantidadePedida: 2, estoque: 5 };
  it("says nothing when every line is sold as asked", () => {
    expect(quoteWarnings([line])).toEqual([]);
  });
  it("names the products gone in one warning, and each line cut down to the stock", () => {
    expect(
      quoteWarnings([
        { ...line, nome: "Bola", disponivel: false, quantidade: 0, estoque: 0 },
        { ...line, nome: "Osso", disponivel: false, quantidade: 0, estoque: 0 },
        { ...line, quantidade: 1, quantidadePedida: 3, estoque: 1 },
        { ...line, nome: "Areia", quantidade: 4, quantidadePedida: 6, estoque: 4 },
      ]),
    ).toEqual([
      "Produto não disponível: Bola, Osso",
      "Ração: só resta 1 unidade",
      "Areia: só restam 4 unidades",
    ]);
  });
  it("uses the texts of QUOTE_TEXTS", () => {
    expect(QUOTE_TEXTS.unavailable).toContain("{nomes}");
  });
});
