import { Outlet, useLoaderData } from "react-router";
import { AccountLinkIsland } from "~/components/conta/account-link";
import { CART_STORAGE_KEY, CartProvider } from "~/components/loja/cart-context";
import { RecentOrdersBar } from "~/components/loja/recent-orders";
import { StoreHeader } from "~/components/loja/store-header";
import { STORE_FRAME_CLASS, StoreCartScript, StoreFooter } from "~/components/loja/store-listing";
import { shop } from "~/content/shop";
import { chatNumber } from "~/domain/whatsapp";
import { Island } from "~/islands/island";
import { usePageHydrates } from "~/lib/hydration";
import { staffMayRequest } from "~/modules/accounts/index.server";
import { readCookieCartView, readRecentOrders } from "~/modules/orders/index.server";
import { companyFacts, publicUnit } from "~/modules/shop";
import { currentSettings, listActiveUnits } from "~/modules/shop/index.server";
import { logger } from "~/platform/logger.server";
import { rethrowIfUnavailable } from "~/platform/unavailable.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const [isAdmin, settings, units, carrinho] = await Promise.all([
    // The settings shortcut: only for staff who may edit the store (decision 0068).
    staffMayRequest(request, ["produtos.editar", "loja.configurar"]),
    currentSettings(),
    listActiveUnits(),
    // The cart of a browser without JavaScript (decision 0040); only its holder has the cookie.
    readCookieCartView(request).catch((error: unknown) => {
      rethrowIfUnavailable(error);
      logger.error({ err: error }, "falha ao ler o carrinho do cookie");
      return null;
    }),
  ]);
  const number = chatNumber(settings.whatsappNumero, shop.phone);
  return {
    carrinho: carrinho
      ? {
          count: carrinho.count,
          merge: { versao: carrinho.versao, items: carrinho.items, cupom: carrinho.cupom },
        }
      : null,
    isAdmin,
    freteGratisMinimo: settings.freteGratisMinimo,
    chatNumber: number,
    // Who sells, at the foot of every store page (Decreto 7.962/2013).
    company: companyFacts(settings, units.map(publicUnit), number),
    // "Seus pedidos": only a device that ordered has the cookie (and so skips the page cache).
    pedidos: readRecentOrders(request),
  };
}

export default function LojaLayout() {
  const { isAdmin, freteGratisMinimo, chatNumber, company, pedidos, carrinho } =
    useLoaderData<typeof loader>();
  // The store's pages are served without React (decision 0013): their cart is the island
  // below. A page that hydrates (the order page) keeps the React cart only.
  const hydrates = usePageHydrates();
  return (
    <CartProvider>
      <div className={STORE_FRAME_CLASS}>
        <StoreHeader
          isAdmin={isAdmin}
          freteGratisMinimo={freteGratisMinimo}
          serverCount={carrinho?.count ?? 0}
        />
        {/* Before the page's other islands: they show the merged cart (decision 0040). */}
        {!hydrates && carrinho ? (
          <Island name="cart-merge" props={{ storageKey: CART_STORAGE_KEY, ...carrinho.merge }} />
        ) : null}
        <AccountLinkIsland />
        <RecentOrdersBar pedidos={pedidos} />
        <div className="flex-1">
          <Outlet />
        </div>
        <StoreFooter chatNumber={chatNumber} company={company} year={new Date().getFullYear()} />
        {hydrates ? null : <StoreCartScript />}
      </div>
    </CartProvider>
  );
}
