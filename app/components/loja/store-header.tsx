import {
  ArrowLeftIcon,
  PackageSearchIcon,
  SettingsIcon,
  ShoppingCartIcon,
  TruckIcon,
} from "lucide-react";
import { Link } from "react-router";
import { AccountLink } from "~/components/conta/account-link";
import { CartProvider, useCart } from "~/components/loja/cart-context";
import { HeaderIconLink } from "~/components/site/header-icon-link";
import { shop } from "~/content/shop";
import { useKeptContent } from "~/lib/fragment-cache";
import { CART_TEXTS, cartText } from "~/modules/orders";
import { freeDeliveryFrom } from "~/modules/shop";

type HeaderProps = {
  isAdmin: boolean;
  freteGratisMinimo: number;
  /** The count of the cart kept by the server (a browser without JavaScript, decision 0040). */
  serverCount?: number;
};

/** The store's compact header: back to the site, the cart with its count, the admin shortcut. */
export function StoreHeader(props: HeaderProps) {
  // On a page served without React it shows only its props (the cart's count comes from the
  // island): rendered once per value and reused.
  const content = useKeptContent(
    () =>
      JSON.stringify(["cabecalho", props.isAdmin, props.freteGratisMinimo, props.serverCount ?? 0]),
    <HeaderContent {...props} />,
    (header) => <CartProvider>{header}</CartProvider>,
  );
  return (
    <header
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
      {...content}
    />
  );
}

function HeaderContent({ isAdmin, freteGratisMinimo, serverCount = 0 }: HeaderProps) {
  const cart = useCart();
  // The React pages count the browser's cart; the server's page, the cookie's (the store's
  // island then counts the browser's, merged).
  const count = cart.hydrated ? cart.count : serverCount;
  const label =
    cart.hydrated || serverCount > 0
      ? count === 1
        ? CART_TEXTS.buttonOne
        : cartText(CART_TEXTS.buttonOther, { n: count })
      : "Carrinho";
  return (
    <>
      <p className="bg-brand-700 px-4 py-1.5 text-center text-xs font-semibold text-white sm:text-sm">
        <TruckIcon className="mr-1.5 inline size-4 align-[-3px]" aria-hidden="true" />
        Frete grátis em compras {freeDeliveryFrom(freteGratisMinimo)}
      </p>
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-2">
        <Link
          reloadDocument
          to="/"
          aria-label="Voltar ao site"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
        >
          <ArrowLeftIcon className="size-4" aria-hidden="true" />
          <span>
            Voltar<span className="hidden sm:inline"> ao site</span>
          </span>
        </Link>
        <Link
          reloadDocument
          to="/loja"
          // One line from 380 px (a 390 px phone, issue 39); below that it may wrap rather than widen the page.
          className="mx-auto min-w-0 text-center text-sm font-extrabold text-brand-700 min-[380px]:whitespace-nowrap min-[380px]:text-base min-[400px]:text-lg sm:text-xl"
          data-testid="loja-nome"
        >
          {shop.name}{" "}
          <span className="hidden font-semibold text-slate-700 sm:inline">| Loja Online</span>
        </Link>
        {isAdmin ? (
          <HeaderIconLink to="/admin/loja" label="Configurações da loja" className="text-slate-700">
            <SettingsIcon className="size-5" aria-hidden="true" />
          </HeaderIconLink>
        ) : null}
        <AccountLink />
        <Link
          reloadDocument
          to="/loja/acompanhar"
          className="inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 text-sm font-semibold text-slate-700 hover:bg-slate-100"
          aria-label="Acompanhar pedido"
          title="Acompanhar pedido"
          data-testid="acompanhar-link"
        >
          <PackageSearchIcon className="size-5" aria-hidden="true" />
          <span className="hidden md:inline">Acompanhar pedido</span>
        </Link>
        <Link
          reloadDocument
          to="/loja/carrinho"
          className="relative inline-flex min-h-11 items-center gap-2 rounded-lg bg-brand-600 px-3 text-sm font-semibold text-white hover:bg-brand-700"
          aria-label={label}
          data-testid="cart-button"
        >
          <ShoppingCartIcon className="size-5" aria-hidden="true" />
          <span className="hidden sm:inline">Carrinho</span>
          <span
            className="inline-flex min-w-6 items-center justify-center rounded-full bg-white px-1.5 text-xs font-bold text-brand-700"
            aria-hidden="true"
            data-testid="cart-count"
          >
            {count}
          </span>
        </Link>
      </div>
    </>
  );
}
