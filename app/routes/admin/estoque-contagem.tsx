// /admin/estoque/contagens/:id (decision 0085): the reading page, built for a phone. A USB
// scanner types the code and presses Enter into the focused field (a plain form: works
// without JavaScript); the camera reads through the browser's BarcodeDetector or
// @zxing/browser. Blind by default: the page never shows the expected figure.
import { href } from "react-router";
import { CountState, ScanScreen } from "~/components/admin/estoque/count-screens";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useActionResult } from "~/components/forms/use-action-result";
import { adminAction, adminLoader, staffOf } from "~/modules/accounts/index.server";
import * as forms from "~/modules/inventory";
import * as stock from "~/modules/inventory/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import type { Route } from "./+types/estoque-contagem";
import { countOr404 } from "./found.server";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Contagem",
  capability: "estoque.contar",
  failure: "Erro ao carregar a contagem",
});

export const loader = adminLoader(handle, async ({ params }: Route.LoaderArgs, { user, reads }) => {
  const contagem = await countOr404(params.id, (id) =>
    reads(() => stock.countHeader(id, staffOf(user))),
  );
  const recentes = await reads(() => stock.recentScans(params.id, user.email));
  return { contagem, recentes };
});

export const action = adminAction(
  {
    ler: adminIntent({
      schema: forms.scanSchema,
      failure: "Erro ao registrar a leitura",
      refusal: "Confira o código",
      run: async (input, { actor }) => {
        const r = await stock.recordScan(input, actor);
        return [
          `+${r.quantidade} ${r.nome}`,
          `${r.totalContado} ${r.totalContado === 1 ? "contada" : "contadas"} nesta contagem · SKU ${r.sku}`,
        ] as const;
      },
    }),
    desfazer: adminIntent({
      schema: forms.countIdSchema,
      failure: "Erro ao desfazer a leitura",
      run: async (input, { actor }) => {
        const r = await stock.undoLastScan(input, actor);
        return ["Leitura desfeita", `−${r.quantidade} ${r.nome}`] as const;
      },
    }),
  },
  { capability: "estoque.contar", noControlChars: true },
);

export default function EstoqueContagem({ loaderData }: Route.ComponentProps) {
  // The page says the reading's answer itself (beside the field): no toast over the keyboard.
  const { result, errors } = useActionResult<typeof action>({ toasts: false });
  const { contagem, recentes } = loaderData;
  const last =
    result && "ok" in result
      ? (result as { ok: boolean; message?: string; description?: string })
      : null;
  return (
    <div>
      <AdminPageHeader
        title={`Contagem ${contagem.numero}`}
        description={
          <span className="inline-flex items-center gap-2">
            <CountState estado={contagem.estado} />
          </span>
        }
        back={{ to: href("/admin/estoque/contagens"), label: "Contagens" }}
      />
      {contagem.estado === "aberta" ? (
        <ScanScreen
          contagem={contagem}
          recentes={recentes}
          last={last}
          codigoError={errors.codigo}
        />
      ) : (
        <p className="text-sm text-slate-700">
          Esta contagem está {contagem.estado === "aplicada" ? "aplicada" : "cancelada"}: não recebe
          mais leituras.
        </p>
      )}
    </div>
  );
}
