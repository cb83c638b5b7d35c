import { PackageSearchIcon, ReceiptTextIcon } from "lucide-react";

export interface RecentOrderLink {
  numero: string;
  token: string;
}

function orderHref(o: RecentOrderLink) {
  return `/loja/pedido/${o.numero}?token=${encodeURIComponent(o.token)}`;
}

/**
 * "Seus pedidos" under the store header: the orders placed from this device (a signed
 * cookie), a disclosure that works without JavaScript. Nothing when the device has none.
 */
export function RecentOrdersBar({ pedidos }: { pedidos: RecentOrderLink[] }) {
  if (pedidos.length === 0) return null;
  return (
    <div className="border-b border-slate-200 bg-brand-50">
      <details className="mx-auto max-w-6xl px-4 py-1.5 text-sm" data-testid="seus-pedidos">
        <summary className="inline-flex min-h-9 cursor-pointer items-center gap-1.5 font-semibold text-brand-800">
          <ReceiptTextIcon className="size-4" aria-hidden="true" />
          Seus pedidos ({pedidos.length})
        </summary>
        <RecentOrdersList pedidos={pedidos} />
      </details>
    </div>
  );
}

function RecentOrdersList({ pedidos }: { pedidos: RecentOrderLink[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-2 pb-1">
      {pedidos.map((o) => (
        <li key={o.numero}>
          <a
            href={orderHref(o)}
            className="inline-flex min-h-9 max-w-full items-center rounded-lg border border-brand-200 bg-white px-3 font-semibold text-brand-800 wrap-anywhere hover:bg-brand-100"
          >
            Pedido {o.numero}
          </a>
        </li>
      ))}
    </ul>
  );
}

/** "Seus pedidos" on /loja, above the products; nothing on a device that never ordered. */
export function RecentOrdersSection({ pedidos }: { pedidos: RecentOrderLink[] }) {
  if (pedidos.length === 0) return null;
  return (
    <section
      id="seus-pedidos"
      aria-labelledby="seus-pedidos-titulo"
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-4"
    >
      <h2 id="seus-pedidos-titulo" className="flex items-center gap-2 font-bold text-slate-900">
        <PackageSearchIcon className="size-5 text-brand-700" aria-hidden="true" />
        Seus pedidos
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Os últimos pedidos feitos neste aparelho. Toque para ver o status.
      </p>
      <RecentOrdersList pedidos={pedidos} />
    </section>
  );
}
