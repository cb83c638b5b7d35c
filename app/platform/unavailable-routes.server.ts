// Every loader and action of the React Router build goes through one guard, so a fault
// that passes answers the same in every route (app/platform/unavailable.server.ts).
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
 * error screen, or JSON for a resource route), whichever route it happens in.
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
