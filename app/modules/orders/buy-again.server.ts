// "Comprar de novo" (issue 42 point 4, decision 0074): an order's lines go into the cart the
// server keeps (decision 0040) at today's prices, each bounded by what the open units have
// now, as the cart bounds any line; the store's `cart-merge` island then moves them into the
// browser's cart when scripts run. What can no longer be bought is named, never dropped
// silently: a variant gone or inactive, a product off the store, or sold out everywhere.
import { lineName } from "~/modules/catalog";
import { saleVariants } from "~/modules/catalog/index.server";
import { redirectWithToast } from "~/platform/toast.server";
import { addToCookieCart, COOKIE_CART_FULL, type CookieCart, emptyCookieCart } from "./cookie-cart";
import { cookieCartHeaderFor, newCookieCartVersion, readCookieCart } from "./cookie-cart.server";
import { getCustomerOrder } from "./queries.server";

/** "Ração X — 15 kg não está disponível no momento." for one; the plural for several. */
function unavailableText(nomes: string[]): string {
  if (nomes.length === 0) return "";
  if (nomes.length === 1) return `${nomes[0]} não está disponível no momento.`;
  const last = nomes[nomes.length - 1];
  return `${nomes.slice(0, -1).join(", ")} e ${last} não estão disponíveis no momento.`;
}

interface BuyAgainOutcome {
  cart: CookieCart;
  /** Lines added, with the quantity that fit (less than ordered when stock is short). */
  adicionados: { nome: string; quantidade: number; pedida: number }[];
  indisponiveis: string[];
  cheio: boolean;
}

/** The cart after adding an order's lines (pure but for reading the variants). */
async function buyAgainCart(
  current: CookieCart,
  itens: {
    varianteId: string | null;
    produtoNome: string;
    varianteRotulo: string;
    quantidade: number;
  }[],
): Promise<BuyAgainOutcome> {
  const variants = new Map(
    (await saleVariants(itens.flatMap((i) => (i.varianteId ? [i.varianteId] : [])))).map((v) => [
      v.id,
      v,
    ]),
  );
  let cart = current;
  const adicionados: BuyAgainOutcome["adicionados"] = [];
  const indisponiveis: string[] = [];
  let cheio = false;
  for (const item of itens) {
    const variant = item.varianteId ? variants.get(item.varianteId) : undefined;
    const nome = variant
      ? lineName(variant.nome, variant.rotulo)
      : lineName(item.produtoNome, item.varianteRotulo);
    if (!variant?.aVenda || variant.estoque <= 0) {
      indisponiveis.push(nome);
      continue;
    }
    const result = addToCookieCart(cart, variant.id, item.quantidade, variant.estoque);
    if (result.full) {
      cheio = true;
      continue;
    }
    cart = result.cart;
    if (result.added > 0) {
      adicionados.push({ nome, quantidade: result.added, pedida: item.quantidade });
    }
  }
  return { cart, adicionados, indisponiveis, cheio };
}

/**
 * POST "Comprar de novo" of an order page (whoever may see that page: the same token): the
 * cart, then the cart page saying what went in and what is not available.
 */
export async function buyAgain(
  request: Request,
  numero: string,
  token: string | null,
): Promise<Response | null> {
  const found = await getCustomerOrder(numero, token);
  if (!found) return null;
  const current = readCookieCart(request) ?? emptyCookieCart(newCookieCartVersion());
  const outcome = await buyAgainCart(current, found.itens);
  const short = outcome.adicionados
    .filter((a) => a.quantidade < a.pedida)
    .map(
      (a) => `${a.nome}: ${a.quantidade === 1 ? "só 1 unidade" : `só ${a.quantidade} unidades`}`,
    );
  const description =
    [
      unavailableText(outcome.indisponiveis),
      short.length > 0 ? `${short.join("; ")} em estoque.` : "",
      outcome.cheio ? COOKIE_CART_FULL : "",
    ]
      .filter(Boolean)
      .join(" ") || undefined;
  if (outcome.adicionados.length === 0) {
    const back = `/loja/pedido/${encodeURIComponent(numero)}?token=${encodeURIComponent(token ?? "")}`;
    return redirectWithToast(
      back,
      { type: "error", title: "Nenhum item deste pedido está disponível no momento", description },
      { status: 303 },
    );
  }
  return redirectWithToast(
    "/loja/carrinho",
    {
      type: outcome.indisponiveis.length > 0 || short.length > 0 ? "warning" : "success",
      title: `Itens do pedido ${numero} no carrinho, com os preços de hoje`,
      description,
    },
    { status: 303, headers: { "Set-Cookie": cookieCartHeaderFor(outcome.cart) } },
  );
}
