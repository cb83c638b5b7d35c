import { PackageIcon, PlusIcon } from "lucide-react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { IconSymbols, SpriteIcon } from "~/components/ui/icon-sprite";
import { useFragmentCache, useKeptContent } from "~/lib/fragment-cache";
import type { StoreProduct } from "~/modules/catalog";
import { CART_FORM_ACTION, cartItemFrom } from "~/modules/orders";

export type CardProduct = Pick<
  StoreProduct,
  | "id"
  | "nome"
  | "categoriaNome"
  | "precoAtual"
  | "precoAntes"
  | "precoMax"
  | "estoque"
  | "imagemUrl"
  | "variacoes"
  | "varianteId"
>;

import { DiscountBadge, LowStockBadge, Price } from "~/components/loja/price";
import { ProductImage, preloadProductImage } from "~/components/loja/product-image";

const CARD_CLASS =
  "flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm";

type CardProps = { product: CardProduct; priority?: boolean };

/** Only what a card shows: what the listing sends to the browser. */
export function cardProduct(p: CardProduct): CardProduct {
  return {
    id: p.id,
    nome: p.nome,
    categoriaNome: p.categoriaNome,
    precoAtual: p.precoAtual,
    precoAntes: p.precoAntes,
    precoMax: p.precoMax,
    estoque: p.estoque,
    imagemUrl: p.imagemUrl,
    variacoes: p.variacoes,
    varianteId: p.varianteId,
  };
}

/** Everything a card shows: its markup is the same for the same key. */
function cardKey({ product: p, priority }: CardProps): string {
  return JSON.stringify([
    priority ? "card-first" : "card",
    p.id,
    p.nome,
    p.categoriaNome,
    p.precoAtual,
    p.precoAntes,
    p.precoMax,
    p.estoque,
    p.imagemUrl,
    p.variacoes,
    p.varianteId,
  ]);
}

const CARD_IMAGE_SIZES = "(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw";

/**
 * The icons a page of cards repeats (a catalogue imported without pictures shows the
 * package on every card), drawn once in the page: a page of 48 cards without pictures carries 15 kB less.
 */
const CARD_ICONS = { semImagem: PackageIcon, adicionar: PlusIcon };
const CARD_ICON_PREFIX = "icone-cartao";

/** The cards' icons, once in a page that shows cards. */
export function ProductCardSymbols() {
  return <IconSymbols prefix={CARD_ICON_PREFIX} icons={CARD_ICONS} />;
}

function CardIcon({ name, className }: { name: keyof typeof CARD_ICONS; className?: string }) {
  return <SpriteIcon prefix={CARD_ICON_PREFIX} name={name} className={className} />;
}

export function ProductCard(props: CardProps) {
  // On a page served without React, the card's markup depends on its data only: rendered
  // once per product state and reused (the store's island makes it work).
  const fragments = useFragmentCache();
  const content = useKeptContent(() => cardKey(props), <CardContent {...props} />);
  // The first cards' pictures are preloaded from the head, kept markup or not.
  if (fragments && props.priority && props.product.imagemUrl) {
    preloadProductImage(props.product.imagemUrl, CARD_IMAGE_SIZES);
  }
  return <li className={CARD_CLASS} {...content} />;
}

function CardContent({ product, priority }: CardProps) {
  const href = `/loja/produto/${product.id}`;
  // One variant: the card adds it. Several: the customer picks one on the product page.
  const item = product.varianteId ? cartItemFrom({ ...product, id: product.varianteId }) : null;
  const fromPrice = product.precoMax > product.precoAtual;
  return (
    <>
      <div className="relative">
        <Link reloadDocument to={href} tabIndex={-1} aria-hidden="true">
          <ProductImage
            src={product.imagemUrl}
            alt=""
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            placeholder={<CardIcon name="semImagem" className="size-12" />}
          />
        </Link>
        <div className="absolute left-2 top-2 flex flex-col items-start gap-1">
          <DiscountBadge precoAtual={product.precoAtual} precoAntes={product.precoAntes} />
          <LowStockBadge estoque={product.estoque} />
        </div>
      </div>
      <div className="@container flex flex-1 flex-col gap-2 p-3">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {product.categoriaNome}
        </p>
        <h2 className="text-sm leading-snug font-semibold text-slate-900 hyphens-auto wrap-break-word sm:text-base">
          <Link reloadDocument to={href} className="hover:underline">
            {product.nome}
          </Link>
        </h2>
        <div className="mt-auto">
          {fromPrice ? <p className="text-xs text-slate-600">a partir de</p> : null}
          <Price
            precoAtual={product.precoAtual}
            precoAntes={fromPrice ? null : product.precoAntes}
          />
        </div>
        {/* Side by side only when the card itself is wide enough for "Adicionar" with its icon:
            a card's width follows the grid (4 narrow columns next to the filters on a laptop),
            not the screen. */}
        <div className="grid gap-2 @[16rem]:grid-cols-2">
          <Link
            reloadDocument
            to={href}
            aria-label={`Ver detalhes de ${product.nome}`}
            className="inline-flex min-h-9 items-center justify-center rounded-lg border border-slate-300 px-3 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Detalhes
          </Link>
          {product.estoque <= 0 ? (
            // Sold out (shown with "incluir esgotados"): the notice, for its one pack or on the
            // page where a pack is chosen (decision 0074).
            <Button asChild size="sm" variant="outline">
              <Link
                reloadDocument
                to={product.varianteId ? `/loja/avise-me?variante=${product.varianteId}` : href}
                aria-label={`Avise-me quando ${product.nome} chegar`}
              >
                Avise-me
              </Link>
            </Button>
          ) : item ? (
            // Without JavaScript the form adds to the server's cart (decision 0040); with it, the
            // store's cart island adds to the browser's (decision 0020).
            <form method="post" action={CART_FORM_ACTION} className="grid">
              <input type="hidden" name="intent" value="adicionar" />
              <input type="hidden" name="varianteId" value={item.id} />
              <Button
                type="submit"
                size="sm"
                aria-label={`Adicionar ${product.nome} ao carrinho`}
                data-adicionar={JSON.stringify(item)}
              >
                <CardIcon name="adicionar" />
                Adicionar
              </Button>
            </form>
          ) : (
            <Button asChild size="sm">
              <Link reloadDocument to={href} aria-label={`Escolher opção de ${product.nome}`}>
                Escolher opção
              </Link>
            </Button>
          )}
        </div>
      </div>
    </>
  );
}
