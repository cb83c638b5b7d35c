// The contact form (SPEC §5.2): never stored; a valid message becomes the chat link with
// the composed text. Shared by the page's action (without JavaScript: a redirect to the
// chat) and /contato/enviar (the page's small script: JSON).
import { shop } from "~/content/shop";
import { chatLink, chatNumber } from "~/domain/whatsapp";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import { allowPublicForm } from "~/platform/rate-limits.server";
import { readForm } from "~/platform/request-info.server";
import { CONTACT_MESSAGES, contactSchema } from "./contact.schema";
import { contactChatMessage } from "./contact-message";
import { getSettings } from "./settings.server";

export type ContactResult =
  | { ok: true; chatUrl: string }
  | {
      ok: false;
      status: 400 | 429;
      fields: FieldErrors;
      values: Record<string, string>;
      message?: string;
    };

export async function sendContact(request: Request): Promise<ContactResult> {
  const form = await readForm(request);
  const values: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") values[key] = value;
  const parsed = contactSchema.safeParse(values);
  if (!parsed.success) {
    return { ok: false, status: 400, fields: fieldErrors(parsed.error), values };
  }
  // Counted once the message is valid: fixing a typo is not spam.
  if (!(await allowPublicForm("contato", request))) {
    return {
      ok: false,
      status: 429,
      fields: {},
      values,
      message: CONTACT_MESSAGES.rateLimited.description,
    };
  }
  const number = chatNumber((await getSettings()).whatsappNumero, shop.phone);
  return { ok: true, chatUrl: chatLink(number, contactChatMessage(parsed.data)) };
}
