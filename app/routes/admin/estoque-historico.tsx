// /admin/estoque/:varianteId: the movements of one variant (ledger), newest first.

import { data, href, Link } from "react-router";
import { MovementHistoryView } from "~/components/admin/estoque/movement-history";
import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { buttonVariants } from "~/components/ui/button";
import { pageParam } from "~/domain/pagination";
import type { AdminHandle } from "~/domain/permissions";
import { requireCapability, staffOf } from "~/modules/accounts/index.server";
import { UUID_PATTERN } from "~/modules/catalog";
import { movementHistory } from "~/modules/inventory/index.server";
import { loadOrFail } from "~/platform/admin/load.server";
import type { Route } from "./+types/estoque-historico";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "estoque.ver" } satisfies AdminHandle;

export const meta = adminMeta("Histórico de estoque");

export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireCapability(request, handle.capability);
  if (!UUID_PATTERN.test(params.varianteId)) {
    throw data({ message: "Produto não encontrado" }, { status: 404 });
  }
  const history = await loadOrFail("Erro ao carregar o histórico", () =>
    movementHistory(params.varianteId, pageParam(new URL(request.url)), staffOf(user)),
  );
  if (!history) throw data({ message: "Produto não encontrado" }, { status: 404 });
  return { history };
}

export default function EstoqueHistorico({ loaderData }: Route.ComponentProps) {
  const { variante } = loaderData.history;
  return (
    <div>
      <AdminPageHeader
        title="Histórico de estoque"
        description={variante.nome}
        actions={
          <Link to={href("/admin/estoque")} className={buttonVariants({ variant: "outline" })}>
            Voltar ao estoque
          </Link>
        }
      />
      <MovementHistoryView history={loaderData.history} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError title="Histórico de estoque" message="Erro ao carregar o histórico" />;
}
