// The count sheet and the count's differences on A4 (decision 0085), with the print bar on
// screen only; the print rules are app.css's "Folhas de pedido" (print-toolbar, print-sheet-a4).
import { PrinterIcon } from "lucide-react";
import { DifferencesTable } from "~/components/admin/estoque/count-screens";
import { Button } from "~/components/ui/button";
import { HeadRow } from "~/components/ui/table";
import type { CountDifferences, CountHeader, SheetLine } from "~/modules/inventory";

function Heading({ c, what }: { c: CountHeader; what: string }) {
  return (
    <header className="mb-4 grid gap-1">
      <h2 className="text-lg font-bold">
        {what} · Contagem {c.numero}
      </h2>
      <p>
        {c.unidadeNome} · {c.escopoLabel} · aberta em {c.abertaEm}
        {c.abertaPor ? ` por ${c.abertaPor}` : ""}
        {c.aplicadaEm ? ` · aplicada em ${c.aplicadaEm}` : ""}
      </p>
    </header>
  );
}

function Sheet({ c, linhas }: { c: CountHeader; linhas: SheetLine[] }) {
  return (
    <>
      <Heading c={c} what="Folha de contagem" />
      <table className="w-full border-collapse text-xs">
        <thead>
          <HeadRow
            className="border-b-2 border-black text-left"
            columns={[
              ["Produto", "py-1 pr-2"],
              ["SKU / EAN", "py-1 pr-2"],
              ["Lido", "w-20 py-1 text-right"],
              ["Contado", "w-24 py-1 text-right"],
            ]}
          />
        </thead>
        <tbody>
          {linhas.map((l) => (
            <tr key={l.varianteId} className="break-inside-avoid border-b border-slate-400">
              <td className="py-2 pr-2">{l.nome}</td>
              <td className="py-2 pr-2 tabular-nums">
                {l.sku}
                {l.ean ? <span className="block">{l.ean}</span> : null}
              </td>
              <td className="py-2 text-right tabular-nums">{l.contado ?? ""}</td>
              <td className="py-2 text-right">
                <span className="inline-block w-16 border-b border-black">&nbsp;</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="mt-6">Contado por: ____________________________ Data: ___/___/______</p>
    </>
  );
}

export function CountPrintPage({
  folha,
  diferencas,
}: {
  folha: { contagem: CountHeader; linhas: SheetLine[] } | null;
  diferencas: CountDifferences | null;
}) {
  const c = (folha?.contagem ?? diferencas?.contagem)!;
  const titulo = diferencas ? "Diferenças da contagem" : "Folha de contagem";
  return (
    <div className="min-h-screen bg-slate-100 print:bg-white">
      <div className="print-toolbar sticky top-0 z-10 flex flex-wrap items-center gap-2 border-b border-slate-200 bg-white px-4 py-2">
        <h1 className="mr-auto font-bold text-slate-900">
          {titulo} {c.numero}
        </h1>
        <Button type="button" size="sm" onClick={() => window.print()}>
          <PrinterIcon aria-hidden="true" />
          Imprimir
        </Button>
      </div>
      <div className="grid justify-items-center py-4 print:block print:py-0">
        <article
          className="print-sheet print-sheet-a4 bg-white p-8 text-sm text-black shadow print:shadow-none"
          aria-label={titulo}
        >
          {folha ? <Sheet c={folha.contagem} linhas={folha.linhas} /> : null}
          {diferencas ? (
            <>
              <Heading c={diferencas.contagem} what="Diferenças" />
              <DifferencesTable d={diferencas} />
            </>
          ) : null}
        </article>
      </div>
    </div>
  );
}
