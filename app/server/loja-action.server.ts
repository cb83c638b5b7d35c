// The start every /admin/loja/* action shares: the form, urlencoded or multipart (one product
// image at most, the only file these screens send), and its intent among the route's own.
import type { z } from "zod";
import type { FormResult } from "~/lib/form-result";
import { formFields } from "~/lib/forms";
import { MAX_PRODUCT_IMAGE_BYTES, PRODUCT_IMAGE_TOO_LARGE } from "~/schemas/product";
import { fail, readAdminForm } from "./admin-action.server";
import { StorageError } from "./storage.server";
import { redirectWithToast } from "./toast.server";

type Read<I extends string> =
  | { ok: true; form: FormData; fields: Record<string, string>; intent: I }
  | { ok: false; refusal: ReturnType<typeof fail> };

export async function readLojaForm<I extends string>(
  request: Request,
  intents: z.ZodType<I>,
): Promise<Read<I>> {
  let form: FormData;
  try {
    form = await readAdminForm(request, {
      maxFileSize: MAX_PRODUCT_IMAGE_BYTES,
      tooLargeMessage: PRODUCT_IMAGE_TOO_LARGE,
    });
  } catch (error) {
    // Only the product form sends a file, so a refused upload is the product's.
    if (error instanceof StorageError)
      return { ok: false, refusal: fail("produto", error.message) };
    throw error;
  }
  const fields = formFields(form);
  const intent = intents.safeParse(fields.intent);
  if (!intent.success) {
    return { ok: false, refusal: fail(fields.intent ?? "", "Ação desconhecida") };
  }
  return { ok: true, form, fields, intent: intent.data };
}

/**
 * The answer of a store write. The panel's fetchers get the result itself; a form the
 * browser sent as a document (before the panel's scripts ran) goes back to the screen it
 * came from with the result as a toast, never to a page of JSON.
 */
export async function answerLoja(request: Request, screen: string, result: unknown) {
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
