// /admin/estoque/balcao: "Vendas do balcão" (issue 44 point 3, decision 0089). Upload the day's
// NFC-e files of the point of sale (XMLs, or ZIPs of them; the import folder's job does the
// same unattended): each authorised note of a unit becomes a counter sale there, once;
// cancellations return the goods. The page lists the items waiting for their code (map once
// by SKU, EAN or name; a USB scanner types the EAN) and the online orders a counter sale put
// at risk. Plain forms: works without JavaScript.
import { data, useLoaderData } from "react-router";
import { CounterScreen, type CounterScreenResult } from "~/components/admin/estoque/counter-screen";
import { adminPage } from "~/components/admin/page";
import { useActionResult } from "~/components/forms/use-action-result";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import * as fiscal from "~/modules/fiscal/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { AdminError } from "~/platform/admin/actor.server";
import type { Route } from "./+types/estoque-balcao";
import { StockSubpage } from "./estoque-page";
import { readUploads, uploadLimits } from "./uploads.server";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Vendas do balcão",
  // Counter sales change a unit's stock: who adjusts it (and receives NF-e) imports them.
  capability: "estoque.ajustar",
  failure: "Erro ao carregar as vendas do balcão",
});

/** A day's ZIP of a busy counter is a few MB; loose XMLs are a few KB each. */
const UPLOAD = uploadLimits(
  20,
  500,
  "Cada arquivo deve ter no máximo 20 MB, e no máximo 500 por envio.",
);

export const loader = adminLoader(handle, async (_: Route.LoaderArgs, { staff, reads }) => {
  const unidades = staff.unidades;
  const [pendentes, emRisco] = await reads(() =>
    Promise.all([fiscal.pendingCounterCodes(unidades), fiscal.reservationsAtRisk(unidades)]),
  );
  return { pendentes, emRisco, pasta: fiscal.NFCE_FOLDER };
});

export const action = adminAction(
  {
    importar: adminIntent({
      failure: "Erro ao lançar as vendas do balcão",
      run: async (_fields, { form, actor }) => {
        const read = await readUploads(form, UPLOAD, fiscal.BALCAO_MOTIVOS.nenhumArquivo);
        const result = await fiscal.importCounterSales(await fiscal.readFiscalFiles(read), actor);
        return {
          ok: true as const,
          intent: "importar",
          message:
            result.vendas > 0 || result.devolvidas > 0
              ? `${result.vendas} ${result.vendas === 1 ? "venda lançada" : "vendas lançadas"}, ${result.devolvidas} ${result.devolvidas === 1 ? "cancelamento" : "cancelamentos"}`
              : "Nenhuma venda nova",
          result,
        };
      },
    }),
    associar: adminIntent({
      failure: "Erro ao associar o código",
      run: async (fields, { actor }) => {
        try {
          const r = await fiscal.mapCounterCode(
            {
              unidadeId: fields.unidadeId ?? "",
              codigo: (fields.codigo ?? "").slice(0, 60),
              texto: (fields.texto ?? "").slice(0, 100),
              fator: (fields.fator ?? "").slice(0, 12),
              ignorar: fields.ignorar === "1" || fields.ignorar === "on",
            },
            actor,
          );
          return {
            ok: true as const,
            intent: "associar",
            message: r.variante
              ? `Código associado a ${r.variante}: ${r.itens} ${r.itens === 1 ? "item baixado" : "itens baixados"}`
              : `${r.itens} ${r.itens === 1 ? "item ignorado" : "itens ignorados"}`,
            riscos: r.riscos,
          };
        } catch (error) {
          if (!(error instanceof AdminError)) throw error;
          return data(
            {
              ok: false as const,
              intent: "associar",
              message: error.message,
              codigo: `${fields.unidadeId ?? ""}:${fields.codigo ?? ""}`,
              texto: (fields.texto ?? "").slice(0, 100),
            },
            { status: 400 },
          );
        }
      },
    }),
  },
  {
    capability: handle.capability,
    upload: {
      ...UPLOAD,
      intent: "importar",
    },
  },
);

export default function EstoqueBalcao() {
  const { pendentes, emRisco, pasta } = useLoaderData<typeof loader>();
  const { result } = useActionResult<typeof action>();
  return (
    <StockSubpage
      title="Vendas do balcão"
      description="Envie os XML das NFC-e do dia (ou um ZIP), como o programa do caixa exporta: cada venda sai do estoque da unidade que a emitiu, uma vez; os cancelamentos devolvem."
    >
      <CounterScreen
        result={(result ?? null) as CounterScreenResult | null}
        pendentes={pendentes}
        emRisco={emRisco}
        pasta={pasta}
      />
    </StockSubpage>
  );
}
