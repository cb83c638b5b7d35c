// POST /contato/enviar: the contact form's small script sends the message here and gets
// JSON back (the field errors, or the chat link to open). The page's own action serves
// the form without JavaScript.
import { sendContact } from "~/modules/shop/index.server";
import type { Route } from "./+types/contato-enviar";

export async function action({ request }: Route.ActionArgs) {
  const result = await sendContact(request);
  return Response.json(result, {
    status: result.ok ? 200 : result.status,
    headers: { "Cache-Control": "no-store" },
  });
}
