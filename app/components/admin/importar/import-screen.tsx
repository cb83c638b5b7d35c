import { CheckCircle2, Download, FileSpreadsheet, FileUp, XCircle } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatBRL } from "~/domain/money";
import { countText } from "~/domain/text";
import type { ImportPreview, ImportResult } from "~/modules/catalog";
import { ROW_OUTCOME_LABELS, VARIANT_COLUMNS } from "~/modules/catalog";

/** The columns of the file's first lines, as the preview shows them. */
const PREVIEW_COLUMNS = ["Linha", "Produto", "Variação", "Preço", "Estoque", "Situação"];

type PreviewData = { ok: true; preview: ImportPreview } | { ok: false; message?: string };
type ImportData = { ok: boolean; message?: string; result?: ImportResult };

function ErrorList({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <ul className="grid list-disc gap-1 pl-5 text-sm text-red-800">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

/** The units a row sets: its stock columns, or today's single Estoque column. */
function stockText(product: ImportPreview["rows"][number]["product"]): string {
  if (!product) return "—";
  const units = Object.entries(product.estoques).map(([unit, n]) => `${unit}: ${n}`);
  if (product.estoque != null) units.unshift(String(product.estoque));
  return units.length ? units.join(", ") : "—";
}

export function ImportScreen() {
  const previewer = useFetcher<PreviewData>();
  const importer = useFetcher<ImportData>();
  const formRef = useRef<HTMLFormElement>(null);
  const preview = previewer.data?.ok ? previewer.data.preview : null;
  const previewError = previewer.data && !previewer.data.ok ? previewer.data.message : null;
  const result = importer.data?.result;
  const imported = importer.data?.ok && importer.state === "idle";

  useEffect(() => {
    if (importer.state !== "idle" || !importer.data) return;
    const data = importer.data;
    if (data.ok) {
      toast.success(data.message ?? "Importação concluída");
      if (data.result?.failed) toast.error(`${data.result.failed} produtos com erro na importação`);
      formRef.current?.reset();
    } else {
      toast.error(data.message ?? "Erro ao processar arquivo CSV");
    }
  }, [importer.state, importer.data]);

  useEffect(() => {
    if (previewer.state === "idle" && previewer.data && !previewer.data.ok) {
      toast.error(previewer.data.message ?? "Erro ao processar arquivo CSV");
    }
  }, [previewer.state, previewer.data]);

  return (
    <div className="grid gap-6">
      <TitledCard
        title="1. Escolha a planilha"
        description={
          <>
            Uma linha por variação: {VARIANT_COLUMNS.join(", ")}, estoque_&lt;unidade&gt; (uma
            coluna por unidade) e ativo. As linhas com o mesmo sku_produto formam um produto; um SKU
            já cadastrado é atualizado, um novo é criado. Planilhas no formato antigo (Nome do
            Produto, Preço de Venda, Estoque…) continuam valendo para produtos sem opções. Separador
            vírgula ou ponto e vírgula; preços no formato 1.234,56; categorias que não existem são
            criadas.
          </>
        }
        contentClassName="grid gap-4"
      >
        <previewer.Form
          ref={formRef}
          method="post"
          encType="multipart/form-data"
          className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <input type="hidden" name="intent" value="preview" />
          <Field id="arquivo" label="Arquivo CSV ou Excel (.xlsx)" required error={previewError}>
            <Input
              type="file"
              required
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            />
          </Field>
          <Button type="submit" disabled={previewer.state !== "idle"}>
            <FileUp aria-hidden="true" />
            {previewer.state !== "idle" ? "Lendo arquivo..." : "Ver prévia"}
          </Button>
          <CheckboxField
            id="substituir"
            value="1"
            className="sm:col-span-2"
            label="Substituir variações"
            hint="Variações dos produtos da planilha que não estão nela são removidas (as já vendidas ficam inativas). Sem marcar, nenhuma é removida."
          />
        </previewer.Form>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          <a
            href="/admin/importar/modelo.csv"
            className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 underline"
          >
            <Download className="size-4" aria-hidden="true" /> Baixar planilha modelo (CSV)
          </a>
          <a
            href="/admin/importar/exportar?formato=xlsx"
            className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 underline"
          >
            <FileSpreadsheet className="size-4" aria-hidden="true" /> Exportar catálogo (Excel)
          </a>
          <a
            href="/admin/importar/exportar?formato=csv"
            className="inline-flex items-center gap-2 text-sm font-semibold text-brand-700 underline"
          >
            <FileSpreadsheet className="size-4" aria-hidden="true" /> Exportar catálogo (CSV)
          </a>
        </div>
      </TitledCard>

      {preview && !imported ? (
        <TitledCard
          title={<>2. Confira a prévia</>}
          description={
            <>
              {preview.fileName}: {countText(preview.total, "linha")},{" "}
              {countText(preview.valid, "pronta", "prontas")} para importar, {preview.invalid} com
              erro. Nada foi gravado ainda.
            </>
          }
          summary={
            <p className="font-semibold text-slate-900" data-testid="resumo-importacao">
              {preview.summary}
              {preview.substituir ? " (substituir variações)" : ""}
            </p>
          }
          contentClassName="grid gap-4"
        >
          <div className="overflow-x-auto">
            <table className="w-full min-w-[40rem] text-left text-sm">
              <caption className="sr-only">Primeiras linhas do arquivo</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  {PREVIEW_COLUMNS.map((label, i) => (
                    <th
                      key={label}
                      scope="col"
                      className={i < PREVIEW_COLUMNS.length - 1 ? "py-2 pr-3" : "py-2"}
                    >
                      {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((r) => (
                  <tr key={r.line} className="border-b border-slate-100 align-top">
                    <td className="py-2 pr-3">{r.line}</td>
                    <td className="py-2 pr-3">{r.nome || "—"}</td>
                    <td className="py-2 pr-3">
                      {r.rotulo || "—"}
                      {r.sku ? <span className="block text-xs text-slate-600">{r.sku}</span> : null}
                    </td>
                    <td className="py-2 pr-3">
                      {r.product ? formatBRL(r.product.precoAtual) : "—"}
                      {r.product?.precoAntes ? (
                        <span className="block text-xs text-slate-600 line-through">
                          {formatBRL(r.product.precoAntes)}
                        </span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-3">{stockText(r.product)}</td>
                    <td className="py-2">
                      {r.error ? (
                        <span className="inline-flex items-center gap-1 text-red-800">
                          <XCircle className="size-4" aria-hidden="true" /> {r.error}
                        </span>
                      ) : (
                        <span className="inline-flex items-center gap-1 text-green-800">
                          <CheckCircle2 className="size-4" aria-hidden="true" />{" "}
                          {ROW_OUTCOME_LABELS[r.outcome]}
                        </span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {preview.total > preview.rows.length ? (
            <p className="text-sm text-slate-600">
              Mostrando as primeiras {preview.rows.length} de {preview.total} linhas.
            </p>
          ) : null}
          <ErrorList errors={preview.errors} />
          {preview.valid === 0 ? (
            <p role="alert" className="font-semibold text-red-800">
              Nenhum produto válido encontrado no arquivo CSV
            </p>
          ) : (
            <importer.Form method="post">
              <input type="hidden" name="intent" value="import" />
              <input type="hidden" name="token" value={preview.token} />
              <input type="hidden" name="fileName" value={preview.fileName} />
              {preview.substituir ? <input type="hidden" name="substituir" value="1" /> : null}
              <Button type="submit" disabled={importer.state !== "idle"}>
                {importer.state !== "idle"
                  ? "Importando..."
                  : `Importar ${countText(preview.counts.produtos, "produto")}, ${countText(preview.valid, "variação", "variações")}`}
              </Button>
            </importer.Form>
          )}
        </TitledCard>
      ) : null}

      {result && importer.state === "idle" ? (
        <TitledCard
          aria-live="polite"
          title="Resultado da importação"
          contentClassName="grid gap-2"
        >
          {result.imported > 0 || result.removidas > 0 ? (
            <p className="font-semibold text-green-800">
              {result.produtos} produtos importados com sucesso! {result.summary}
            </p>
          ) : (
            <p className="font-semibold text-red-800">
              Nenhum produto válido encontrado no arquivo CSV
            </p>
          )}
          {result.categoriesCreated.length ? (
            <p className="text-sm">Categorias criadas: {result.categoriesCreated.join(", ")}</p>
          ) : null}
          {result.failed > 0 ? (
            <p className="font-semibold text-red-800">
              {result.failed} produtos com erro na importação
            </p>
          ) : null}
          <ErrorList errors={result.errors} />
        </TitledCard>
      ) : null}
    </div>
  );
}
