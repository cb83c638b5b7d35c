// GET /admin/importar/modelo.csv: the import template (columns of SPEC §3), its example row
// in one of the shop's categories. Cells go through the shared formula neutralization.

import { requireAdmin } from "~/modules/accounts/index.server";
import { listCategories, templateCsv } from "~/modules/catalog/index.server";
import type { Route } from "./+types/importar-modelo";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [categoria] = await listCategories({ onlyActive: true });
  return new Response(templateCsv(categoria?.nome), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="modelo-importacao-produtos.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
