import { DownloadIcon, PrinterIcon } from "lucide-react";
import { usePode } from "~/components/admin/use-papel";
import { Button, buttonVariants } from "~/components/ui/button";

/** The filters of the orders list, as the URL has them (the export takes the same). */
export interface OrderListFilters {
  status: string;
  pagamento: string;
  unidade: string;
  modo: string;
  naoRetirados: boolean;
  dias: number;
  /** The search box: number, name, phone or pick-up code. */
  q: string;
}

/**
 * "Exportar" (the list's current filters, CSV or Excel, one row per order or per item) and
 * "Imprimir pedidos do dia". A plain GET form: the file downloads as any link does.
 */
export function OrdersExportBar({ filters }: { filters: OrderListFilters }) {
  const hidden: [string, string][] = [
    ["status", filters.status],
    ["pagamento", filters.pagamento],
    ["unidade", filters.unidade],
    ["modo", filters.modo],
    ["q", filters.q],
    ...(filters.naoRetirados
      ? ([
          ["nao_retirados", "1"],
          ["dias", String(filters.dias)],
        ] as [string, string][])
      : []),
  ];
  const exportar = usePode("pedidos.exportar");
  const selectClass =
    "h-9 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 focus-visible:outline-2";
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3">
      {exportar ? (
        <form
          method="get"
          action="/admin/loja/pedidos/exportar"
          className="flex flex-wrap items-end gap-2"
          data-testid="exportar-pedidos"
        >
          {hidden
            .filter(([, value]) => value !== "")
            .map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
          <label className="grid gap-1 text-xs font-semibold text-slate-700">
            Arquivo
            <select name="formato" defaultValue="xlsx" className={selectClass}>
              <option value="xlsx">Excel (.xlsx)</option>
              <option value="csv">CSV</option>
            </select>
          </label>
          <label className="grid gap-1 text-xs font-semibold text-slate-700">
            Linhas
            <select name="linhas" defaultValue="pedidos" className={selectClass}>
              <option value="pedidos">Uma por pedido</option>
              <option value="itens">Uma por item</option>
            </select>
          </label>
          <Button type="submit" variant="outline" size="sm">
            <DownloadIcon aria-hidden="true" />
            Exportar
          </Button>
        </form>
      ) : null}
      <a
        href="/admin/loja/pedidos/imprimir"
        target="_blank"
        rel="noopener"
        className={buttonVariants({ variant: "outline", size: "sm" })}
      >
        <PrinterIcon aria-hidden="true" />
        Imprimir pedidos do dia
      </a>
    </div>
  );
}

/** "Imprimir" on one order: its sheet in a new tab (A4 or 80 mm chosen there). */
export function PrintOrderLink({ numero }: { numero: string }) {
  return (
    <a
      href={`/admin/loja/pedidos/${encodeURIComponent(numero)}/imprimir`}
      target="_blank"
      rel="noopener"
      className={buttonVariants({ variant: "outline", size: "sm" })}
      data-testid="imprimir-pedido"
    >
      <PrinterIcon aria-hidden="true" />
      Imprimir
    </a>
  );
}
