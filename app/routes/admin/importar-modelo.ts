// GET /admin/importar/modelo.csv: the import template (one row per variant, decision 0029),
// its examples in one of the shop's categories and a stock column per unit. Cells go through
// the shared formula neutralization.

import type { AdminHandle } from "~/domain/permissions";
import { requireCapability } from "~/modules/accounts/index.server";
import { listCategories, stockUnitSlugs, templateCsv } from "~/modules/catalog/index.server";
import type { Route } from "./+types/importar-modelo";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "catalogo.importar" } satisfies AdminHandle;

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, handle.capability);
  const [categoria] = await listCategories({ onlyActive: true });
  return new Response(templateCsv(categoria?.nome, await stockUnitSlugs()), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": 'attachment; filename="modelo-importacao-produtos.csv"',
      "Cache-Control": "private, no-store",
    },
  });
}
