// /admin/estoque/:varianteId: the movements of one variant (ledger), newest first.

import { MovementHistoryView } from "~/components/admin/estoque/movement-history";
import { adminPage } from "~/components/admin/page";
import { pageParam } from "~/domain/pagination";
import { adminLoader } from "~/modules/accounts/index.server";
import { movementHistory } from "~/modules/inventory/index.server";
import type { Route } from "./+types/estoque-historico";
import { StockSubpage } from "./estoque-page";
import { foundOr404 } from "./found.server";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Histórico de estoque",
  capability: "estoque.ver",
  failure: "Erro ao carregar o histórico",
});

export const loader = adminLoader(
  handle,
  async ({ request, params }: Route.LoaderArgs, { staff, reads }) => {
    const history = await foundOr404(params.varianteId, "Produto não encontrado", (id) =>
      reads(() => movementHistory(id, pageParam(new URL(request.url)), staff)),
    );
    return { history };
  },
);

export default function EstoqueHistorico({ loaderData }: Route.ComponentProps) {
  const { variante } = loaderData.history;
  return (
    <StockSubpage title="Histórico de estoque" description={variante.nome}>
      <MovementHistoryView history={loaderData.history} />
    </StockSubpage>
  );
}
