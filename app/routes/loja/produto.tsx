import { BellRingIcon, ShoppingCartIcon } from "lucide-react";
import { Link, useLoaderData } from "react-router";
import { BackToStore } from "~/components/loja/back-to-store";
import { DiscountBadge, LowStockBadge, Price } from "~/components/loja/price";
import { ProductImage } from "~/components/loja/product-image";
import { QuantityButton } from "~/components/loja/quantity-button";
import { Button } from "~/components/ui/button";
import { shop } from "~/content/shop";
import { centavosToDecimal, discountPercent, formatBRL } from "~/domain/money";
import { absoluteUrl } from "~/domain/seo";
import type { HydrationHandle } from "~/lib/hydration";
import type { PageCacheHandle } from "~/lib/page-cache";
import { cn } from "~/lib/utils";
import {
  chooseVariant,
  lineName,
  type OptionValueChoice,
  optionChoices,
  pricePerKg,
  stockText,
  unitAvailabilityText,
} from "~/modules/catalog";
import { getStoreProduct, productSaleVariants } from "~/modules/catalog/index.server";
import { CART_FORM_ACTION, CART_TEXTS, cartItemFrom, cartText } from "~/modules/orders";
import { logger } from "~/platform/logger.server";
import { siteOrigin } from "~/platform/site-url.server";
import { redirectWithToast } from "~/platform/toast.server";
import { rethrowIfUnavailable } from "~/platform/unavailable.server";
import type { Route } from "./+types/produto";

/**
 * Served as plain HTML, without React (decision 0013): the quantity stepper and the add
 * button are the store's cart island (app/islands/store-cart.ts, from the layout), through
 * the `data-*` hooks below; links into it load the document (decision 0020).
 */
export const handle: HydrationHandle & PageCacheHandle = {
  hydrate: false,
  // The pack chosen in the address (`?v=SKU`).
  pageCache: { params: ["v"] },
};

export async function loader({ request, params }: Route.LoaderArgs) {
  let product: Awaited<ReturnType<typeof getStoreProduct>>;
  let variants: Awaited<ReturnType<typeof productSaleVariants>> = [];
  try {
    product = await getStoreProduct(params.id);
    if (product) variants = await productSaleVariants(product.id);
  } catch (error) {
    rethrowIfUnavailable(error);
    logger.error({ err: error }, "falha ao carregar produto");
    throw await redirectWithToast("/loja", { type: "error", title: "Erro ao carregar produto" });
  }
  // The pack the address names (?v=SKU), else the first one available.
  const selected = chooseVariant(variants, new URL(request.url).searchParams.get("v"));
  if (!product || !selected) {
    throw await redirectWithToast("/loja", { type: "error", title: "Produto não disponível" });
  }
  const choices = optionChoices(product.opcoes, variants, selected);
  const origin = siteOrigin(request);
  return { product, variants, selected, choices, origin };
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
  const { product, variants, selected, origin } = data;
  const url = `${origin}/loja/produto/${product.id}`;
  const image = selected.imagemUrl ? absoluteUrl(origin, selected.imagemUrl) : undefined;
  // One offer per pack, each with its SKU, price and availability.
  const offer = (v: (typeof variants)[number]) => ({
    "@type": "Offer",
    url: variants.length > 1 ? `${url}?v=${encodeURIComponent(v.sku)}` : url,
    sku: v.sku,
    priceCurrency: "BRL",
    price: centavosToDecimal(v.preco),
    availability: v.estoque > 0 ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
    itemCondition: "https://schema.org/NewCondition",
    seller: { "@type": "Organization", name: shop.name },
  });
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.nome,
    description: product.descricaoCurta ?? undefined,
    sku: selected.sku,
    image,
    category: product.categoriaNome,
    brand: product.marca ? { "@type": "Brand", name: product.marca } : undefined,
    offers: variants.length > 1 ? variants.map(offer) : offer(selected),
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
  const { product, variants, selected, choices } = useLoaderData<typeof loader>();
  const preco = selected.preco;
  const precoAntes = selected.precoAntes;
  const off = discountPercent(precoAntes, preco);
  const perKg = pricePerKg(preco, selected.pesoG);
  const item = cartItemFrom({
    id: selected.id,
    nome: lineName(product.nome, selected.rotulo),
    precoAtual: preco,
    imagemUrl: selected.imagemUrl,
    estoque: selected.estoque,
  });

  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <BackToStore />
      <div className="grid gap-6 rounded-2xl border border-slate-200 bg-white p-4 md:grid-cols-2 md:p-6">
        <div className="relative min-w-0 overflow-hidden rounded-xl">
          <ProductImage
            src={selected.imagemUrl}
            alt={lineName(product.nome, selected.rotulo)}
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
            <LowStockBadge estoque={selected.estoque} />
            <DiscountBadge precoAtual={preco} precoAntes={precoAntes} />
          </div>
          <h1 className="break-words text-2xl font-extrabold text-slate-900 sm:text-3xl">
            {product.nome}
          </h1>
          <p className="text-sm text-slate-600">
            {selected.rotulo ? `${selected.rotulo} · ` : ""}Código (SKU): {selected.sku}
          </p>
          {product.descricaoCurta ? (
            <p className="text-slate-700">{product.descricaoCurta}</p>
          ) : null}
          {choices.map((choice) => (
            <fieldset key={choice.nome} className="grid gap-2" data-testid="opcao">
              <legend className="mb-1 text-sm font-semibold text-slate-800">{choice.nome}</legend>
              <ul className="flex flex-wrap gap-2">
                {choice.valores.map((v) => (
                  <li key={v.valor}>
                    <OptionButton productId={product.id} value={v} />
                  </li>
                ))}
              </ul>
            </fieldset>
          ))}
          <div>
            <Price precoAtual={preco} precoAntes={precoAntes} size="lg" />
            {perKg ? (
              <p className="mt-1 text-sm text-slate-600" data-testid="preco-kg">
                {perKg}
              </p>
            ) : null}
            {off > 0 ? (
              <p className="mt-1 text-sm font-semibold text-green-700">
                Economize {formatBRL(precoAntes! - preco)} ({off}%)
              </p>
            ) : null}
          </div>
          <p
            className={
              selected.estoque > 5
                ? "text-sm text-slate-700"
                : "text-sm font-semibold text-amber-800"
            }
          >
            {stockText(selected.estoque)}
            <span data-no-carrinho="" />
          </p>
          {selected.porUnidade.length > 0 ? (
            <ul className="grid gap-1 text-sm text-slate-700" data-testid="disponibilidade">
              {selected.porUnidade.map((u) => (
                <li key={u.unidadeId} className={u.disponivel > 0 ? "" : "text-slate-500"}>
                  {unitAvailabilityText(u)}
                </li>
              ))}
            </ul>
          ) : null}

          {/* The stepper is the cart island's; without JavaScript a number field and the form
              add to the server's cart (decision 0040). */}
          {selected.estoque > 0 ? (
            <form
              method="post"
              action={CART_FORM_ACTION}
              className="grid gap-3 sm:max-w-sm"
              data-compra=""
            >
              <input type="hidden" name="intent" value="adicionar" />
              <input type="hidden" name="origem" value="produto" />
              <input type="hidden" name="varianteId" value={selected.id} />
              <div
                className="flex items-center gap-2 noscript:hidden"
                role="group"
                aria-label="Quantidade"
              >
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
              <noscript>
                <label className="flex items-center gap-2 text-sm font-semibold text-slate-800">
                  Quantidade
                  <input
                    type="number"
                    name="quantidade"
                    min={1}
                    max={selected.estoque}
                    defaultValue={1}
                    required
                    className="h-11 w-24 rounded-lg border border-slate-300 px-3 text-base"
                  />
                </label>
              </noscript>
              <Button
                type="submit"
                size="lg"
                className="whitespace-normal text-center"
                data-adicionar={JSON.stringify(item)}
              >
                <ShoppingCartIcon aria-hidden="true" />
                <span data-rotulo="">
                  {cartText(CART_TEXTS.addButton, { preco: formatBRL(preco) })}
                </span>
              </Button>
              {/* Rendered hidden while nothing is in the cart, so the island can show it. */}
              <Button asChild variant="contact">
                <Link reloadDocument to="/loja/carrinho" hidden data-ver-carrinho="">
                  Ver carrinho
                </Link>
              </Button>
              {/* Issue 45: the same link for everyone (the page is cached); the account asks to sign in. */}
              <Link
                reloadDocument
                to={`/conta/assinaturas?v=${selected.id}`}
                className="text-center text-sm font-semibold text-brand-800 underline"
              >
                Compra programada: receba a cada intervalo
              </Link>
            </form>
          ) : (
            <div className="grid gap-3 rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
              <p>
                {variants.length > 1
                  ? "Esta opção está esgotada no momento. Escolha outra acima ou peça um aviso."
                  : "Este produto está esgotado no momento."}
              </p>
              {/* A page of its own: this one is shared by the page cache, the e-mail is not. */}
              <Button asChild variant="outline" className="justify-self-start bg-white">
                <Link reloadDocument to={`/loja/avise-me?variante=${selected.id}`}>
                  <BellRingIcon aria-hidden="true" />
                  Avise-me quando chegar
                </Link>
              </Button>
            </div>
          )}
        </div>
      </div>
    </main>
  );
}

/**
 * One option value: a link to the variant it leads to (a plain link, so the choice works
 * without JavaScript and a shared address opens the same pack), the chosen one marked, a
 * sold-out one shown and disabled.
 */
function OptionButton({ productId, value }: { productId: string; value: OptionValueChoice }) {
  const base =
    "inline-flex min-h-11 min-w-11 items-center justify-center rounded-lg border px-3 text-sm font-semibold";
  if (value.selected) {
    return (
      <span aria-current="true" className={cn(base, "border-brand-700 bg-brand-50 text-brand-900")}>
        {value.valor}
        {value.esgotado ? <span className="sr-only"> (esgotado)</span> : null}
      </span>
    );
  }
  if (!value.sku) {
    return (
      <span
        aria-disabled="true"
        className={cn(base, "cursor-not-allowed border-slate-200 text-slate-400 line-through")}
      >
        {value.valor}
        <span className="sr-only"> (indisponível)</span>
      </span>
    );
  }
  // A sold-out one is crossed out, and still a link: its page offers "Avise-me quando chegar".
  return (
    <Link
      reloadDocument
      to={`/loja/produto/${productId}?v=${encodeURIComponent(value.sku)}`}
      className={cn(
        base,
        value.esgotado
          ? "border-slate-200 text-slate-500 line-through hover:border-slate-400"
          : "border-slate-300 text-slate-800 hover:border-brand-700",
      )}
    >
      {value.valor}
      {value.esgotado ? <span className="sr-only"> (esgotado)</span> : null}
    </Link>
  );
}
