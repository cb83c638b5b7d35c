// The islands' kit repeats, in a form that runs inside the page, rules that ~/domain owns:
// money in BRL and the defensive read of the stored cart. These tests hold the two together.
import { afterEach, describe, expect, it } from "vitest";
import { formatBRL } from "~/domain/money";
import { islandKit } from "~/islands/kit";
import { parseStoredCart } from "~/modules/orders/cart";

const stored = new Map<string, string>();
const fakeWindow = {
  localStorage: {
    getItem: (key: string) => stored.get(key) ?? null,
    setItem: (key: string, value: string) => void stored.set(key, value),
  },
  dispatched: [] as Event[],
  dispatchEvent(event: Event) {
    this.dispatched.push(event);
    return true;
  },
};
Object.assign(globalThis, { window: fakeWindow });
// Node has no StorageEvent; the kit only needs one with a key.
class FakeStorageEvent extends Event {
  key: string | null;
  constructor(type: string, init: { key?: string | null } = {}) {
    super(type);
    this.key = init.key ?? null;
  }
}
Object.assign(globalThis, { StorageEvent: FakeStorageEvent });

afterEach(() => {
  stored.clear();
  fakeWindow.dispatched.length = 0;
});

const KEY = "agropet:carrinho:v1";
const item = { id: "a", nome: "Ração", preco: 1990, imagem: null, estoque: 3, quantidade: 1 };

describe("island kit", () => {
  it("formats money like formatBRL", () => {
    const { brl } = islandKit();
    for (const centavos of [0, 1, 99, 100, 2290, 123456, 100000000, 987654321]) {
      expect(brl(centavos)).toBe(formatBRL(centavos));
    }
    expect(brl(-750)).toBe("-R$ 7,50");
  });

  it.each([
    ["nothing stored", null],
    ["not JSON", "{carrinho"],
    ["a number", "42"],
    ["a valid cart", JSON.stringify({ items: [item], cupom: " PET10 " })],
    ["more than the stock", JSON.stringify({ items: [{ ...item, quantidade: 9 }], cupom: null })],
    [
      "broken lines among good ones",
      JSON.stringify({
        items: [
          item,
          { ...item, id: 7 },
          { ...item, id: "b", preco: 1.5 },
          { ...item, id: "c", quantidade: 0 },
          { ...item, id: "d", estoque: 0 },
          { ...item, id: "e", imagem: "/uploads/e-320.webp" },
          null,
          "x",
        ],
        cupom: "",
      }),
    ],
  ])("reads the stored cart like parseStoredCart: %s", (_name, raw) => {
    if (raw !== null) stored.set(KEY, raw);
    expect(islandKit().readCart(KEY)).toEqual(parseStoredCart(raw));
  });

  it("writes the cart and tells the page's other islands", () => {
    const kit = islandKit();
    kit.writeCart(KEY, { items: [item], cupom: null });
    expect(kit.readCart(KEY)).toEqual({ items: [item], cupom: null });
    expect(fakeWindow.dispatched).toHaveLength(1);
    expect(fakeWindow.dispatched[0]).toMatchObject({ type: "storage", key: KEY });
  });
});
