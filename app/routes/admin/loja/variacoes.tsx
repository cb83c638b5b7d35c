// /admin/loja/produtos/:id/variacoes: a product's options and variants (SKU, EAN, prices,
// weight, image, active, stock per unit), saved at once.
import { ArrowLeft } from "lucide-react";
import { data, href, Link } from "react-router";
import { VariantsEditor } from "~/components/admin/loja/variants-editor";
import { WaitingList } from "~/components/admin/loja/waiting-list";
import { adminPage } from "~/components/admin/page";
import { buttonVariants } from "~/components/ui/button";
import { formatDateTime } from "~/domain/dates";
import { fieldErrors } from "~/lib/forms";
import { adminLoader } from "~/modules/accounts/index.server";
import { variantsJsonSchema } from "~/modules/catalog";
import { getProductVariants, saveProductVariants } from "~/modules/catalog/index.server";
import { waitingLists } from "~/modules/customers/index.server";
import { writeVariantStock } from "~/modules/inventory/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { lojaAction } from "~/routes/admin/loja/shared.server";
import type { Route } from "./+types/variacoes";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Variações do produto",
  capability: "produtos.editar",
  failure: "Erro ao carregar variações",
});

/** The ledger's reason for the stock the grid sets. */
const STOCK_REASON = "Variações do produto";

export const loader = adminLoader(handle, async ({ params }: Route.LoaderArgs) => {
  const view = await getProductVariants(params.id);
  if (!view) throw data({ message: "Produto não encontrado" }, { status: 404 });
  // Who waits for each pack ("Avise-me quando chegar", decision 0074).
  const lists = await waitingLists(view.variantes.map((v) => v.id));
  const aguardando = view.variantes.map((v) => ({
    id: v.id,
    rotulo: v.rotulo,
    sku: v.sku,
    esperando: (lists.get(v.id) ?? []).map((e) => ({
      email: e.email,
      desde: formatDateTime(e.desde),
    })),
  }));
  return { ...view, aguardando };
});

export const action = lojaAction(
  {
    screen: (params) => href("/admin/loja/produtos/:id/variacoes", { id: params.id ?? "" }),
    handle,
  },
  {
    "variants-save": adminIntent({
      input: ({ fields }) => fields.dados,
      schema: variantsJsonSchema,
      refusal: (error, intent) =>
        data(
          {
            ok: false as const,
            intent,
            message: error.issues[0]?.message ?? "Verifique as variações",
            errors: fieldErrors(error),
          },
          { status: 400 },
        ),
      failure: "Erro ao salvar variações",
      run: async (variants, { user, actor, params }) => {
        const result = await saveProductVariants(params.id ?? "", variants, actor, (tx, rows) =>
          writeVariantStock(tx, rows, user.email, STOCK_REASON),
        );
        const notes = [
          result.desativadas.length > 0
            ? `Desativadas por terem vendas: ${result.desativadas.join(", ")}.`
            : "",
          result.excluidas.length > 0 ? `Excluídas: ${result.excluidas.join(", ")}.` : "",
        ].filter(Boolean);
        return ["Variações salvas", notes.join(" ") || undefined] as const;
      },
    }),
  },
);

export default function Variacoes({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <div className="grid gap-2">
        <Link
          to={`${href("/admin/loja")}?view=produtos`}
          className={buttonVariants({ variant: "ghost", size: "sm", className: "w-fit" })}
        >
          <ArrowLeft aria-hidden="true" /> Produtos
        </Link>
        <h1 className="text-2xl font-bold text-slate-900">Variações: {loaderData.produto.nome}</h1>
        <p className="text-sm text-slate-600">
          Até 3 opções (ex.: Peso, Cor, Tamanho). Cada variação tem seu SKU, preço e estoque por
          unidade.
        </p>
      </div>
      <VariantsEditor key={loaderData.produto.id} view={loaderData} />
      <WaitingList variantes={loaderData.aguardando} />
    </div>
  );
}
