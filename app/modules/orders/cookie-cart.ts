// The cart of a browser without JavaScript (decision 0040): only variant ids and quantities,
// the coupon and the neighbourhood, kept in a signed cookie by the server. Pure rules here;
// reading, writing and the actions are in cookie-cart.server.ts. Prices, names and stock
// always come from the server's quote, as for the browser's cart.
import { UUID_PATTERN } from "~/modules/catalog";
import { MAX_QUANTIDADE_POR_PRODUTO } from "./cart";

/** Where the store's cart forms post (app/routes/loja/carrinho-alterar.ts). */
export const CART_FORM_ACTION = "/loja/carrinho/alterar";

interface CookieCartLine {
  varianteId: string;
  quantidade: number;
}

export interface CookieCart {
  /** Changes with every write: the browser merges one state once (decision 0040). */
  versao: string;
  itens: CookieCartLine[];
  cupom: string | null;
  bairro: string | null;
}

/** A cookie holds about 4 KB: this many lines fit with room to spare. */
const COOKIE_CART_MAX_LINES = 40;
export const COOKIE_CART_FULL = `O carrinho comporta até ${COOKIE_CART_MAX_LINES} produtos diferentes`;

export const emptyCookieCart = (versao: string): CookieCart => ({
  versao,
  itens: [],
  cupom: null,
  bairro: null,
});

/** Reads what the signed cookie carried; anything malformed is dropped, never trusted. */
export function cookieCartFrom(value: unknown): CookieCart | null {
  if (!value || typeof value !== "object") return null;
  const v = value as Record<string, unknown>;
  if (typeof v.v !== "string" || !Array.isArray(v.i)) return null;
  const merged = new Map<string, number>();
  for (const raw of v.i) {
    if (!Array.isArray(raw)) continue;
    const [id, q] = raw as unknown[];
    if (typeof id !== "string" || !UUID_PATTERN.test(id)) continue;
    if (!Number.isSafeInteger(q) || (q as number) <= 0) continue;
    merged.set(id, Math.min((merged.get(id) ?? 0) + (q as number), MAX_QUANTIDADE_POR_PRODUTO));
  }
  const text = (x: unknown, max: number) =>
    typeof x === "string" && x.trim() && x.length <= max ? x.trim() : null;
  return {
    versao: v.v,
    itens: [...merged]
      .slice(0, COOKIE_CART_MAX_LINES)
      .map(([varianteId, quantidade]) => ({ varianteId, quantidade })),
    cupom: text(v.c, 40),
    bairro: text(v.b, 100),
  };
}

/** The cookie's compact JSON. */
export function cookieCartValue(cart: CookieCart) {
  return {
    v: cart.versao,
    i: cart.itens.map((l) => [l.varianteId, l.quantidade]),
    c: cart.cupom,
    b: cart.bairro,
  };
}

/**
 * Adds up to `quantidade` units (at least one), never past the stock or the per-product limit:
 * the cart and how many went in (0 when the stock is all in the cart already). The same rule
 * as the browser's cart (addableQuantity).
 */
export function addToCookieCart(
  cart: CookieCart,
  varianteId: string,
  quantidade: number,
  estoque: number,
): { cart: CookieCart; added: number; full: boolean } {
  const had = cart.itens.find((l) => l.varianteId === varianteId)?.quantidade ?? 0;
  const limit = Math.min(estoque, MAX_QUANTIDADE_POR_PRODUTO);
  const added = Math.max(0, Math.min(Math.max(1, Math.floor(quantidade)), limit - had));
  if (added === 0) return { cart, added: 0, full: false };
  if (had === 0 && cart.itens.length >= COOKIE_CART_MAX_LINES)
    return { cart, added: 0, full: true };
  const itens = had
    ? cart.itens.map((l) => (l.varianteId === varianteId ? { ...l, quantidade: had + added } : l))
    : [...cart.itens, { varianteId, quantidade: added }];
  return { cart: { ...cart, itens }, added, full: false };
}

/** Sets a line's quantity (0 or less removes it), never past the stock or the limit. */
export function setCookieCartQuantity(
  cart: CookieCart,
  varianteId: string,
  quantidade: number,
  estoque: number,
): CookieCart {
  const q = Math.min(Math.floor(quantidade), estoque, MAX_QUANTIDADE_POR_PRODUTO);
  const itens =
    q > 0
      ? cart.itens.map((l) => (l.varianteId === varianteId ? { ...l, quantidade: q } : l))
      : cart.itens.filter((l) => l.varianteId !== varianteId);
  return { ...cart, itens };
}

export function removeFromCookieCart(cart: CookieCart, varianteId: string): CookieCart {
  return { ...cart, itens: cart.itens.filter((l) => l.varianteId !== varianteId) };
}

/**
 * Where a cart form sends the browser back: the store page it came from (the Referer of the
 * same site), else the cart. Never another site, never the form's own address.
 */
export function cartReturnPath(referer: string | null, host: string): string {
  if (!referer) return "/loja/carrinho";
  try {
    const url = new URL(referer);
    if (url.host !== host) return "/loja/carrinho";
    if (!/^\/loja(?:$|\/)/.test(url.pathname) || url.pathname.startsWith("/loja/carrinho/"))
      return "/loja/carrinho";
    return `${url.pathname}${url.search}`;
  } catch {
    return "/loja/carrinho";
  }
}
