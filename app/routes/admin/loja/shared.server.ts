// What every /admin/loja/* resource route shares: its loader, and the start and end of its
// action (the admin, the form, urlencoded or multipart with one product image at most, the
// only file these screens send, its intent among the route's own, and the answer).
import { redirect } from "react-router";
import type { z } from "zod";
import type { FormResult } from "~/lib/form-result";
import { formFields } from "~/lib/forms";
import type { Usuario } from "~/modules/accounts/index.server";
import { requireAdmin } from "~/modules/accounts/index.server";
import { MAX_PRODUCT_IMAGE_BYTES, PRODUCT_IMAGE_TOO_LARGE } from "~/modules/catalog";
import { fail, readAdminForm } from "~/platform/admin/action.server";
import type { AdminActor } from "~/platform/admin/actor.server";
import { StorageError } from "~/platform/storage.server";
import { redirectWithToast } from "~/platform/toast.server";
import { CONTROL_CHARS_MESSAGE, fieldWithControlChars } from "~/schemas/text";

// Two factories, not one object to destructure: React Router strips `loader` and `action`
// from the browser build and refuses a destructured export of them.

/** A store route's loader: nothing to show, an admin who opens the address lands on `screen`. */
export function lojaLoader(screen: string) {
  return async ({ request }: { request: Request }) => {
    await requireAdmin(request);
    return redirect(screen);
  };
}

/** What a store write gets once the admin, the form and its intent are checked. */
export interface LojaWrite<I extends string> {
  request: Request;
  user: Usuario;
  actor: AdminActor;
  form: FormData;
  fields: Record<string, string>;
  intent: I;
}

/**
 * A store route's action: an unknown intent (or a refused upload) is answered without
 * calling `write`, whose `switch (intent)` ends in `intent satisfies never` so that an
 * intent added to `intents` without its case does not compile.
 */
export function lojaAction<I extends string>(
  screen: string,
  intents: z.ZodType<I>,
  write: (args: LojaWrite<I>) => Promise<unknown>,
) {
  return async ({ request }: { request: Request }) => {
    const { user } = await requireAdmin(request);
    const actor = { request, userId: user.id };
    const read = await readLojaForm(request, intents);
    if (!read.ok) return answerLoja(request, screen, read.refusal);
    const { form, fields, intent } = read;
    return answerLoja(request, screen, await write({ request, user, actor, form, fields, intent }));
  };
}

type Read<I extends string> =
  | { ok: true; form: FormData; fields: Record<string, string>; intent: I }
  | { ok: false; refusal: ReturnType<typeof fail> };

async function readLojaForm<I extends string>(
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
  // Every store write at once: a control character (a NUL byte above all) never reaches SQL.
  if (fieldWithControlChars(fields) !== null) {
    return { ok: false, refusal: fail(intent.data, CONTROL_CHARS_MESSAGE) };
  }
  return { ok: true, form, fields, intent: intent.data };
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
