// The cart of a browser without JavaScript (decision 0040), in a signed cookie: the forms of
// the store post here (POST /loja/carrinho/alterar) and the cart, the checkout and the
// header read it. Its name starts with agropet_, so a page asked with it never comes from nor
// goes to the shared page cache (http/page-cache.ts). When scripts run, the store merges it
// into the browser's cart once and asks the server to clear it (`mesclado`).
import crypto from "node:crypto";
import { lineName } from "~/modules/catalog";
import { saleVariants } from "~/modules/catalog/index.server";
import { COUPON_INVALID, COUPON_REMOVED, couponAppliedMessage } from "~/modules/promotions";
import { requestInfo } from "~/platform/request-info.server";
import { signedCookie } from "~/platform/signed-cookie.server";
import { redirectWithToast } from "~/platform/toast.server";
import { CART_TEXTS, type CartItem, cartText, QUOTE_TEXTS } from "./cart";
import { type CartQuote, quoteCart } from "./cart.server";
import {
  addToCookieCart,
  COOKIE_CART_FULL,
  type CookieCart,
  cartReturnPath,
  cookieCartFrom,
  cookieCartValue,
  emptyCookieCart,
  removeFromCookieCart,
  setCookieCartQuantity,
} from "./cookie-cart";
import { quoteCartWithCouponGuess } from "./coupon-guess.server";

const COOKIE_CART_NAME = "agropet_carrinho";
const cookie = signedCookie(COOKIE_CART_NAME, { maxAge: 30 * 24 * 60 * 60 });
const COUPON_TOO_MANY = "Muitas tentativas de cupom. Tente novamente mais tarde.";

const newVersion = () => crypto.randomBytes(9).toString("base64url");
/** A fresh version for a cart made elsewhere in the module ("Comprar de novo"). */
export const newCookieCartVersion = newVersion;

/** The cart the request's cookie carries, or null (none, altered or unreadable). */
export function readCookieCart(request: Request): CookieCart | null {
  const header = request.headers.get("cookie");
  if (!header?.includes(`${COOKIE_CART_NAME}=`)) return null;
  return cookieCartFrom(cookie.parse(header));
}

/** The Set-Cookie that keeps `cart` (a new version), or clears it when it holds nothing. */
function cookieCartHeader(cart: CookieCart): string {
  if (cart.itens.length === 0 && !cart.cupom && !cart.bairro) return cookie.clear();
  return cookie.serialize(cookieCartValue({ ...cart, versao: newVersion() }));
}

/** The Set-Cookie that keeps a cart changed elsewhere in the module ("Comprar de novo"). */
export const cookieCartHeaderFor = (cart: CookieCart) => cookieCartHeader(cart);

/**
 * The checkout's "Remover" without JavaScript (a line a pick-up unit lacks, issue 39): the
 * cookie cart without that line and the Set-Cookie that keeps it; null without a cookie cart.
 */
export function cookieCartWithout(
  request: Request,
  varianteId: string,
): { cart: CookieCart; header: string } | null {
  const cart = readCookieCart(request);
  if (!cart) return null;
  const next = { ...removeFromCookieCart(cart, varianteId), versao: newVersion() };
  return { cart: next, header: cookieCartHeader(next) };
}

/** The header that removes the cookie cart (after an order, after the merge). */
export function clearCookieCartHeader(): string {
  return cookie.clear();
}

/** What a page shows of the cookie cart: the server's quote and the lines as the browser keeps them. */
interface CookieCartView {
  versao: string;
  cupom: string | null;
  bairro: string | null;
  quote: CartQuote;
  /** The lines as the browser's cart keeps them (for the merge). */
  items: CartItem[];
  count: number;
}

/**
 * The cookie cart quoted by the server (prices, stock, coupon, fee), or null when the request
 * carries none or an empty one. `choice` overrides the neighbourhood (the checkout's form).
 */
export async function readCookieCartView(
  request: Request,
  choice: {
    bairro?: string | null;
    retiradaUnidadeId?: string | null;
    modo?: "entrega" | "retirada" | null;
    formaPagamento?: string | null;
  } = {},
  /** The cart as just changed (the checkout's "Remover"), in place of the request's. */
  changed?: CookieCart,
): Promise<CookieCartView | null> {
  const cart = changed ?? readCookieCart(request);
  if (!cart || cart.itens.length === 0) return null;
  const quote = await quoteCart({
    itens: cart.itens,
    cupom: cart.cupom,
    bairro: choice.bairro !== undefined ? choice.bairro : cart.bairro,
    retiradaUnidadeId: choice.retiradaUnidadeId ?? null,
    modo: choice.modo ?? null,
    formaPagamento: choice.formaPagamento ?? null,
  });
  // The lines as the browser's cart keeps them: within the open units' stock together,
  // whatever one pick-up unit holds (issue 39: a unit's stock takes nothing out of the cart).
  const items = quote.linhas
    .filter((l) => l.estoqueTotal > 0)
    .map((l) => ({
      id: l.id,
      nome: l.nome,
      preco: l.preco,
      imagem: l.imagemUrl,
      estoque: l.estoqueTotal,
      quantidade: Math.min(l.quantidadePedida, l.estoqueTotal),
    }));
  return {
    versao: cart.versao,
    cupom: cart.cupom,
    bairro: cart.bairro,
    quote,
    items,
    count: items.reduce((sum, i) => sum + i.quantidade, 0),
  };
}

type Tone = "success" | "error" | "info";

const text = (form: FormData, name: string) => {
  const v = form.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/**
 * POST /loja/carrinho/alterar: one change to the cookie cart (`intent`: adicionar, quantidade,
 * remover, limpar, cupom, remover-cupom, bairro, mesclado), then back to the store page the form
 * was on, with the same toasts as the browser's cart. Nothing here trusts a price or a stock
 * the form sends: the variant is read again.
 */
export async function changeCookieCart(request: Request): Promise<Response> {
  const form = await request.formData().catch(() => new FormData());
  const intent = text(form, "intent");
  const current = readCookieCart(request) ?? emptyCookieCart(newVersion());

  if (intent === "mesclado") {
    // The browser merged this version: clear it, unless the cookie changed since.
    const same = current.versao === text(form, "versao");
    return new Response(null, {
      status: 204,
      headers: same ? { "Set-Cookie": clearCookieCartHeader(), "Cache-Control": "no-store" } : {},
    });
  }

  const host = new URL(request.url).host;
  const back = cartReturnPath(request.headers.get("referer"), host);
  const answer = (cart: CookieCart | null, title: string, type: Tone, to = back) =>
    redirectWithToast(
      to,
      { type, title },
      cart ? { status: 303, headers: { "Set-Cookie": cookieCartHeader(cart) } } : { status: 303 },
    );

  const varianteId = text(form, "varianteId");
  switch (intent) {
    case "adicionar":
    case "quantidade": {
      const [variant] = await saleVariants([varianteId]);
      const nome = variant ? lineName(variant.nome, variant.rotulo) : "";
      const estoque = variant?.aVenda ? variant.estoque : 0;
      if (!variant || estoque <= 0) {
        const cart = removeFromCookieCart(current, varianteId);
        return answer(
          cart,
          QUOTE_TEXTS.unavailable.replace("{nomes}", () => nome || "produto"),
          "error",
        );
      }
      const quantidade = Number.parseInt(text(form, "quantidade") || "1", 10);
      if (intent === "quantidade") {
        const cart = setCookieCartQuantity(
          current,
          variant.id,
          Number.isFinite(quantidade) ? quantidade : 1,
          estoque,
        );
        const now = cart.itens.find((l) => l.varianteId === variant.id)?.quantidade ?? 0;
        const asked = Number.isFinite(quantidade) ? quantidade : 1;
        if (now > 0 && now < asked) {
          const warning = estoque === 1 ? QUOTE_TEXTS.lastOne : QUOTE_TEXTS.fewLeft;
          return answer(cart, cartText(warning, { nome, n: estoque }), "info");
        }
        return answer(
          cart,
          now > 0 ? "Quantidade atualizada" : `${nome} removido do carrinho`,
          "info",
        );
      }
      const fromPage = text(form, "origem") === "produto";
      const { cart, added, full } = addToCookieCart(
        current,
        variant.id,
        Number.isFinite(quantidade) ? quantidade : 1,
        estoque,
      );
      if (full) return answer(null, COOKIE_CART_FULL, "error");
      if (added === 0) return answer(null, cartText(CART_TEXTS.full, { nome }), "error");
      return answer(
        cart,
        cartText(fromPage ? CART_TEXTS.addedFromPage : CART_TEXTS.addedFromCard, {
          nome,
          n: added,
        }),
        "success",
      );
    }
    case "remover":
      return answer(
        removeFromCookieCart(current, varianteId),
        "Produto removido do carrinho",
        "info",
      );
    case "limpar":
      return answer({ ...current, itens: [], cupom: null }, "Carrinho esvaziado", "info");
    case "remover-cupom":
      return answer({ ...current, cupom: null }, COUPON_REMOVED, "info");
    case "cupom": {
      const codigo = text(form, "codigo").toUpperCase().slice(0, 40);
      if (!codigo) return answer(null, COUPON_INVALID, "error");
      const { ip } = requestInfo(request);
      // Counted before it is checked: a burst cannot evaluate more guesses than the limit.
      const guess = await quoteCartWithCouponGuess({ itens: current.itens, cupom: codigo }, ip);
      if (guess.blocked) return answer(null, COUPON_TOO_MANY, "error");
      const { quote } = guess;
      if (!quote.cupom) return answer(null, quote.cupomErro ?? COUPON_INVALID, "error");
      return answer(
        { ...current, cupom: quote.cupom.codigo },
        couponAppliedMessage(codigo),
        "success",
      );
    }
    case "bairro": {
      const bairro = text(form, "bairro").slice(0, 100) || null;
      if (!bairro) return answer({ ...current, bairro: null }, "Bairro removido", "info");
      const quote = await quoteCart({ itens: [], bairro });
      if (!quote.bairro)
        return answer(null, quote.bairroErro ?? "Selecione um bairro atendido", "error");
      return answer(
        { ...current, bairro: quote.bairro },
        `Frete calculado para ${quote.bairro}`,
        "info",
      );
    }
    default:
      return answer(null, "Não entendemos o pedido. Tente novamente.", "error");
  }
}
