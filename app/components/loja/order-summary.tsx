import { TruckIcon } from "lucide-react";
import { Skeleton } from "~/components/ui/skeleton";

/** While the first quote is on its way. */
function SummarySkeleton() {
  return (
    <div className="grid gap-2" role="status" aria-busy="true" aria-label="Calculando resumo">
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-5 w-full" />
      <Skeleton className="h-7 w-full" />
    </div>
  );
}

/**
 * The summary on a page served without React: the skeleton, and in a <template> every row
 * with `data-campo` (a value to write) and `data-linha-resumo` (a row that may go). The
 * `store-purchase` island fills a copy with each quote (GET /loja/resumo).
 */
export function OrderSummarySlot() {
  return (
    <>
      <div data-resumo="">
        <SummarySkeleton />
      </div>
      <template data-resumo-modelo="">
        <div className="grid gap-3" data-testid="order-summary">
          <dl className="grid gap-1.5 text-sm">
            <div className="flex justify-between">
              <dt className="text-slate-600">Subtotal</dt>
              <dd data-testid="summary-subtotal" data-campo="subtotal" />
            </div>
            <div className="flex justify-between text-green-700" data-linha-resumo="desconto">
              <dt>
                Desconto
                <span data-campo="cupom" />
              </dt>
              <dd data-testid="summary-desconto" data-campo="desconto" />
            </div>
            <div className="flex justify-between text-green-700" data-linha-resumo="desconto-pix">
              <dt>
                Desconto no Pix (<span data-campo="pix-percentual" />
                %)
              </dt>
              <dd data-testid="summary-desconto-pix" data-campo="desconto-pix" />
            </div>
            <div className="flex justify-between" data-linha-resumo="entrega">
              <dt className="text-slate-600">Taxa de entrega</dt>
              <dd data-testid="summary-entrega" data-campo="entrega" />
            </div>
            <div className="mt-1 flex justify-between border-t border-slate-200 pt-2 text-base font-extrabold">
              <dt>Total</dt>
              <dd data-testid="summary-total" data-campo="total" />
            </div>
          </dl>
          <p
            className="rounded-lg bg-green-50 p-2 text-xs text-green-900"
            data-testid="pix-offer"
            data-linha-resumo="oferta-pix"
          >
            Pagando no Pix você ganha <span data-campo="pix-percentual" />% de desconto nos
            produtos.
          </p>
          <p
            className="flex items-start gap-2 rounded-lg bg-amber-50 p-2 text-xs text-amber-900"
            data-linha-resumo="falta"
          >
            <TruckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Faltam <span data-campo="falta" /> para o frete grátis.
            </span>
          </p>
          <p
            className="flex items-start gap-2 rounded-lg bg-green-50 p-2 text-xs text-green-900"
            data-linha-resumo="gratis"
          >
            <TruckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <span>
              Seu pedido tem frete grátis!
              <span data-linha-resumo="gratis-cupom">
                {" "}
                O frete grátis vale pelo valor dos produtos antes do cupom.
              </span>
            </span>
          </p>
        </div>
      </template>
    </>
  );
}
