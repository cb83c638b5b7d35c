// The store listing (/loja) put together without React Router, for a visitor with nothing of
// their own on the page: no session (the admin shortcut), no flash message, no order notice.
// Everything else on the page is the same for every such visitor, so it is made of pieces
// React renders once with the route's own components, kept here by what they show (decision
// 0013, "A lista da loja sem o React Router"): the header, the search with its count, each
// card, the page links, the footer with the cart's script. A request runs the query and
// joins bytes. A visitor with a session, a flash or a notice gets React Router's render of
// the same route; tests/e2e/store-listing-page.spec.ts checks that both give the same markup.
import type { NextFunction, Request, Response } from "express";
import type { ReactElement } from "react";
import { CartProvider } from "~/components/loja/cart-context";
import { cardKey, cardProduct, StandaloneProductCard } from "~/components/loja/product-card";
import { StoreHeader } from "~/components/loja/store-header";
import {
  PRODUCT_GRID_CLASS,
  STORE_FRAME_CLASS,
  STORE_LISTING_META,
  STORE_MAIN_CLASS,
  StoreCartScript,
  StoreCount,
  StoreEmpty,
  StoreFooter,
  StoreIntro,
  StorePagination,
  StoreSearch,
} from "~/components/loja/store-listing";
import { shop } from "~/content/shop";
import { chatNumber } from "~/domain/whatsapp";
import { compressNow, pickEncoding } from "~/infra/compress.server";
import { keptByKey, renderFragment } from "~/infra/fragment-cache.server";
import { TOAST_COOKIE } from "~/infra/toast.server";
import { NonceContext } from "~/lib/nonce";
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from "~/modules/accounts/index.server";
import { ORDER_FLASH_COOKIE } from "~/modules/orders/index.server";
import { currentSettings } from "~/modules/shop/index.server";
import { storeListingQuery } from "./listing";
import { listStoreProducts } from "./products.server";

/** What the page shows of a visitor: with any of these cookies, React Router renders it. */
const VISITOR_COOKIE = new RegExp(
  `(?:^|;)\\s*(?:${[SESSION_COOKIE, SECURE_SESSION_COOKIE, TOAST_COOKIE, ORDER_FLASH_COOKIE].join("|")})=`,
);

/** Kept pieces carry this in place of the response's nonce (their scripts need one). */
const NONCE_SLOT = "agropet-nonce-slot";
const NONCE_ATTRIBUTE = ` nonce="${NONCE_SLOT}"`;

const ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#x27;",
};

/** As React escapes text and attribute values. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

/**
 * A piece of the page as UTF-8 bytes, ready to join: a document put together from strings
 * would be flattened and encoded again on every request. `head` holds the resource links
 * React puts in front of a fragment's markup (the first cards' image preloads), which belong
 * in the page's head; `body` is the markup, cut where its scripts take the nonce.
 */
interface Piece {
  head: Buffer;
  body: Buffer[];
}

const LEADING_LINKS = /^(?:<link [^>]*\/>)*/;

function toPiece(html: string): Piece {
  const links = LEADING_LINKS.exec(html)?.[0] ?? "";
  return {
    head: Buffer.from(links),
    body: html
      .slice(links.length)
      .split(NONCE_ATTRIBUTE)
      .map((part) => Buffer.from(part)),
  };
}

/** The pieces of this process, by key (everything a piece shows is in its key). */
const keptPieces = keptByKey<Piece>(3000);

export interface StoreListingOptions {
  url: URL;
  /** The response's CSP nonce; none on a page the shared cache keeps. */
  nonce?: string;
  /** The stylesheets of the route's modules, from the build's manifest. */
  stylesheets: string[];
}

/** The whole /loja document for a visitor without session, flash or notice. */
export async function storeListingDocument(options: StoreListingOptions): Promise<Buffer> {
  const { q, categoria, pagina } = storeListingQuery(options.url.searchParams);
  const [list, settings] = await Promise.all([
    listStoreProducts({ q, categoria, pagina }),
    currentSettings(),
  ]);
  const filtered = Boolean(q || categoria);
  const chat = chatNumber(settings.whatsappNumero, shop.phone);
  const year = new Date().getFullYear();
  const nonce = options.nonce ? Buffer.from(` nonce="${escapeHtml(options.nonce)}"`) : null;

  const head: Buffer[] = [];
  const body: Buffer[] = [];
  const add = (key: string, render: () => ReactElement) => {
    const piece = keptPieces.get(key, () =>
      toPiece(
        renderFragment(() => (
          <NonceContext.Provider value={NONCE_SLOT}>{render()}</NonceContext.Provider>
        )),
      ),
    );
    if (piece.head.length > 0) head.push(piece.head);
    for (const [i, part] of piece.body.entries()) {
      if (i > 0 && nonce) body.push(nonce);
      body.push(part);
    }
  };

  body.push(FRAME_START);
  add(JSON.stringify(["cabecalho", settings.freteGratisMinimo]), () => (
    <CartProvider>
      <StoreHeader isAdmin={false} freteGratisMinimo={settings.freteGratisMinimo} />
    </CartProvider>
  ));
  body.push(MAIN_START);
  const categorias = list.categorias.map((c) => [c.id, c.slug, c.nome]);
  add(JSON.stringify(["topo", q, categoria, list.total, categorias]), () => (
    <>
      <StoreIntro />
      <StoreSearch q={q} categoria={categoria} categorias={list.categorias} hydrates={false} />
      <StoreCount total={list.total} filtered={filtered} />
    </>
  ));
  if (list.produtos.length === 0) {
    add(JSON.stringify(["vazia", filtered]), () => <StoreEmpty filtered={filtered} />);
  } else {
    body.push(GRID_START);
    for (const [i, p] of list.produtos.entries()) {
      // The first cards' images load first: their preloads go in the head, as React puts them.
      const card = { product: p, priority: i < 4 };
      add(cardKey(card), () => <StandaloneProductCard product={cardProduct(p)} priority={i < 4} />);
    }
    body.push(GRID_END);
  }
  add(JSON.stringify(["paginas", q, categoria, list.pagina, list.paginas]), () => (
    <StorePagination q={q} categoria={categoria} pagina={list.pagina} paginas={list.paginas} />
  ));
  body.push(MAIN_END);
  add(JSON.stringify(["rodape", chat, year]), () => (
    <>
      <StoreFooter chatNumber={chat} year={year} />
      <StoreCartScript />
    </>
  ));
  body.push(FRAME_END);

  const stylesheets = options.stylesheets
    .map(
      (href) =>
        `<link${nonce ? nonce.toString() : ""} rel="stylesheet" href="${escapeHtml(href)}"/>`,
    )
    .join("");
  return Buffer.concat([
    DOCUMENT_START,
    ...head,
    Buffer.from(`${DOCUMENT_HEAD}${stylesheets}</head><body>`),
    ...body,
  ]);
}

const FRAME_START = Buffer.from(`<div class="${STORE_FRAME_CLASS}">`);
const MAIN_START = Buffer.from(`<div class="flex-1"><main class="${STORE_MAIN_CLASS}">`);
const GRID_START = Buffer.from(`<ul class="${PRODUCT_GRID_CLASS}" aria-label="Produtos">`);
const GRID_END = Buffer.from("</ul>");
const MAIN_END = Buffer.from("</main></div>");
const FRAME_END = Buffer.from("</div></body></html>");
const DOCUMENT_START = Buffer.from(
  '<!DOCTYPE html><html lang="pt-BR"><head><meta charSet="utf-8"/>' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"/>',
);
const DOCUMENT_HEAD =
  '<meta name="theme-color" content="#15803d"/>' +
  '<link rel="icon" href="/favicon.svg" type="image/svg+xml"/>' +
  `<title>${escapeHtml(STORE_LISTING_META.title)}</title>` +
  `<meta name="description" content="${escapeHtml(STORE_LISTING_META.description)}"/>`;

/**
 * GET /loja for a visitor without session, flash or notice, ahead of React Router. Anything
 * else (a HEAD, a visitor with one of those cookies, a database that fails) goes on to React
 * Router, which renders the same route (its error message included).
 */
export function storeListingHandler(stylesheets: string[]) {
  return async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET") return next();
    if (VISITOR_COOKIE.test(req.headers.cookie ?? "")) return next();
    let html: Buffer;
    try {
      html = await storeListingDocument({
        url: new URL(req.originalUrl, "http://loja"),
        nonce: res.locals.cspNonce as string | undefined,
        stylesheets,
      });
    } catch {
      return next();
    }
    res.status(200);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    // A shared page goes to the page cache whole (it compresses and keeps it); any other
    // is compressed here, in one call (compressNow), not by the compression stream.
    let body = html;
    if (res.locals.preCompressed) {
      res.setHeader("Vary", "Cookie");
    } else {
      const encoding = pickEncoding(req.headers["accept-encoding"]);
      body = compressNow(html, encoding);
      res.locals.preCompressed = true;
      res.setHeader("Vary", "Cookie, Accept-Encoding");
      if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
    }
    res.setHeader("Content-Length", body.length);
    res.end(body);
  };
}
