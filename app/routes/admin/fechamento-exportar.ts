// GET /admin/fechamento/exportar?unidade=…&dia=…&formato=csv|xlsx: the day close as a file,
// with the same figures as the screen (issue 43 point 4).
import type { AdminHandle } from "~/domain/permissions";
import { requireCapability, staffOf } from "~/modules/accounts/index.server";
import {
  dayClose,
  dayCloseCsv,
  dayCloseFileName,
  dayCloseXlsx,
} from "~/modules/reports/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import type { Route } from "./+types/fechamento-exportar";
import { downloadResponse, exportFormat } from "./export.server";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "relatorios.ver" } satisfies AdminHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireCapability(request, handle.capability);
  const url = new URL(request.url);
  const formato = exportFormat(url);
  if (!formato) return new Response("Use formato=csv ou xlsx.", { status: 400 });
  const unidade = url.searchParams.get("unidade") ?? "";
  const dia = url.searchParams.get("dia") ?? "";
  const close = await dayClose(unidade, dia, staffOf(user));
  if (!close) return new Response("Fechamento não encontrado", { status: 404 });
  // Money figures leaving the panel: who took which day's file.
  await logAudit({
    request,
    adminUserId: user.id,
    action: "fechamento_exportado",
    resourceType: "unidade",
    details: { formato, unidade, dia },
  });
  const body = formato === "csv" ? dayCloseCsv(close) : await dayCloseXlsx(close);
  return downloadResponse(body, formato, dayCloseFileName(close, formato));
}
