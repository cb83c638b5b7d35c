// Every loader and action of the React Router build goes through one guard, so a fault
// that passes answers the same in every route (app/platform/unavailable.server.ts).
import { DATA_REFUSAL_MESSAGE, isDataRefusal } from "~/platform/db/errors.server";
import { logger } from "~/platform/logger.server";
import {
  noteUnavailable,
  unavailableKind,
  unavailableResponse,
} from "~/platform/unavailable.server";

type RouteFunction = (args: unknown) => unknown;

/**
 * Every loader and action of the build, wrapped: a database that cannot be reached or a
 * disk that refuses writes leaves as a 503 with Retry-After and a pt-BR message (the page's
 * error screen, or JSON for a resource route), whichever route it happens in; a write the
 * database refused for its data leaves as a 422 with a pt-BR message.
 */
export function answerUnavailable<Build extends { routes: Record<string, unknown> }>(
  original: Build,
): Build {
  const guard = (fn: RouteFunction | undefined) =>
    fn &&
    (async (args: unknown) => {
      try {
        return await fn(args);
      } catch (error) {
        const kind = unavailableKind(error);
        if (!kind && isDataRefusal(error)) {
          // A validation missed upstream: logged as the bug it is, answered as a refusal.
          logger.error({ err: error }, "dado recusado pelo banco: respondido 422");
          throw Response.json(
            { ok: false, message: DATA_REFUSAL_MESSAGE },
            { status: 422, headers: { "Cache-Control": "no-store" } },
          );
        }
        if (!kind) throw error;
        noteUnavailable(kind);
        logger.warn({ err: error, kind }, "serviço indisponível: respondido 503");
        throw unavailableResponse(kind);
      }
    });
  const routes = Object.fromEntries(
    Object.entries(original.routes).map(([id, entry]) => {
      const route = entry as { module: Record<string, unknown> } | undefined;
      if (!route) return [id, route];
      const module = route.module;
      return [
        id,
        {
          ...route,
          module: {
            ...module,
            loader: guard(module.loader as RouteFunction | undefined),
            action: guard(module.action as RouteFunction | undefined),
          },
        },
      ];
    }),
  );
  return { ...original, routes } as Build;
}
