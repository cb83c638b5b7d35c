// GET /admin/importar/modelo.csv: the import template (columns of SPEC §3).
import { templateCsv } from "~/domain/csv-import";
import { requireAdmin } from "~/server/auth.server";
import type { Route } from "./+types/importar-modelo";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response(templateCsv(), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="modelo-importacao-produtos.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
