// GET /admin/loja/pedidos/exportar?formato=csv|xlsx&linhas=pedidos|itens&<the list's filters>:
// the filtered orders as a streamed download.

import type { AdminHandle } from "~/domain/permissions";
import { requireCapability, staffOf } from "~/modules/accounts/index.server";
import { exportOrders, ordersExportFileName } from "~/modules/orders/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { parseLojaQuery } from "~/schemas/admin-loja-query";
import { downloadResponse, exportFormat } from "../export.server";
import type { Route } from "./+types/pedidos-exportar";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "pedidos.exportar" } satisfies AdminHandle;

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireCapability(request, handle.capability);
  const url = new URL(request.url);
  const formato = exportFormat(url);
  const linhas = url.searchParams.get("linhas") ?? "pedidos";
  if (!formato || (linhas !== "pedidos" && linhas !== "itens")) {
    return new Response("Use formato=csv ou xlsx e linhas=pedidos ou itens.", { status: 400 });
  }
  const { status, pagamento, unidadeId, modo, naoRetirados, dias, q } = parseLojaQuery(url);
  const filters = {
    busca: q || undefined,
    status,
    pagamento,
    unidadeId,
    modo,
    naoRetiradosDias: naoRetirados ? dias : undefined,
  };
  // Customers' data leaving the panel: who took which file, with which filters.
  await logAudit({
    request,
    adminUserId: user.id,
    action: "pedidos_exportados",
    resourceType: "pedido",
    details: { formato, linhas, filtros: filters },
  });
  // Only the orders of the person's units leave (decision 0069).
  const scope = staffOf(user);
  return downloadResponse(
    exportOrders({ ...filters, scope }, formato, linhas),
    formato,
    ordersExportFileName(formato, linhas),
  );
}
