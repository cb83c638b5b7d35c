import { useLoaderData } from "react-router";
import { CartPage } from "~/components/loja/cart-page";
import { shop } from "~/content/shop";
import type { HydrationHandle } from "~/lib/hydration";
import { listActiveBairros } from "~/modules/delivery/index.server";
import { readCookieCartView } from "~/modules/orders/index.server";
import { logger } from "~/platform/logger.server";
import { rethrowIfUnavailable } from "~/platform/unavailable.server";
import type { Route } from "./+types/carrinho";

/**
 * Served without React (decision 0013): the cart lives in localStorage, so the server sends
 * the page's frame and the `store-purchase` island fills it (components/loja/cart-page.tsx).
 * A browser without JavaScript keeps its cart in a cookie: the server renders it, with forms
 * (decision 0040).
 */
export const handle: HydrationHandle = { hydrate: false };

export function meta() {
  return [{ title: `Carrinho | ${shop.name}` }, { name: "robots", content: "noindex" }];
}

/** The served neighbourhoods, so the cart shows the delivery fee with the coupon. */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const [bairros, carrinho] = await Promise.all([
      listActiveBairros(),
      readCookieCartView(request),
    ]);
    return {
      bairros: bairros.map((b) => ({ nome: b.nome, taxaEntrega: b.taxaEntrega })),
      servidor: carrinho ? { quote: carrinho.quote, cupom: carrinho.cupom } : null,
    };
  } catch (error) {
    rethrowIfUnavailable(error);
    logger.error({ err: error }, "falha ao carregar os bairros atendidos");
    return { bairros: [], servidor: null };
  }
}

export default function Carrinho() {
  const { bairros, servidor } = useLoaderData<typeof loader>();
  return <CartPage bairros={bairros} servidor={servidor} />;
}
