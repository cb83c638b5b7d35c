// GET /loja/resumo?itens=id:q,...&cupom=&bairro= -> the cart preview as JSON: server
// prices and stock, the coupon checked by the same rule as the order, the delivery fee.

import { cartQuoteSchema } from "~/modules/orders";
import { quoteCart, quoteCartWithCouponGuess } from "~/modules/orders/index.server";
import { COUPON_CHECK_ERROR } from "~/modules/promotions";
import { logger } from "~/platform/logger.server";
import { requestInfo } from "~/platform/request-info.server";
import { isUnavailable, unavailableHeaders } from "~/platform/unavailable.server";
import type { Route } from "./+types/resumo";

/** Wrong coupon codes per IP: enough for typos, too few to guess codes. */

export async function loader(args: Route.LoaderArgs) {
  try {
    return await quote(args);
  } catch (error) {
    logger.error({ err: error }, "falha ao calcular o resumo do carrinho");
    return Response.json(
      {
        erro: new URL(args.request.url).searchParams.get("cupom")
          ? COUPON_CHECK_ERROR
          : "Erro ao carregar produtos",
      },
      // A fault that passes (database, disk) says when to ask again.
      {
        status: 503,
        headers: isUnavailable(error) ? unavailableHeaders() : { "Cache-Control": "no-store" },
      },
    );
  }
}

async function quote({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const query = cartQuoteSchema.parse(Object.fromEntries(url.searchParams));
  const { ip } = requestInfo(request);
  if (!query.cupom) {
    return Response.json(await quoteCart(query), { headers: { "Cache-Control": "no-store" } });
  }
  // The guess is counted before the code is checked (a burst cannot evaluate more).
  const guess = await quoteCartWithCouponGuess({ ...query, cupom: query.cupom }, ip);
  if (guess.blocked) {
    const quote = await quoteCart({ ...query, cupom: null });
    return Response.json(
      { ...quote, cupomErro: "Muitas tentativas de cupom. Tente novamente mais tarde." },
      { headers: { "Cache-Control": "no-store" } },
    );
  }
  return Response.json(guess.quote, { headers: { "Cache-Control": "no-store" } });
}
