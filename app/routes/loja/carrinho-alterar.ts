// POST /loja/carrinho/alterar: the store's cart forms without JavaScript (add, quantity,
// remove, coupon, neighbourhood; decision 0040) and the merge's "clear" from the island.
// A GET goes to the cart.
import { redirect } from "react-router";
import { changeCookieCart } from "~/modules/orders/index.server";
import { logger } from "~/platform/logger.server";
import { redirectWithToast } from "~/platform/toast.server";
import { rethrowIfUnavailable } from "~/platform/unavailable.server";
import type { Route } from "./+types/carrinho-alterar";

export function loader() {
  return redirect("/loja/carrinho");
}

export async function action({ request }: Route.ActionArgs) {
  try {
    return await changeCookieCart(request);
  } catch (error) {
    rethrowIfUnavailable(error);
    logger.error({ err: error }, "falha ao alterar o carrinho");
    return redirectWithToast(
      "/loja/carrinho",
      { type: "error", title: "Erro ao atualizar o carrinho. Tente novamente." },
      { status: 303 },
    );
  }
}
