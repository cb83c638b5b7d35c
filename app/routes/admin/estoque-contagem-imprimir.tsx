// /admin/estoque/contagens/:id/imprimir (decision 0085): the count sheet (every variant of the
// scope with a blank to write the count; blind: no expected figure), or with ?diferencas=1 the
// differences (for who adjusts stock). A4, without the panel around it.
import { data, useLoaderData } from "react-router";
import { CountPrintPage } from "~/components/admin/estoque/count-print";
import { adminMeta } from "~/components/admin/meta";
import { ACESSO_NEGADO, type AdminHandle, pode } from "~/domain/permissions";
import * as stock from "~/modules/inventory/index.server";
import type { Route } from "./+types/estoque-contagem-imprimir";
import { countOr404 } from "./found.server";
import { printLoader } from "./print.server";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "estoque.contar" } satisfies AdminHandle;

export const meta = adminMeta("Imprimir contagem");

export const loader = printLoader(
  handle,
  async ({ params }: Route.LoaderArgs, { url, user, staff: scope }) => {
    if (url.searchParams.get("diferencas") === "1") {
      // The expected figures are not for a blind counter.
      if (!pode(user.papel, "estoque.ajustar")) {
        throw data({ message: ACESSO_NEGADO }, { status: 403 });
      }
      const diferencas = await countOr404(params.id, (id) => stock.countDifferences(id, scope));
      return { kind: "diferencas" as const, diferencas, folha: null };
    }
    const folha = await countOr404(params.id, (id) => stock.countSheet(id, scope));
    return { kind: "folha" as const, folha, diferencas: null };
  },
);

export default function PrintCount() {
  const d = useLoaderData<typeof loader>();
  return <CountPrintPage folha={d.folha} diferencas={d.diferencas} />;
}
