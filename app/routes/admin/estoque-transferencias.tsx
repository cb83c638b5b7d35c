// /admin/estoque/transferencias (issue 41, decision 0076): transfers in transit to the
// person's units (Receber, with what arrived and the reason of a difference), those sent from
// their units (Cancelar, while in transit), and the recent ones. Plain forms: a receive or a
// cancel works without JavaScript.
import { data } from "react-router";
import { type TransferRefusal, TransfersScreen } from "~/components/admin/estoque/transfers-screen";
import { adminPage } from "~/components/admin/page";
import { useActionResult } from "~/components/forms/use-action-result";
import { adminAction } from "~/modules/accounts/index.server";
import * as forms from "~/modules/inventory";
import * as stock from "~/modules/inventory/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { AdminError } from "~/platform/admin/actor.server";
import type { Route } from "./+types/estoque-transferencias";
import { StockSubpage } from "./estoque-page";
import { unitListingLoader } from "./listing.server";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Transferências",
  // Whoever sees stock sees what is on its way; receiving and cancelling ask their own.
  capability: "estoque.ver",
  failure: "Erro ao carregar as transferências",
});

export const loader = unitListingLoader(handle, stock.listTransfers);

/** A refusal said next to the transfer's own form (its id), the typed values kept. */
function refused(intent: string, id: string, error: AdminError, fields: Record<string, string>) {
  return data(
    {
      ok: false as const,
      intent,
      id,
      message: error.message,
      errors: error.field ? { [error.field]: error.message } : undefined,
      quantidade: (fields.quantidade ?? "").slice(0, 12),
      motivo: (fields.motivo ?? "").slice(0, forms.MOTIVO_MAX),
    },
    { status: 400 },
  );
}

export const action = adminAction(
  {
    receber: adminIntent({
      capability: "estoque.receber",
      schema: forms.receiveTransferSchema,
      failure: "Erro ao receber a transferência",
      refusal: "Confira os campos destacados",
      run: async (input, { actor, fields }) => {
        try {
          const r = await stock.receiveTransfer(input, actor);
          return [
            "Transferência recebida",
            r.perda > 0
              ? `${r.recebida} de ${r.nome} em ${r.para}; ${r.perda} ${r.perda === 1 ? "registrada" : "registradas"} como perda.`
              : `${r.recebida} de ${r.nome} em ${r.para}.`,
          ] as const;
        } catch (error) {
          if (error instanceof AdminError) return refused("receber", input.id, error, fields);
          throw error;
        }
      },
    }),
    cancelar: adminIntent({
      capability: "estoque.transferir",
      schema: forms.cancelTransferSchema,
      failure: "Erro ao cancelar a transferência",
      run: async (input, { actor }) => {
        const r = await stock.cancelTransfer(input, actor);
        return [
          "Transferência cancelada",
          `${r.quantidade} de ${r.nome} de volta em ${r.de}.`,
        ] as const;
      },
    }),
  },
  { capability: handle.capability },
);

export default function EstoqueTransferencias({ loaderData }: Route.ComponentProps) {
  const { result } = useActionResult<typeof action>();
  return (
    <StockSubpage
      title="Transferências"
      description="Estoque a caminho entre as unidades: só entra no estoque de destino quando alguém de lá recebe."
    >
      <TransfersScreen
        listing={loaderData.listing}
        result={
          result && !result.ok && "id" in result ? (result as unknown as TransferRefusal) : null
        }
      />
    </StockSubpage>
  );
}
