// The store's cart on the pages served without React (/loja and the product page, decisions
// 0013 and 0020): the same localStorage entry and JSON as the cart page's island
// (./store-purchase.ts) and the order page's header (~/components/loja/cart-context), so each
// reads what the others wrote. It shows the header's count, takes over the 'Adicionar' forms
// (which, without JavaScript, post to the server's cart: decision 0040), runs the product page's quantity stepper and shows the same toasts. The rules are
// those of ~/modules/orders/cart: a stored cart is read defensively (parseStoredCart), an add puts in
// at least one unit and never more than the stock left (addableQuantity).
//
// Hooks in the HTML: the header's `[data-testid=cart-button]` and `[data-testid=cart-count]`;
// every `button[data-adicionar]` (the product as JSON: id, nome, preco, imagem, estoque); on the
// product page a `[data-compra]` around the stepper (`[data-menos]`, `[data-mais]`, `output`),
// the button's `[data-rotulo]`, `[data-no-carrinho]` and the `[data-ver-carrinho]` link.
// When everything is wired, `data-pronto` is set on the cart button.

import type { StoredCart as Cart, IslandKit, CartItem as Item } from "~/islands/kit";

export interface StoreCartOptions {
  storageKey: string;
  /** The texts of CART_TEXTS (~/modules/orders/cart), with `{nome}`, `{n}` and `{preco}`. */
  texts: {
    addedFromCard: string;
    addedFromPage: string;
    full: string;
    buttonOne: string;
    buttonOther: string;
    addButton: string;
    allInCart: string;
    inCartNote: string;
  };
}

export function storeCart(options: StoreCartOptions, kit: IslandKit): void {
  const button = document.querySelector<HTMLAnchorElement>('[data-testid="cart-button"]');
  if (!button || button.dataset.pronto === "1") return;
  const count = button.querySelector<HTMLElement>('[data-testid="cart-count"]');
  const key = options.storageKey;
  const texts = options.texts;
  const fill = (template: string, nome: string, n: number) =>
    template.replace("{nome}", () => nome).replace("{n}", () => String(n));
  const { brl } = kit;
  const read = () => kit.readCart(key);
  const write = (cart: Cart) => kit.writeCart(key, cart);

  const inCart = (cart: Cart, id: string) => cart.items.find((i) => i.id === id)?.quantidade ?? 0;

  // The product page's stepper: the quantity chosen, between 1 and the stock left.
  const buy = document.querySelector<HTMLElement>("[data-compra]");
  const less = buy?.querySelector<HTMLButtonElement>("[data-menos]") ?? null;
  const more = buy?.querySelector<HTMLButtonElement>("[data-mais]") ?? null;
  const output = buy?.querySelector<HTMLOutputElement>("output") ?? null;
  const note = document.querySelector<HTMLElement>("[data-no-carrinho]");
  const seeCart = document.querySelector<HTMLElement>("[data-ver-carrinho]");
  let chosen = 1;

  const adders = Array.from(document.querySelectorAll<HTMLButtonElement>("button[data-adicionar]"));
  const productOf = (adder: HTMLButtonElement) =>
    JSON.parse(adder.dataset.adicionar ?? "{}") as Omit<Item, "quantidade">;

  function render() {
    const cart = read();
    const total = cart.items.reduce((sum, i) => sum + i.quantidade, 0);
    button!.setAttribute(
      "aria-label",
      total === 1 ? texts.buttonOne : fill(texts.buttonOther, "", total),
    );
    if (count) count.textContent = String(total);
    for (const adder of adders) {
      const product = productOf(adder);
      const had = inCart(cart, product.id);
      const room = Math.max(0, product.estoque - had);
      adder.disabled = room <= 0;
      if (!buy?.contains(adder)) continue;
      chosen = Math.max(1, Math.min(chosen, Math.max(room, 1)));
      if (output) output.textContent = String(chosen);
      if (less) less.disabled = chosen <= 1;
      if (more) more.disabled = chosen >= room;
      const label = adder.querySelector<HTMLElement>("[data-rotulo]");
      if (label)
        label.textContent =
          room <= 0
            ? texts.allInCart
            : texts.addButton.replace("{preco}", () => brl(product.preco * chosen));
      if (note) note.textContent = had > 0 ? fill(texts.inCartNote, "", had) : "";
      if (seeCart) seeCart.hidden = had <= 0;
    }
  }

  const toast = (text: string, ok: boolean) => kit.toast(text, ok ? "ok" : "erro");

  for (const adder of adders) {
    // The button also submits its form (the server's cart, without JavaScript): not here.
    adder.addEventListener("click", (event) => {
      event.preventDefault();
      const product = productOf(adder);
      const onPage = Boolean(buy?.contains(adder));
      const cart = read();
      const had = inCart(cart, product.id);
      const n = Math.min(Math.max(0, product.estoque - had), onPage ? chosen : 1);
      if (n <= 0) {
        toast(fill(texts.full, product.nome, 0), false);
        render();
        return;
      }
      const item = { ...product, quantidade: Math.min(had + n, product.estoque) };
      const items = had
        ? cart.items.map((i) => (i.id === product.id ? { ...i, ...item } : i))
        : [...cart.items, item];
      write({ items, cupom: cart.cupom });
      toast(fill(onPage ? texts.addedFromPage : texts.addedFromCard, product.nome, n), true);
      if (onPage) chosen = 1;
      render();
    });
  }
  less?.addEventListener("click", (event) => {
    event.preventDefault();
    chosen--;
    render();
  });
  more?.addEventListener("click", (event) => {
    event.preventDefault();
    chosen++;
    render();
  });
  // Another tab changed the cart.
  window.addEventListener("storage", (event) => {
    if (event.key === key || event.key === null) render();
  });

  render();
  button.dataset.pronto = "1";
}
