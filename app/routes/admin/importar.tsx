// /admin/importar: product import from CSV or .xlsx (SPEC §5.7, §8): preview, then import.
import { data } from "react-router";
import { ImportScreen } from "~/components/admin/importar/import-screen";
import { adminPage } from "~/components/admin/page";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import * as catalog from "~/modules/catalog/index.server";
import { importStockWriter } from "~/modules/inventory/index.server";
import { adminIntent, fail } from "~/platform/admin/action.server";
import { readFileLimited } from "~/platform/storage.server";
import type { Route } from "./+types/importar";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Importar produtos",
  capability: "catalogo.importar",
  failure: "Erro ao processar arquivo CSV",
});

const TOO_LARGE = "O arquivo deve ter no máximo 10MB.";

export const loader = adminLoader(handle, async (_: Route.LoaderArgs) => {
  void catalog.warmImportWorker();
  return null;
});

/** "Substituir variações": variants of the file's products it does not list are removed. */
const replacing = (fields: Record<string, string>) =>
  fields.substituir === "on" || fields.substituir === "1";

export const action = adminAction(
  {
    preview: adminIntent({
      failure: "Erro ao processar arquivo CSV",
      run: async (fields, { form }) => {
        const file = form.get("arquivo");
        if (!(file instanceof File) || file.size === 0) {
          return fail("preview", "Escolha um arquivo CSV ou Excel (.xlsx)");
        }
        const bytes = await readFileLimited(file, catalog.IMPORT_MAX_BYTES, TOO_LARGE);
        const preview = await catalog.previewImport(bytes, file.name, {
          substituir: replacing(fields),
        });
        return { ok: true as const, intent: "preview", preview };
      },
    }),
    import: adminIntent({
      failure: "Erro ao processar arquivo CSV",
      run: async (fields, { actor }) => {
        const result = await catalog.importStagedFile(
          fields.token ?? "",
          fields.fileName ?? "",
          actor,
          importStockWriter(actor.email),
          { substituir: replacing(fields) },
        );
        if (result.imported === 0 && result.removidas === 0) {
          return data(
            { ok: false as const, intent: "import", message: catalog.NO_VALID_PRODUCTS, result },
            { status: 400 },
          );
        }
        return {
          ok: true as const,
          intent: "import",
          message: `${result.produtos} produtos importados com sucesso! ${result.summary}`,
          result,
        };
      },
    }),
  },
  {
    capability: handle.capability,
    upload: {
      maxFileSize: catalog.IMPORT_MAX_BYTES,
      tooLargeMessage: TOO_LARGE,
      intent: "preview",
    },
  },
);

export default function ImportarAdmin() {
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Importar produtos</h1>
        <p className="text-sm text-slate-600">
          Envie uma planilha CSV ou Excel (.xlsx), uma linha por variação: confira a prévia e depois
          importe. Um SKU já cadastrado é atualizado.
        </p>
      </div>
      <ImportScreen />
    </div>
  );
}
