// The cart a browser kept in the cookie while scripts did not run (decision 0040): when they
// run, on any store page, its lines go into the browser's cart once (the quantities add up,
// never past the stock) and the server is asked to clear the cookie. The version the server
// gave is remembered, so a failed clear never merges the same cart twice. Runs before the
// store's other islands (its script comes first in the page), which then show the merged cart.
import type { IslandKit, CartItem as Item } from "~/islands/kit";

export interface CartMergeOptions {
  storageKey: string;
  /** The cookie cart's version: each state is merged once. */
  versao: string;
  items: Item[];
  cupom: string | null;
}

/** Where the browser remembers the last cookie cart it merged. */
const MERGED_KEY_SUFFIX = ":mesclado";

export function cartMerge(options: CartMergeOptions, kit: IslandKit): void {
  const mergedKey = `${options.storageKey}${MERGED_KEY_SUFFIX}`;
  let done: string | null = null;
  try {
    done = window.localStorage.getItem(mergedKey);
  } catch {
    // No storage: the cart of this page is all there is; merging would not last.
    return;
  }
  if (done !== options.versao) {
    const cart = kit.readCart(options.storageKey);
    const items = [...cart.items];
    for (const add of options.items) {
      const k = items.findIndex((i) => i.id === add.id);
      const had = k >= 0 ? items[k]!.quantidade : 0;
      const quantidade = Math.min(had + add.quantidade, add.estoque);
      if (quantidade <= 0) continue;
      if (k >= 0) items[k] = { ...add, quantidade };
      else items.push({ ...add, quantidade });
    }
    kit.writeCart(options.storageKey, { items, cupom: cart.cupom ?? options.cupom });
    try {
      window.localStorage.setItem(mergedKey, options.versao);
    } catch {
      // Full storage: the clear below still makes this merge the only one.
    }
  }
  const body = new URLSearchParams({ intent: "mesclado", versao: options.versao });
  fetch("/loja/carrinho/alterar", { method: "POST", body }).catch(() => {
    // Offline: the version remembered keeps the next page from merging again.
  });
}
