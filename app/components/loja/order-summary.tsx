import { TruckIcon } from "lucide-react";
import { Skeleton } from "~/components/ui/skeleton";
import { formatBRL } from "~/domain/money";
import { type CartQuote, SUMMARY_TEXTS } from "~/modules/orders";

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

/** What the summary shows of a quote (the server's, GET /loja/resumo's shape). */
export type SummaryQuote = Pick<
  CartQuote,
  | "subtotal"
  | "desconto"
  | "descontoPix"
  | "taxaEntrega"
  | "freteGratis"
  | "total"
  | "cupom"
  | "freteGratisMinimo"
  | "pixDescontoPercentual"
  | "retirada"
>;

/**
 * The summary's box. Without a quote: the model the `store-purchase` island copies and fills
 * (`data-campo`: a value to write; `data-linha-resumo`: a row that may go). With one: the
 * same box filled by the server, with the island's rules (a cart kept by the server,
 * decision 0040).
 */
function SummaryBox({ q }: { q: SummaryQuote | null }) {
  const missing = q ? Math.max(0, q.freteGratisMinimo - q.subtotal) : 0;
  const show = (shown: (q: SummaryQuote) => boolean) => !q || shown(q);
  const value = (text: (q: SummaryQuote) => string) => (q ? text(q) : undefined);
  const percent = value((q) => String(q.pixDescontoPercentual));
  return (
    <div className="grid gap-3" data-testid="order-summary">
      <dl className="grid gap-1.5 text-sm">
        <div className="flex justify-between">
          <dt className="text-slate-600">Subtotal</dt>
          <dd data-testid="summary-subtotal" data-campo="subtotal">
            {value((q) => formatBRL(q.subtotal))}
          </dd>
        </div>
        {show((q) => q.desconto > 0) ? (
          <div className="flex justify-between text-green-700" data-linha-resumo="desconto">
            <dt>
              Desconto
              <span data-campo="cupom">
                {value((q) => (q.cupom ? ` (${q.cupom.codigo})` : ""))}
              </span>
            </dt>
            <dd data-testid="summary-desconto" data-campo="desconto">
              {value((q) => `-${formatBRL(q.desconto)}`)}
            </dd>
          </div>
        ) : null}
        {show((q) => q.descontoPix > 0) ? (
          <div className="flex justify-between text-green-700" data-linha-resumo="desconto-pix">
            <dt>
              Desconto no Pix (<span data-campo="pix-percentual">{percent}</span>
              %)
            </dt>
            <dd data-testid="summary-desconto-pix" data-campo="desconto-pix">
              {value((q) => `-${formatBRL(q.descontoPix)}`)}
            </dd>
          </div>
        ) : null}
        {show((q) => !q.retirada) ? (
          <div className="flex justify-between" data-linha-resumo="entrega">
            <dt className="text-slate-600">Taxa de entrega</dt>
            <dd data-testid="summary-entrega" data-campo="entrega">
              {value((q) =>
                q.freteGratis || q.taxaEntrega === 0
                  ? SUMMARY_TEXTS.free
                  : q.taxaEntrega === null
                    ? SUMMARY_TEXTS.byNeighbourhood
                    : formatBRL(q.taxaEntrega),
              )}
            </dd>
          </div>
        ) : null}
        <div className="mt-1 flex justify-between border-t border-slate-200 pt-2 text-base font-extrabold">
          <dt>Total</dt>
          <dd data-testid="summary-total" data-campo="total">
            {value((q) => formatBRL(q.total))}
          </dd>
        </div>
      </dl>
      {show((q) => q.pixDescontoPercentual > 0 && q.descontoPix === 0) ? (
        <p
          className="rounded-lg bg-green-50 p-2 text-xs text-green-900"
          data-testid="pix-offer"
          data-linha-resumo="oferta-pix"
        >
          Pagando no Pix você ganha <span data-campo="pix-percentual">{percent}</span>% de desconto
          nos produtos.
        </p>
      ) : null}
      {show((q) => !q.retirada && missing > 0) ? (
        <p
          className="flex items-start gap-2 rounded-lg bg-amber-50 p-2 text-xs text-amber-900"
          data-linha-resumo="falta"
        >
          <TruckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Faltam <span data-campo="falta">{q ? formatBRL(missing) : undefined}</span> para o frete
            grátis.
          </span>
        </p>
      ) : null}
      {show((q) => !q.retirada && missing <= 0) ? (
        <p
          className="flex items-start gap-2 rounded-lg bg-green-50 p-2 text-xs text-green-900"
          data-linha-resumo="gratis"
        >
          <TruckIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
          <span>
            Seu pedido tem frete grátis!
            {show((q) => q.desconto > 0 && q.subtotal - q.desconto < q.freteGratisMinimo) ? (
              <span data-linha-resumo="gratis-cupom">
                {" "}
                O frete grátis vale pelo valor dos produtos antes do cupom.
              </span>
            ) : null}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/**
 * The summary on a page served without React: the server's summary when it holds the cart
 * (decision 0040), else the skeleton (hidden without JavaScript: nothing will fill it); and
 * in a <template> the box the `store-purchase` island fills with each quote (GET /loja/resumo).
 */
export function OrderSummarySlot({ quote = null }: { quote?: SummaryQuote | null }) {
  return (
    <>
      <div data-resumo="">
        {quote ? (
          <SummaryBox q={quote} />
        ) : (
          <div className="noscript:hidden">
            <SummarySkeleton />
          </div>
        )}
      </div>
      <template data-resumo-modelo="">
        <SummaryBox q={null} />
      </template>
    </>
  );
}
