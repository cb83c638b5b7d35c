import { data, Link, redirect, useLoaderData } from "react-router";
import { OrderSuccess } from "~/components/loja/order-success";
import { cardProduct, ProductCard, ProductCardSymbols } from "~/components/loja/product-card";
import { RecentOrdersSection } from "~/components/loja/recent-orders";
import { ActiveFilters, StoreFilters, StoreSearchBar } from "~/components/loja/store-filters";
import {
  PRODUCT_GRID_CLASS,
  STORE_LISTING_META,
  STORE_MAIN_CLASS,
  StoreCount,
  StoreEmpty,
  StoreIntro,
  StorePagination,
} from "~/components/loja/store-listing";
import { Button } from "~/components/ui/button";
import type { HydrationHandle } from "~/lib/hydration";
import type { PageCacheHandle } from "~/lib/page-cache";
import {
  EMPTY_FACETS,
  isFilteredListing,
  STORE_LISTING_PARAMS,
  storeListingHref,
  storeListingQuery,
} from "~/modules/catalog";
import {
  listStoreProducts,
  SEARCH_BUSY_MESSAGE,
  SEARCH_LIMIT_MESSAGE,
  SearchBusyError,
  SearchTooSlowError,
  searchRetryAfter,
  storeListingKept,
  takeSearchToken,
  variantByCode,
} from "~/modules/catalog/index.server";
import { readOrderFlash, readRecentOrders } from "~/modules/orders/index.server";
import { logger } from "~/platform/logger.server";
import { requestInfo } from "~/platform/request-info.server";
import { rethrowIfUnavailable } from "~/platform/unavailable.server";
import type { Route } from "./+types/index";

/**
 * Served as plain HTML, without React (decision 0013): the filters are a GET form and links,
 * the cart is the store's island (app/islands/store-cart.ts, from the layout); a link from a
 * React page loads it as a document (app/lib/hydration.ts). This route is the page's only renderer:
 * its cards, header and footer are markup kept by what they show (decision 0021).
 */
export const handle: HydrationHandle & PageCacheHandle = {
  hydrate: false,
  pageCache: { params: STORE_LISTING_PARAMS },
};

export function meta() {
  return [
    { title: STORE_LISTING_META.title },
    { name: "description", content: STORE_LISTING_META.description },
  ];
}

const emptyList = {
  produtos: [],
  total: 0,
  paginas: 1,
  categorias: [],
  facetas: EMPTY_FACETS,
  sugestao: null,
};

export async function loader({ request }: Route.LoaderArgs) {
  const query = storeListingQuery(new URL(request.url).searchParams);
  // A search this instance has not kept costs the database: a few per address at a time
  // (decision 0054); the page says to wait, with a 429.
  const { ip } = requestInfo(request);
  if (query.q && !storeListingKept(query) && !takeSearchToken(ip)) {
    const { flash, headers } = await readOrderFlash(request);
    return data(
      {
        ...emptyList,
        query,
        flash,
        pedidos: readRecentOrders(request),
        erro: SEARCH_LIMIT_MESSAGE,
      },
      {
        status: 429,
        headers: {
          ...Object.fromEntries(headers ?? []),
          "Cache-Control": "no-store",
          "Retry-After": String(Math.max(1, searchRetryAfter(ip))),
        },
      },
    );
  }
  // A SKU or EAN typed whole (a barcode scanned into the search): its product, on that variant.
  const code = query.q ? await variantByCode(query.q).catch(() => null) : null;
  if (code) {
    throw redirect(`/loja/produto/${code.produtoId}?v=${encodeURIComponent(code.sku)}`);
  }
  let erro = "Erro ao carregar produtos";
  let busy = false;
  const [list, { flash, headers }] = await Promise.all([
    listStoreProducts(query).catch((error: unknown) => {
      rethrowIfUnavailable(error);
      if (error instanceof SearchBusyError) {
        erro = SEARCH_BUSY_MESSAGE;
        busy = true;
      } else if (error instanceof SearchTooSlowError) {
        erro = "Essa busca demorou demais. Tente com menos palavras ou palavras mais curtas.";
        logger.warn({ q: query.q.slice(0, 100) }, "busca interrompida pelo limite de tempo");
      } else {
        logger.error({ err: error }, "falha ao carregar produtos");
      }
      return null;
    }),
    readOrderFlash(request),
  ]);
  if (!list) {
    return data(
      { ...emptyList, query, flash, pedidos: readRecentOrders(request), erro },
      {
        // Too many searches at once on this instance: a moment later it answers.
        ...(busy ? { status: 503 } : {}),
        headers: {
          ...Object.fromEntries(headers ?? []),
          "Cache-Control": "no-store",
          ...(busy ? { "Retry-After": "2" } : {}),
        },
      },
    );
  }
  // Only what the cards show travels to the browser.
  const produtos = list.produtos.map(cardProduct);
  const { total, paginas, categorias, facetas, sugestao } = list;
  return data(
    {
      produtos,
      total,
      paginas,
      categorias,
      facetas,
      sugestao,
      query,
      flash,
      // "Seus pedidos" (a signed cookie set only on devices that ordered).
      pedidos: readRecentOrders(request),
      erro: null,
    },
    { headers },
  );
}

/**
 * The page is the same for every visitor without a session (the cart lives in the
 * browser): the page cache shares it (http/page-cache.ts). A failed load says no-store.
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return { ...(cacheControl ? { "Cache-Control": cacheControl } : {}), Vary: "Cookie" };
}

export default function StoreIndex() {
  const { produtos, total, paginas, categorias, facetas, sugestao, query, flash, pedidos, erro } =
    useLoaderData<typeof loader>();
  const filtered = isFilteredListing(query);

  return (
    <main className={STORE_MAIN_CLASS}>
      {flash ? <OrderSuccess {...flash} /> : null}
      <RecentOrdersSection pedidos={pedidos} />
      <StoreIntro />
      <StoreSearchBar query={query} />
      <div className="lg:grid lg:grid-cols-[15rem_1fr] lg:gap-6">
        <StoreFilters query={query} facetas={facetas} />
        <div className="min-w-0">
          <ActiveFilters query={query} facetas={facetas} />
          <StoreCount total={total} filtered={filtered} />
          {erro ? (
            <div
              role="alert"
              className="rounded-2xl border border-red-300 bg-red-50 p-6 text-center"
            >
              <p className="font-semibold text-red-900">{erro}</p>
              <Button asChild variant="outline" className="mt-3">
                <Link to={storeListingHref(query)} reloadDocument>
                  Tentar novamente
                </Link>
              </Button>
            </div>
          ) : produtos.length === 0 ? (
            <StoreEmpty query={query} sugestao={sugestao} categorias={categorias} />
          ) : (
            <>
              <ProductCardSymbols />
              <ul className={PRODUCT_GRID_CLASS} aria-label="Produtos">
                {produtos.map((p, i) => (
                  <ProductCard key={p.id} product={p} priority={i < 4} />
                ))}
              </ul>
            </>
          )}
          <StorePagination query={query} paginas={paginas} />
        </div>
      </div>
    </main>
  );
}
