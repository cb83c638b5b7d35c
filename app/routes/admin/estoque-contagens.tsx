// /admin/estoque/contagens (issue 44 point 4, decision 0085): the counts of the person's units,
// open and recent, and "Abrir contagem" (a unit; everything, a category or a brand; blind by
// default). Plain forms: works without JavaScript.
import { href, redirect } from "react-router";
import { CountList } from "~/components/admin/estoque/count-screens";
import { adminPage } from "~/components/admin/page";
import { useActionResult } from "~/components/forms/use-action-result";
import { adminAction } from "~/modules/accounts/index.server";
import * as forms from "~/modules/inventory";
import * as stock from "~/modules/inventory/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import type { Route } from "./+types/estoque-contagens";
import { StockSubpage } from "./estoque-page";
import { unitListingLoader } from "./listing.server";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Contagens de estoque",
  capability: "estoque.contar",
  failure: "Erro ao carregar as contagens",
});

export const loader = unitListingLoader(handle, stock.listCounts);

export const action = adminAction(
  {
    abrir: adminIntent({
      capability: "estoque.ajustar",
      schema: forms.openCountSchema,
      failure: "Erro ao abrir a contagem",
      refusal: "Confira os campos destacados",
      run: async (input, { actor }) => {
        const made = await stock.openCount(input, actor);
        // Straight to the reading page: the next thing is to scan.
        return redirect(href("/admin/estoque/contagens/:id", { id: made.id }));
      },
    }),
  },
  { capability: "estoque.ajustar", noControlChars: true },
);

export default function EstoqueContagens({ loaderData }: Route.ComponentProps) {
  const { errors } = useActionResult<typeof action>();
  return (
    <StockSubpage
      title="Contagens de estoque"
      description="Conte uma categoria, uma marca ou tudo com o celular como leitor; várias pessoas podem contar a mesma contagem."
    >
      <CountList listing={loaderData.listing} errors={errors} />
    </StockSubpage>
  );
}
