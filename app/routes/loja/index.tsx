import { data, Link, useLoaderData } from "react-router";
import { OrderSuccess } from "~/components/loja/order-success";
import { cardProduct, ProductCard } from "~/components/loja/product-card";
import {
  PRODUCT_GRID_CLASS,
  STORE_LISTING_META,
  STORE_MAIN_CLASS,
  StoreCount,
  StoreEmpty,
  StoreIntro,
  StorePagination,
  StoreSearch,
  storePageHref,
} from "~/components/loja/store-listing";
import { Button } from "~/components/ui/button";
import { logger } from "~/infra/logger.server";
import { rethrowIfUnavailable } from "~/infra/unavailable.server";
import type { HydrationHandle } from "~/lib/hydration";
import { storeListingQuery } from "~/modules/catalog";
import { listStoreProducts } from "~/modules/catalog/index.server";
import { readOrderFlash } from "~/modules/orders/index.server";
import type { Route } from "./+types/index";

/**
 * Served as plain HTML, without React (decision 0013): the filters are a GET form and links,
 * the cart is the store's island (app/islands/store-cart.ts, from the layout); a link from a
 * React page loads it as a document (app/lib/hydration.ts). This route is the page's only renderer:
 * its cards, header and footer are markup kept by what they show (decision 0021).
 */
export const handle: HydrationHandle = { hydrate: false };

export function meta() {
  return [
    { title: STORE_LISTING_META.title },
    { name: "description", content: STORE_LISTING_META.description },
  ];
}

const emptyList = { produtos: [], total: 0, pagina: 1, paginas: 1, categorias: [] };

export async function loader({ request }: Route.LoaderArgs) {
  const { q, categoria, pagina } = storeListingQuery(new URL(request.url).searchParams);
  const [list, { flash, headers }] = await Promise.all([
    listStoreProducts({ q, categoria, pagina }).catch((error: unknown) => {
      rethrowIfUnavailable(error);
      logger.error({ err: error }, "falha ao carregar produtos");
      return null;
    }),
    readOrderFlash(request),
  ]);
  if (!list) {
    return data(
      { ...emptyList, q, categoria, flash, erro: "Erro ao carregar produtos" },
      { headers: { ...Object.fromEntries(headers ?? []), "Cache-Control": "no-store" } },
    );
  }
  // Only what the cards show travels to the browser.
  const produtos = list.produtos.map(cardProduct);
  return data({ ...list, produtos, q, categoria, flash, erro: null }, { headers });
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
  const { produtos, total, pagina, paginas, categorias, q, categoria, flash, erro } =
    useLoaderData<typeof loader>();
  const filtered = Boolean(q || categoria);

  return (
    <main className={STORE_MAIN_CLASS}>
      {flash ? <OrderSuccess {...flash} /> : null}
      <StoreIntro />
      <StoreSearch q={q} categoria={categoria} categorias={categorias} />
      <StoreCount total={total} filtered={filtered} />
      {erro ? (
        <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-900">{erro}</p>
          <Button asChild variant="outline" className="mt-3">
            <Link to={storePageHref(q, categoria, 1)} reloadDocument>
              Tentar novamente
            </Link>
          </Button>
        </div>
      ) : produtos.length === 0 ? (
        <StoreEmpty filtered={filtered} />
      ) : (
        <ul className={PRODUCT_GRID_CLASS} aria-label="Produtos">
          {produtos.map((p, i) => (
            <ProductCard key={p.id} product={p} priority={i < 4} />
          ))}
        </ul>
      )}
      <StorePagination q={q} categoria={categoria} pagina={pagina} paginas={paginas} />
    </main>
  );
}
