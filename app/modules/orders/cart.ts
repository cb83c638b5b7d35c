// The shopping cart (SPEC §4): a pure reducer over the lines the customer picked.
// It lives in localStorage on the client; the server only ever receives ids and
// quantities, and prices are always recomputed on the server.
import { UUID_PATTERN } from "~/modules/catalog";

export interface CartItem {
  id: string;
  /** Display snapshot for the header and toasts; the cart page shows the server's data. */
  nome: string;
  preco: number;
  imagem: string | null;
  /** Stock the server last reported: the quantity never goes above it. */
  estoque: number;
  quantidade: number;
}

/** The cart line a product makes (before its quantity): the snapshot the cart keeps. */
export function cartItemFrom(product: {
  id: string;
  nome: string;
  precoAtual: number;
  imagemUrl: string | null;
  estoque: number;
}): Omit<CartItem, "quantidade"> {
  return {
    id: product.id,
    nome: product.nome,
    preco: product.precoAtual,
    imagem: product.imagemUrl,
    estoque: product.estoque,
  };
}

export interface CartState {
  items: CartItem[];
  /** Coupon code the customer applied in the cart (checked again by the server). */
  cupom: string | null;
}

export type CartAction =
  | { type: "add"; item: Omit<CartItem, "quantidade">; quantidade?: number }
  | { type: "remove"; id: string }
  | { type: "update"; id: string; quantidade: number }
  | { type: "clear" }
  | { type: "setCoupon"; cupom: string | null }
  /**
   * Fresh product data from the server for the ids it was asked about (`requested`):
   * new prices and stock; asked-about lines it did not return (unavailable) go.
   * Lines added since the question was asked are left alone.
   */
  | {
      type: "sync";
      requested: string[];
      products: {
        id: string;
        nome: string;
        preco: number;
        imagem: string | null;
        estoque: number;
      }[];
    }
  | { type: "replace"; state: CartState };

export const emptyCart: CartState = { items: [], cupom: null };

/** The most units of one product an order may take (checked again by the checkout). */
export const MAX_QUANTIDADE_POR_PRODUTO = 999;

function clamp(quantidade: number, estoque: number): number {
  return Math.max(0, Math.min(Math.floor(quantidade), estoque, MAX_QUANTIDADE_POR_PRODUTO));
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "add": {
      const n = Math.max(1, Math.floor(action.quantidade ?? 1));
      const existing = state.items.find((i) => i.id === action.item.id);
      if (existing) {
        const quantidade = clamp(existing.quantidade + n, action.item.estoque);
        return {
          ...state,
          items: state.items
            .map((i) => (i.id === existing.id ? { ...i, ...action.item, quantidade } : i))
            .filter((i) => i.quantidade > 0),
        };
      }
      const quantidade = clamp(n, action.item.estoque);
      if (quantidade <= 0) return state;
      return { ...state, items: [...state.items, { ...action.item, quantidade }] };
    }
    case "remove":
      return { ...state, items: state.items.filter((i) => i.id !== action.id) };
    case "update": {
      if (action.quantidade <= 0) return cartReducer(state, { type: "remove", id: action.id });
      return {
        ...state,
        items: state.items
          .map((i) =>
            i.id === action.id ? { ...i, quantidade: clamp(action.quantidade, i.estoque) } : i,
          )
          .filter((i) => i.quantidade > 0),
      };
    }
    case "clear":
      return emptyCart;
    case "setCoupon":
      return { ...state, cupom: action.cupom ? action.cupom.trim().toUpperCase() : null };
    case "sync": {
      const byId = new Map(action.products.map((p) => [p.id, p]));
      const asked = new Set(action.requested);
      const items = state.items
        .map((i) => {
          if (!asked.has(i.id)) return i;
          const fresh = byId.get(i.id);
          if (!fresh) return { ...i, quantidade: 0 };
          return { ...i, ...fresh, quantidade: clamp(i.quantidade, fresh.estoque) };
        })
        .filter((i) => i.quantidade > 0);
      const same =
        items.length === state.items.length &&
        items.every((i, k) => {
          const old = state.items[k]!;
          return (
            old.id === i.id &&
            old.quantidade === i.quantidade &&
            old.preco === i.preco &&
            old.estoque === i.estoque &&
            old.nome === i.nome &&
            old.imagem === i.imagem
          );
        });
      return same ? state : { ...state, items };
    }
    case "replace":
      return action.state;
  }
}

/**
 * The product page of a cart line with that pack chosen (`?v=SKU`): the cart keeps the
 * variant, the page is the product's. The purchase island writes the same address.
 */
export function cartLineHref(line: { produtoId: string; sku: string }): string {
  return `/loja/produto/${line.produtoId}?v=${encodeURIComponent(line.sku)}`;
}

/** Sum of the quantities (the count on the cart button). */
export function cartCount(state: CartState): number {
  return state.items.reduce((sum, i) => sum + i.quantidade, 0);
}

/** Sum of price × quantity with the prices the cart last saw (display only). */
export function cartTotal(state: CartState): number {
  return state.items.reduce((sum, i) => sum + i.preco * i.quantidade, 0);
}

/** How many more units of a product can still go into the cart. */
export function remainingStock(state: CartState, id: string, estoque: number): number {
  const inCart = state.items.find((i) => i.id === id)?.quantidade ?? 0;
  return Math.max(0, estoque - inCart);
}

/**
 * How many of `quantidade` units can go into the cart now: at least one is asked for, and
 * never more than the stock left after what is already in it (0 when it is all there).
 * The store pages without React (~/islands/store-cart) follow the same rule.
 */
export function addableQuantity(
  state: CartState,
  id: string,
  estoque: number,
  quantidade = 1,
): number {
  return Math.min(remainingStock(state, id, estoque), Math.max(1, Math.floor(quantidade)));
}

/**
 * The texts shown when adding to the cart, with `{nome}` and `{n}` to fill in: the React
 * pages and the store island (which cannot import) take them from here.
 */
export const CART_TEXTS = {
  /** A card of the list adds one unit. */
  addedFromCard: "{nome} adicionado ao carrinho!",
  /** The product page adds the quantity chosen. */
  addedFromPage: "{n}x {nome} adicionado ao carrinho!",
  full: "Você já tem todo o estoque de {nome} no carrinho",
  /** The accessible name of the header's cart button. */
  buttonOne: "Carrinho, 1 item",
  buttonOther: "Carrinho, {n} itens",
  /** The product page's add button ({preco}: the line's total) and its stock note. */
  addButton: "Adicionar ao carrinho - {preco}",
  allInCart: "Estoque todo no carrinho",
  inCartNote: " · {n} no seu carrinho",
} as const;

/** A text of CART_TEXTS with its `{nome}`, `{n}` and `{preco}` filled in. */
export function cartText(
  template: string,
  values: { nome?: string; n?: number; preco?: string },
): string {
  return template
    .replace("{nome}", () => values.nome ?? "")
    .replace("{n}", () => String(values.n ?? ""))
    .replace("{preco}", () => values.preco ?? "");
}

/** Reads a stored cart defensively: anything malformed is dropped, never trusted. */
export function parseStoredCart(raw: string | null): CartState {
  if (!raw) return emptyCart;
  try {
    const value = JSON.parse(raw) as unknown;
    if (!value || typeof value !== "object") return emptyCart;
    const v = value as { items?: unknown; cupom?: unknown };
    const items = Array.isArray(v.items)
      ? v.items.flatMap((i): CartItem[] => {
          if (!i || typeof i !== "object") return [];
          const x = i as Record<string, unknown>;
          const ok =
            typeof x.id === "string" &&
            typeof x.nome === "string" &&
            Number.isSafeInteger(x.preco) &&
            Number.isSafeInteger(x.estoque) &&
            Number.isSafeInteger(x.quantidade) &&
            (x.quantidade as number) > 0;
          if (!ok) return [];
          return [
            {
              id: x.id as string,
              nome: x.nome as string,
              preco: x.preco as number,
              imagem: typeof x.imagem === "string" ? x.imagem : null,
              estoque: x.estoque as number,
              quantidade: Math.min(x.quantidade as number, x.estoque as number),
            },
          ].filter((c) => c.quantidade > 0);
        })
      : [];
    const cupom = typeof v.cupom === "string" && v.cupom.trim() ? v.cupom.trim() : null;
    return { items, cupom };
  } catch {
    return emptyCart;
  }
}

/** Lines as the server receives them: 'id:quantidade,id:quantidade'. */
export function encodeCartLines(items: { id: string; quantidade: number }[]): string {
  return items.map((i) => `${i.id}:${i.quantidade}`).join(",");
}

/**
 * Lines `id:quantidade` of a posted cart (the id is the variant's), repeated variants merged (their sum may pass
 * MAX_QUANTIDADE_POR_PRODUTO: the checkout refuses that); a line that is not a product id
 * and a count in plain digits is dropped.
 */
export function decodeCartLines(text: string | null | undefined): {
  varianteId: string;
  quantidade: number;
}[] {
  if (!text) return [];
  const merged = new Map<string, number>();
  for (const part of text.split(",")) {
    const [id, q] = part.split(":");
    if (!id || !UUID_PATTERN.test(id) || !q || !/^\d+$/.test(q)) continue;
    // Any count of digits: past the safe range it is held at it, still above the limit.
    const quantidade = Math.min(Number(q), Number.MAX_SAFE_INTEGER);
    if (quantidade <= 0) continue;
    merged.set(id, Math.min((merged.get(id) ?? 0) + quantidade, Number.MAX_SAFE_INTEGER));
  }
  return [...merged].map(([varianteId, quantidade]) => ({ varianteId, quantidade }));
}

/**
 * The warnings after the server quoted the cart: products gone and lines cut down to the
 * stock. `{nomes}`, `{nome}` and `{n}` to fill in; the React cart and the purchase island
 * (which cannot import) take them from here.
 */
export const QUOTE_TEXTS = {
  unavailable: "Produto não disponível: {nomes}",
  lastOne: "{nome}: só resta 1 unidade",
  fewLeft: "{nome}: só restam {n} unidades",
} as const;

/** The warnings a quote gives: one for the products gone, one per line cut down to the stock. */
export function quoteWarnings(
  linhas: {
    nome: string;
    disponivel: boolean;
    quantidade: number;
    quantidadePedida: number;
    estoque: number;
  }[],
): string[] {
  const gone = linhas.filter((l) => !l.disponivel).map((l) => l.nome);
  const warnings =
    gone.length > 0 ? [QUOTE_TEXTS.unavailable.replace("{nomes}", () => gone.join(", "))] : [];
  for (const l of linhas) {
    if (!l.disponivel || l.quantidade >= l.quantidadePedida) continue;
    const text = l.estoque === 1 ? QUOTE_TEXTS.lastOne : QUOTE_TEXTS.fewLeft;
    warnings.push(text.replace("{nome}", () => l.nome).replace("{n}", () => String(l.estoque)));
  }
  return warnings;
}

/** The delivery fee in the order summary when it is not an amount. */
export const SUMMARY_TEXTS = {
  free: "Grátis",
  byNeighbourhood: "Calculada pelo bairro",
} as const;

/**
 * A cart line a pick-up unit cannot serve in full (issue 39): what the unit has, what was
 * asked, and where the line is to be had instead (other pick-up units holding the whole
 * quantity, and whether a delivery can take it). Nothing is taken out of the cart for it.
 */
export interface PickUpGap {
  nome: string;
  /** Available at the chosen unit (less than asked). */
  naUnidade: number;
  pedida: number;
  /** Other pick-up units with the whole quantity, in the shop's order. */
  outrasUnidades: string[];
  /** A delivering unit holds the whole quantity. */
  entrega: boolean;
}

/** "na Unidade Meia Praia, na Unidade Centro ou para entrega"; "" when nowhere. */
function whereElse(gap: PickUpGap): string {
  const places = [
    ...gap.outrasUnidades.map((u) => `na ${u}`),
    ...(gap.entrega ? ["para entrega"] : []),
  ];
  if (places.length === 0) return "";
  const last = places.pop()!;
  return places.length > 0 ? `${places.join(", ")} ou ${last}` : last;
}

/**
 * What a line lacks at the unit, after its name: "em falta nesta unidade; disponível na
 * Unidade Meia Praia ou para entrega", "só 1 nesta unidade (você pediu 3); …".
 */
export function pickUpGapNote(gap: PickUpGap): string {
  const here =
    gap.naUnidade <= 0
      ? "em falta nesta unidade"
      : `só ${gap.naUnidade} nesta unidade (você pediu ${gap.pedida})`;
  const elsewhere = whereElse(gap);
  return elsewhere ? `${here}; disponível ${elsewhere}` : here;
}

/** What the customer can do about it (said on the page and in the checkout's refusal). */
export const PICK_UP_GAP_CHOICES =
  "Escolha outra unidade, receba em casa ou remova o item do pedido. Seu carrinho continua com tudo.";

/** The heading of the notice: "A Unidade Centro não tem tudo do seu pedido". */
export function pickUpGapTitle(unidade: string): string {
  return `A ${unidade} não tem tudo do seu pedido`;
}

/**
 * The checkout's refusal of a pick-up the unit cannot serve, the same words as the notice:
 * "A Unidade Centro não tem tudo do seu pedido: Golden 15 kg (em falta nesta unidade;
 * disponível na Unidade Meia Praia ou para entrega). Escolha outra unidade, …".
 */
export function pickUpGapMessage(unidade: string, gaps: PickUpGap[]): string {
  const lines = gaps.map((g) => `${g.nome} (${pickUpGapNote(g)})`).join("; ");
  return `${pickUpGapTitle(unidade)}: ${lines}. ${PICK_UP_GAP_CHOICES}`;
}
