// The start every /admin/loja/* action shares: the form, urlencoded or multipart (one product
// image at most, the only file these screens send), and its intent among the route's own.
import type { z } from "zod";
import { formFields } from "~/lib/forms";
import { MAX_PRODUCT_IMAGE_BYTES, PRODUCT_IMAGE_TOO_LARGE } from "~/schemas/product";
import { fail, readAdminForm } from "./admin-action.server";
import { StorageError } from "./storage.server";

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
