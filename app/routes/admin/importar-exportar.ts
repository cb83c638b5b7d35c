// GET /admin/importar/exportar?formato=csv|xlsx: the catalogue in the import's columns, one
// row per variant (decision 0029), to edit in a spreadsheet and import back.

import type { AdminHandle } from "~/domain/permissions";
import { requireCapability } from "~/modules/accounts/index.server";
import { catalogueCsv, catalogueXlsx, exportFileName } from "~/modules/catalog/index.server";
import type { Route } from "./+types/importar-exportar";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "catalogo.importar" } satisfies AdminHandle;

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

export async function loader({ request }: Route.LoaderArgs) {
  await requireCapability(request, handle.capability);
  const formato = new URL(request.url).searchParams.get("formato") ?? "csv";
  if (formato !== "csv" && formato !== "xlsx") {
    return new Response("Formato inválido: use csv ou xlsx.", { status: 400 });
  }
  const body = formato === "csv" ? await catalogueCsv() : await catalogueXlsx();
  return new Response(body as BodyInit, {
    headers: {
      "Content-Type": formato === "csv" ? "text/csv; charset=utf-8" : XLSX_TYPE,
      "Content-Disposition": `attachment; filename="${exportFileName(formato)}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
