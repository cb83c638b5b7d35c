import { Outlet, useLoaderData } from "react-router";
import { CART_STORAGE_KEY, CartProvider } from "~/components/loja/cart-context";
import { StoreHeader } from "~/components/loja/store-header";
import { ChatLink } from "~/components/site/chat-link";
import { shop } from "~/content/shop";
import { CART_TEXTS } from "~/domain/cart";
import { formatPhoneDisplay } from "~/domain/phone";
import { chatNumber } from "~/domain/whatsapp";
import { InlineScript } from "~/islands/inline-script";
import { storeCart } from "~/islands/store-cart";
import { usePageHydrates } from "~/lib/hydration";
import { isAdminRequest } from "~/server/auth.server";
import { currentSettings } from "~/server/settings.server";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const [isAdmin, settings] = await Promise.all([isAdminRequest(request), currentSettings()]);
  return {
    isAdmin,
    freteGratisMinimo: settings.freteGratisMinimo,
    chatNumber: chatNumber(settings.whatsappNumero, shop.phone),
  };
}

export default function LojaLayout() {
  const { isAdmin, freteGratisMinimo, chatNumber } = useLoaderData<typeof loader>();
  // The store's pages are served without React (decision 0013): their cart is the island
  // below. A page that hydrates (the order page) keeps the React cart only.
  const hydrates = usePageHydrates();
  return (
    <CartProvider>
      <div className="flex min-h-dvh flex-col bg-slate-50">
        <StoreHeader isAdmin={isAdmin} freteGratisMinimo={freteGratisMinimo} />
        <div className="flex-1">
          <Outlet />
        </div>
        <footer className="border-t border-slate-200 bg-white px-4 py-6 text-center text-sm text-slate-600">
          © {new Date().getFullYear()} {shop.name} · {shop.city}/{shop.state} ·{" "}
          <ChatLink number={chatNumber} className="underline hover:text-brand-800">
            {shop.messenger}: {formatPhoneDisplay(chatNumber)}
          </ChatLink>
        </footer>
        {hydrates ? null : (
          <InlineScript
            run={storeCart}
            args={{ storageKey: CART_STORAGE_KEY, texts: CART_TEXTS }}
          />
        )}
      </div>
    </CartProvider>
  );
}
