import { Outlet, useLoaderData } from "react-router";
import { CartProvider } from "~/components/loja/cart-context";
import { RecentOrdersBar } from "~/components/loja/recent-orders";
import { StoreHeader } from "~/components/loja/store-header";
import { STORE_FRAME_CLASS, StoreCartScript, StoreFooter } from "~/components/loja/store-listing";
import { shop } from "~/content/shop";
import { chatNumber } from "~/domain/whatsapp";
import { usePageHydrates } from "~/lib/hydration";
import { isAdminRequest } from "~/modules/accounts/index.server";
import { readRecentOrders } from "~/modules/orders/index.server";
import { currentSettings } from "~/modules/shop/index.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const [isAdmin, settings] = await Promise.all([isAdminRequest(request), currentSettings()]);
  return {
    isAdmin,
    freteGratisMinimo: settings.freteGratisMinimo,
    chatNumber: chatNumber(settings.whatsappNumero, shop.phone),
    // "Seus pedidos": only a device that ordered has the cookie (and so skips the page cache).
    pedidos: readRecentOrders(request),
  };
}

export default function LojaLayout() {
  const { isAdmin, freteGratisMinimo, chatNumber, pedidos } = useLoaderData<typeof loader>();
  // The store's pages are served without React (decision 0013): their cart is the island
  // below. A page that hydrates (the order page) keeps the React cart only.
  const hydrates = usePageHydrates();
  return (
    <CartProvider>
      <div className={STORE_FRAME_CLASS}>
        <StoreHeader isAdmin={isAdmin} freteGratisMinimo={freteGratisMinimo} />
        <RecentOrdersBar pedidos={pedidos} />
        <div className="flex-1">
          <Outlet />
        </div>
        <StoreFooter chatNumber={chatNumber} year={new Date().getFullYear()} />
        {hydrates ? null : <StoreCartScript />}
      </div>
    </CartProvider>
  );
}
