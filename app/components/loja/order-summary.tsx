import { TruckIcon } from "lucide-react";
import { Skeleton } from "~/components/ui/skeleton";
import { missingForFreeDelivery } from "~/domain/delivery";
import { formatBRL } from "~/domain/money";
import type { CartQuote } from "~/server/cart.server";

/** Subtotal, discount, delivery fee and total as the server computed them. */
export function OrderSummary({ quote, loading }: { quote: CartQuote | null; loading?: boolean }) {
  if (!quote) {
    return (
      <div className="grid gap-2" role="status" aria-busy="true" aria-label="Calculando resumo">
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-5 w-full" />
        <Skeleton className="h-7 w-full" />
      </div>
    );
  }
  const missing = missingForFreeDelivery(quote.subtotal, quote.freteGratisMinimo);
  return (
    <div
      className="grid gap-3"
      aria-busy={loading ? "true" : undefined}
      data-testid="order-summary"
    >
      <dl className="grid gap-1.5 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">Subtotal</dt>
          <dd data-testid="summary-subtotal">{formatBRL(quote.subtotal)}</dd>
        </div>
        {quote.desconto > 0 ? (
          <div className="flex justify-between text-green-700">
            <dt>Desconto{quote.cupom ? ` (${quote.cupom.codigo})` : ""}</dt>
            <dd data-testid="summary-desconto">-{formatBRL(quote.desconto)}</dd>
          </div>
        ) : null}
        {quote.descontoPix > 0 ? (
          <div className="flex justify-between text-green-700">
            <dt>Desconto no Pix ({quote.pixDescontoPercentual}%)</dt>
            <dd data-testid="summary-desconto-pix">-{formatBRL(quote.descontoPix)}</dd>
          </div>
        ) : null}
        <div className="flex justify-between">
          <dt className="text-slate-600">Taxa de entrega</dt>
          <dd data-testid="summary-entrega">
            {quote.freteGratis || quote.taxaEntrega === 0
              ? "Grátis"
              : quote.taxaEntrega === null
                ? "Calculada pelo bairro"
                : formatBRL(quote.taxaEntrega)}
          </dd>
        </div>
        <div className="mt-1 flex justify-between border-t border-slate-200 pt-2 text-base font-extrabold">
          <dt>Total</dt>
          <dd data-testid="summary-total">{formatBRL(quote.total)}</dd>
        </div>
      </dl>
      {quote.pixDescontoPercentual > 0 && quote.descontoPix === 0 ? (
        <p className="rounded-lg bg-green-50 p-2 text-xs text-green-900" data-testid="pix-offer">
          Pagando no Pix você ganha {quote.pixDescontoPercentual}% de desconto nos produtos.
        </p>
      ) : null}
      {missing > 0 ? (
        <p className="flex items-start gap-2 rounded-lg bg-amber-50 p-2 text-xs text-amber-900">
          <TruckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Faltam {formatBRL(missing)} para o frete grátis.
        </p>
      ) : (
        <p className="flex items-start gap-2 rounded-lg bg-green-50 p-2 text-xs text-green-900">
          <TruckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          Seu pedido tem frete grátis!
        </p>
      )}
    </div>
  );
}
