// GET /loja/cep/:cep -> the address of a CEP for the checkout (JSON, decision 0041): street,
// neighbourhood (the served one's name when it matches), city, and whether the shop delivers
// there. 400 bad CEP, 404 unknown, 429 too many lookups, 503 both services down or slow
// (the customer then types the address). The same for everyone: kept five minutes.

import { CEP_MESSAGES } from "~/modules/delivery";
import { cepForCheckout } from "~/modules/delivery/index.server";
import { logger } from "~/platform/logger.server";
import { requestInfo } from "~/platform/request-info.server";
import { isUnavailable, unavailableHeaders } from "~/platform/unavailable.server";
import type { Route } from "./+types/cep";

export async function loader({ request, params }: Route.LoaderArgs) {
  try {
    const answer = await cepForCheckout(params.cep, requestInfo(request).ip);
    if (!answer.ok) {
      return Response.json(
        { erro: answer.mensagem },
        {
          status: answer.status,
          headers: {
            "Cache-Control":
              answer.status === 400 || answer.status === 404 ? "public, max-age=300" : "no-store",
          },
        },
      );
    }
    const { ok: _ok, ...body } = answer;
    return Response.json(body, { headers: { "Cache-Control": "public, max-age=300" } });
  } catch (error) {
    if (!isUnavailable(error)) logger.error({ err: error }, "falha ao consultar o CEP");
    return Response.json(
      { erro: CEP_MESSAGES.unavailable },
      {
        status: 503,
        headers: isUnavailable(error) ? unavailableHeaders() : { "Cache-Control": "no-store" },
      },
    );
  }
}
