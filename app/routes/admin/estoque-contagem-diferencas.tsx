// /admin/estoque/contagens/:id/diferencas (decision 0085): what the count found against what
// the ledger had when each item was counted, what moved since, and what applying leaves (never
// below what orders reserve); "Aplicar" writes it all in one transaction, once.
import { href } from "react-router";
import { CountState, DifferencesScreen } from "~/components/admin/estoque/count-screens";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useActionResult } from "~/components/forms/use-action-result";
import { adminAction, adminLoader, staffOf } from "~/modules/accounts/index.server";
import * as forms from "~/modules/inventory";
import * as stock from "~/modules/inventory/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import type { Route } from "./+types/estoque-contagem-diferencas";
import { countOr404 } from "./found.server";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Diferenças da contagem",
  // The expected figures: for who adjusts stock, not for who counts blind.
  capability: "estoque.ajustar",
  failure: "Erro ao carregar as diferenças",
});

export const loader = adminLoader(handle, async ({ params }: Route.LoaderArgs, { user, reads }) => {
  const diferencas = await countOr404(params.id, (id) =>
    reads(() => stock.countDifferences(id, staffOf(user))),
  );
  return { diferencas };
});

const units = (n: number) => (n === 1 ? "1 item" : `${n} itens`);

export const action = adminAction(
  {
    aplicar: adminIntent({
      schema: forms.applyCountSchema,
      failure: "Erro ao aplicar a contagem",
      run: async (input, { actor }) => {
        const r = await stock.applyCount(input, actor);
        const held = r.limitados.map(
          (l) => `${l.nome} (contado ${l.contado}, reservado ${l.reservado})`,
        );
        return [
          "Contagem aplicada",
          `${units(r.ajustados)} ${r.ajustados === 1 ? "ajustado" : "ajustados"} no estoque.` +
            (held.length ? ` Mantidos no reservado para pedidos: ${held.join("; ")}.` : ""),
        ] as const;
      },
    }),
    cancelar: adminIntent({
      schema: forms.countIdSchema,
      failure: "Erro ao cancelar a contagem",
      run: async (input, { actor }) => {
        const r = await stock.cancelCount(input, actor);
        return ["Contagem cancelada", `Contagem ${r.numero}: nada mudou no estoque.`] as const;
      },
    }),
  },
  { capability: "estoque.ajustar" },
);

export default function EstoqueContagemDiferencas({ loaderData }: Route.ComponentProps) {
  // The page says the answer itself, above the table (what was held at the reserved).
  const { result } = useActionResult<typeof action>({ toasts: false });
  const { diferencas } = loaderData;
  const r = result as { ok?: boolean; message?: string; description?: string } | undefined;
  return (
    <div>
      <AdminPageHeader
        title={`Diferenças da contagem ${diferencas.contagem.numero}`}
        description={<CountState estado={diferencas.contagem.estado} />}
        back={{ to: href("/admin/estoque/contagens"), label: "Contagens" }}
      />
      {r?.message ? (
        <p
          role="status"
          className={`mb-4 rounded-md p-3 text-sm ${r.ok ? "bg-emerald-50 text-emerald-900" : "bg-red-50 text-red-900"}`}
        >
          <span className="font-semibold">{r.message}</span>
          {r.description ? <span className="block">{r.description}</span> : null}
        </p>
      ) : null}
      <DifferencesScreen d={diferencas} />
    </div>
  );
}
