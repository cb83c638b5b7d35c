// POST /servicos/enviar: the quote dialog's small script sends the quote here (multipart,
// with the photos) and gets JSON back (field errors and the message, or the order number).
// The page's own action serves the form without JavaScript.
import { sendGroomingQuote } from "~/modules/grooming/index.server";
import type { Route } from "./+types/servicos-enviar";

export async function action({ request }: Route.ActionArgs) {
  const { status, ...result } = await sendGroomingQuote(request);
  return Response.json(result, { status, headers: { "Cache-Control": "no-store" } });
}
