// GET /loja/sugestoes?q= -> up to 8 suggestions while typing in the store's search (JSON):
// products on sale with picture and price, and categories. The same for everyone: browsers
// and proxies may keep an answer for a minute; a failure is never kept.

import {
  SEARCH_BUSY_MESSAGE,
  SEARCH_LIMIT_MESSAGE,
  SearchBusyError,
  SearchTooSlowError,
  searchRetryAfter,
  storeSuggestions,
  storeSuggestionsKept,
  takeSearchToken,
} from "~/modules/catalog/index.server";
import { logger } from "~/platform/logger.server";
import { requestInfo } from "~/platform/request-info.server";
import { isUnavailable, unavailableHeaders } from "~/platform/unavailable.server";
import type { Route } from "./+types/sugestoes";

export async function loader({ request }: Route.LoaderArgs) {
  const q = new URL(request.url).searchParams.get("q");
  // Suggestions nobody asked recently share the search's bucket per address (decision 0054).
  const { ip } = requestInfo(request);
  if (!storeSuggestionsKept(q) && !takeSearchToken(ip)) {
    return Response.json(
      { sugestoes: [], erro: SEARCH_LIMIT_MESSAGE },
      {
        status: 429,
        headers: {
          "Cache-Control": "no-store",
          "Retry-After": String(Math.max(1, searchRetryAfter(ip))),
        },
      },
    );
  }
  try {
    const sugestoes = await storeSuggestions(q);
    return Response.json({ sugestoes }, { headers: { "Cache-Control": "public, max-age=60" } });
  } catch (error) {
    if (error instanceof SearchBusyError) {
      return Response.json(
        { sugestoes: [], erro: SEARCH_BUSY_MESSAGE },
        { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "2" } },
      );
    }
    if (error instanceof SearchTooSlowError) {
      logger.warn("sugestões interrompidas pelo limite de tempo");
    } else if (!isUnavailable(error)) logger.error({ err: error }, "falha ao sugerir produtos");
    return Response.json(
      { sugestoes: [], erro: "Sugestões indisponíveis" },
      {
        status: 503,
        headers: isUnavailable(error) ? unavailableHeaders() : { "Cache-Control": "no-store" },
      },
    );
  }
}
