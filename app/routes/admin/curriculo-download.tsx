import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/curriculo-download";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response("Não encontrado", { status: 404 });
}
