// What every /admin/loja/* resource route shares: its loader, and its action's options on the
// one admin action wrapper (one product image at most, the answer as a toast).
import { redirect } from "react-router";
import type { Capacidade } from "~/domain/permissions";
import type { FormResult } from "~/lib/form-result";
import { adminAction, requireCapability } from "~/modules/accounts/index.server";
import { MAX_PRODUCT_IMAGE_BYTES, PRODUCT_IMAGE_TOO_LARGE } from "~/modules/catalog";
import type { AdminIntent, AdminWrite } from "~/platform/admin/action.server";
import { redirectWithToast } from "~/platform/toast.server";

// Two factories, not one object to destructure: React Router strips `loader` and `action`
// from the browser build and refuses a destructured export of them.

/** What a store route states once (components/admin/page.tsx `adminFormRoute`). */
interface LojaRoute {
  /** The screen the route serves, or how to name it from the request's parameters. */
  screen: string | ((params: AdminWrite["params"]) => string);
  handle: { capability: Capacidade };
}

/**
 * A store route's loader: nothing to show, a person who may use the route and opens its
 * address lands on its screen.
 */
export function lojaLoader(route: { screen: string; handle: { capability: Capacidade } }) {
  return async ({ request }: { request: Request }) => {
    await requireCapability(request, route.handle.capability);
    return redirect(route.screen);
  };
}

/**
 * A store route's action, on the admin action wrapper (app/platform/admin/action.server.ts):
 * its intents as every admin route declares them, one product image at most (the only file
 * these screens send), no control character in any field, and the answer of a document post
 * as a toast on the screen.
 */
// biome-ignore lint/suspicious/noExplicitAny: each intent has its own data type
export function lojaAction<D extends Record<string, AdminIntent<any, any>>>(
  /** The route: its screen and what its intents require (the route's own capability). */
  route: LojaRoute,
  intents: D,
) {
  const { screen } = route;
  return adminAction(intents, {
    capability: route.handle.capability,
    upload: {
      maxFileSize: MAX_PRODUCT_IMAGE_BYTES,
      tooLargeMessage: PRODUCT_IMAGE_TOO_LARGE,
      intent: "produto",
    },
    noControlChars: true,
    answer: (request, result, params) =>
      answerLoja(request, typeof screen === "string" ? screen : screen(params), result),
  });
}

/**
 * The answer of a store write. The panel's fetchers get the result itself; a form the
 * browser sent as a document (before the panel's scripts ran) goes back to the screen it
 * came from with the result as a toast, never to a page of JSON.
 */
async function answerLoja(request: Request, screen: string, result: unknown) {
  if (request.headers.get("Sec-Fetch-Mode") !== "navigate") return result;
  const body = (isDataWithInit(result) ? result.data : result) as Partial<FormResult>;
  return redirectWithToast(
    backTo(request, screen),
    {
      type: body.ok ? "success" : "error",
      title: body.message ?? (body.ok ? "Alterações salvas" : "Erro ao salvar"),
      description: body.description,
    },
    { status: 303 },
  );
}

function isDataWithInit(value: unknown): value is { data: unknown } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/** The store screen the form was on (its view and filters), else the concept's own view. */
function backTo(request: Request, screen: string): string {
  const referer = request.headers.get("Referer");
  if (!referer) return screen;
  try {
    const from = new URL(referer);
    const here = new URL(request.url);
    if (from.origin === here.origin && from.pathname === "/admin/loja") {
      return `${from.pathname}${from.search}`;
    }
  } catch {
    // Not a URL: the concept's view.
  }
  return screen;
}
