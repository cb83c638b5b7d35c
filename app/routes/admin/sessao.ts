// Keep-alive: the open panel posts here (at most once a minute) while the admin is
// active, so the server's idle clock follows the browser's.
import { requireAdmin } from "~/modules/accounts/index.server";
import type { Route } from "./+types/sessao";

export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return Response.json({ ok: true }, { headers: { "Cache-Control": "no-store" } });
}
