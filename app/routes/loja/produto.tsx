import { ShoppingCartIcon } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { BackToStore } from "~/components/loja/back-to-store";
import { DiscountBadge, LowStockBadge, Price } from "~/components/loja/price";
import { ProductImage } from "~/components/loja/product-image";
import { QuantityButton } from "~/components/loja/quantity-button";
import { Button } from "~/components/ui/button";
import { shop } from "~/content/shop";
import { centavosToDecimal, discountPercent, formatBRL } from "~/domain/money";
import { absoluteUrl } from "~/domain/seo";
import { logger } from "~/infra/logger.server";
import { siteOrigin } from "~/infra/site-url.server";
import { redirectWithToast } from "~/infra/toast.server";
import { rethrowIfUnavailable } from "~/infra/unavailable.server";
import type { HydrationHandle } from "~/lib/hydration";
import { stockText } from "~/modules/catalog";
import { getStoreProduct } from "~/modules/catalog/index.server";
import { CART_TEXTS, cartItemFrom, cartText } from "~/modules/orders";
import type { Route } from "./+types/produto";

/**
 * Served as plain HTML, without React (decision 0013): the quantity stepper and the add
 * button are the store's cart island (app/islands/store-cart.ts, from the layout), through
 * the `data-*` hooks below; links into it load the document (decision 0020).
 */
export const handle: HydrationHandle = { hydrate: false };

export async function loader({ request, params }: Route.LoaderArgs) {
  let product: Awaited<ReturnType<typeof getStoreProduct>>;
  try {
    product = await getStoreProduct(params.id);
  } catch (error) {
    rethrowIfUnavailable(error);
    logger.error({ err: error }, "falha ao carregar produto");
    throw await redirectWithToast("/loja", { type: "error", title: "Erro ao carregar produto" });
  }
  if (!product) {
    throw await redirectWithToast("/loja", { type: "error", title: "Produto não disponível" });
  }
  const origin = siteOrigin(request);
  return { product, origin };
}

/**
 * The page is the same for every visitor without a session (the cart lives in the
 * browser): the page cache shares it (http/page-cache.ts). A failed load says no-store.
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return { ...(cacheControl ? { "Cache-Control": cacheControl } : {}), Vary: "Cookie" };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return [{ title: `Produto | ${shop.name}` }];
  const { product, origin } = data;
  const url = `${origin}/loja/produto/${product.id}`;
  const image = product.imagemUrl ? absoluteUrl(origin, product.imagemUrl) : undefined;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.nome,
    description: product.descricaoCurta ?? undefined,
    sku: product.sku ?? undefined,
    image,
    category: product.categoriaNome,
    brand: product.marca ? { "@type": "Brand", name: product.marca } : undefined,
    offers: {
      "@type": "Offer",
      url,
      priceCurrency: "BRL",
      price: centavosToDecimal(product.precoAtual),
      availability:
        product.estoque > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      seller: { "@type": "Organization", name: shop.name },
    },
  };
  return [
    { title: `${product.nome} | ${shop.name}` },
    { name: "description", content: product.descricaoCurta ?? product.nome },
    { property: "og:title", content: product.nome },
    { property: "og:type", content: "product" },
    ...(image ? [{ property: "og:image", content: image }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { "script:ld+json": jsonLd },
  ];
}

export default function ProductPage() {
  const { product } = useLoaderData<typeof loader>();
  const off = discountPercent(product.precoAntes, product.precoAtual);
  const item = cartItemFrom(product);

  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <BackToStore />
      <div className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-4 md:grid-cols-2 md:p-6">
        <div className="relative min-w-0 overflow-hidden rounded-xl">
          <ProductImage
            src={product.imagemUrl}
            alt={product.nome}
            sizes="(min-width: 768px) 50vw, 100vw"
            priority
          />
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-wrap items-center gap-2">
            <Link
              reloadDocument
              to={`/loja?categoria=${product.categoriaSlug}`}
              className="text-sm font-semibold uppercase tracking-wide text-brand-700 hover:underline"
            >
              {product.categoriaNome}
            </Link>
            <LowStockBadge estoque={product.estoque} />
            <DiscountBadge precoAtual={product.precoAtual} precoAntes={product.precoAntes} />
          </div>
          <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">{product.nome}</h1>
          {product.sku ? (
            <p className="text-sm text-slate-600">Código (SKU): {product.sku}</p>
          ) : null}
          {product.descricaoCurta ? (
            <p className="text-slate-700">{product.descricaoCurta}</p>
          ) : null}
          <div>
            <Price precoAtual={product.precoAtual} precoAntes={product.precoAntes} size="lg" />
            {off > 0 ? (
              <p className="mt-1 text-sm font-semibold text-green-700">
                Economize {formatBRL(product.precoAntes! - product.precoAtual)} ({off}%)
              </p>
            ) : null}
          </div>
          <p
            className={
              product.estoque > 5
                ? "text-sm text-slate-700"
                : "text-sm font-semibold text-amber-800"
            }
          >
            {stockText(product.estoque)}
            <span data-no-carrinho="" />
          </p>

          {/* Disabled until the cart island has read the stored cart (how many are in it). */}
          {product.estoque > 0 ? (
            <div className="grid gap-3 sm:max-w-sm" data-compra="">
              <div className="flex items-center gap-2" role="group" aria-label="Quantidade">
                <QuantityButton change="menos" label="Diminuir quantidade" disabled />
                <output
                  className="w-12 text-center text-lg font-bold"
                  aria-live="polite"
                  data-testid="quantidade"
                >
                  1
                </output>
                <QuantityButton change="mais" label="Aumentar quantidade" disabled />
              </div>
              <Button
                size="lg"
                disabled
                className="whitespace-normal text-center"
                data-adicionar={JSON.stringify(item)}
              >
                <ShoppingCartIcon aria-hidden="true" />
                <span data-rotulo="">
                  {cartText(CART_TEXTS.addButton, { preco: formatBRL(product.precoAtual) })}
                </span>
              </Button>
              {/* Rendered hidden while nothing is in the cart, so the island can show it. */}
              <Button asChild variant="contact">
                <Link reloadDocument to="/loja/carrinho" hidden data-ver-carrinho="">
                  Ver carrinho
                </Link>
              </Button>
            </div>
          ) : (
            <p className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
              Este produto está esgotado no momento.
            </p>
          )}
        </div>
      </div>
    </main>
  );
}
