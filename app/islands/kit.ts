// What several islands need, written once: money in BRL, the stored cart (the same
// localStorage entry and JSON as ~/components/loja/cart-context, read defensively like
// ~/modules/orders/cart's parseStoredCart) and toasts as the React pages show them (top centre,
// three at most), without sonner. An island's entry passes `islandKit()` as the island's
// second argument; the build keeps it in one chunk that the islands of a page share.

// The cart's types are ~/modules/orders/cart's own; a type import is erased, so nothing of that
// module reaches the page.
import type { CartItem, CartState as StoredCart } from "~/modules/orders";

export type { CartItem, StoredCart };
export type ToastTone = "ok" | "erro" | "aviso" | "info";
export type IslandKit = ReturnType<typeof islandKit>;

export function islandKit() {
  const isInt = (v: unknown): v is number => Number.isSafeInteger(v);

  /** 'R$ 1.234,56' from centavos (a negative amount keeps its sign in front). */
  function brl(centavos: number): string {
    const abs = Math.abs(centavos);
    const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
    return `${centavos < 0 ? "-" : ""}R$ ${reais},${String(abs % 100).padStart(2, "0")}`;
  }

  /** The stored cart; anything malformed is dropped, a quantity never exceeds the stock. */
  function readCart(key: string): StoredCart {
    let value: unknown;
    try {
      value = JSON.parse(window.localStorage.getItem(key) ?? "null");
    } catch {
      return { items: [], cupom: null };
    }
    if (!value || typeof value !== "object") return { items: [], cupom: null };
    const v = value as { items?: unknown; cupom?: unknown };
    const items: CartItem[] = [];
    for (const raw of Array.isArray(v.items) ? v.items : []) {
      if (!raw || typeof raw !== "object") continue;
      const x = raw as Record<string, unknown>;
      if (typeof x.id !== "string" || typeof x.nome !== "string") continue;
      if (!isInt(x.preco) || !isInt(x.estoque) || !isInt(x.quantidade) || x.quantidade <= 0)
        continue;
      const quantidade = Math.min(x.quantidade, x.estoque);
      if (quantidade <= 0) continue;
      const imagem = typeof x.imagem === "string" ? x.imagem : null;
      items.push({
        id: x.id,
        nome: x.nome,
        preco: x.preco,
        imagem,
        estoque: x.estoque,
        quantidade,
      });
    }
    const cupom = typeof v.cupom === "string" && v.cupom.trim() ? v.cupom.trim() : null;
    return { items, cupom };
  }

  /**
   * Keeps the cart and tells this tab's other islands (the header's count) with a storage
   * event; other tabs get the browser's own.
   */
  function writeCart(key: string, cart: StoredCart): void {
    try {
      window.localStorage.setItem(key, JSON.stringify(cart));
    } catch {
      // Private mode or a full storage: the cart still works for this page.
    }
    window.dispatchEvent(new StorageEvent("storage", { key }));
  }

  const TONES: Record<ToastTone, string> = {
    ok: "border-green-200 bg-green-50 text-green-900",
    erro: "border-red-200 bg-red-50 text-red-800",
    aviso: "border-amber-200 bg-amber-50 text-amber-900",
    info: "border-slate-200 bg-white text-slate-900",
  };

  /** A toast with a bold title and an optional description; one stack for the whole page. */
  function toast(title: string, tone: ToastTone, description = "", ms = 4000): void {
    let stack = document.querySelector<HTMLElement>("section[data-toasts]");
    if (!stack) {
      stack = document.createElement("section");
      stack.dataset.toasts = "";
      stack.setAttribute("aria-label", "Notificações");
      stack.setAttribute("aria-live", "polite");
      stack.className =
        "pointer-events-none fixed inset-x-0 top-4 z-[100] mx-auto grid w-[min(22rem,calc(100%-2rem))] gap-2";
      document.body.append(stack);
    }
    const item = document.createElement("div");
    item.setAttribute("role", "status");
    item.className = `rounded-lg border px-4 py-3 text-sm shadow-lg ${TONES[tone]}`;
    for (const [text, className] of [
      [title, "font-semibold"],
      [description, ""],
    ] as const) {
      if (!text) continue;
      const p = document.createElement("p");
      p.className = className;
      p.textContent = text;
      item.append(p);
    }
    stack.append(item);
    while (stack.childElementCount > 3) stack.firstElementChild?.remove();
    setTimeout(() => item.remove(), ms);
  }

  return { brl, readCart, writeCart, toast };
}
