import { TruckIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Skeleton } from "~/components/ui/skeleton";
import { formatBRL } from "~/domain/money";
import { cn } from "~/lib/utils";
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
 * One row of the summary: its label (`muted`: in grey) and its value, where the island
 * writes it (`data-campo`); an `optional` row is one the island may take away
 * (`data-linha-resumo`).
 */
function SummaryRow({
  campo,
  label,
  muted = false,
  optional = false,
  className,
  children,
}: {
  campo: string;
  label: ReactNode;
  muted?: boolean;
  optional?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div
      className={cn("flex justify-between", className)}
      data-linha-resumo={optional ? campo : undefined}
    >
      <dt className={muted ? "text-slate-600" : undefined}>{label}</dt>
      <dd data-testid={`summary-${campo}`} data-campo={campo}>
        {children}
      </dd>
    </div>
  );
}

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
        <SummaryRow campo="subtotal" muted label="Subtotal">
          {value((q) => formatBRL(q.subtotal))}
        </SummaryRow>
        {show((q) => q.desconto > 0) ? (
          <SummaryRow
            campo="desconto"
            optional
            className="text-green-700"
            label={
              <>
                Desconto
                <span data-campo="cupom">
                  {value((q) => (q.cupom ? ` (${q.cupom.codigo})` : ""))}
                </span>
              </>
            }
          >
            {value((q) => `-${formatBRL(q.desconto)}`)}
          </SummaryRow>
        ) : null}
        {show((q) => q.descontoPix > 0) ? (
          <SummaryRow
            campo="desconto-pix"
            optional
            className="text-green-700"
            label={
              <>
                Desconto no Pix (<span data-campo="pix-percentual">{percent}</span>
                %)
              </>
            }
          >
            {value((q) => `-${formatBRL(q.descontoPix)}`)}
          </SummaryRow>
        ) : null}
        {show((q) => !q.retirada) ? (
          <SummaryRow campo="entrega" optional muted label="Taxa de entrega">
            {value((q) =>
              q.freteGratis || q.taxaEntrega === 0
                ? SUMMARY_TEXTS.free
                : q.taxaEntrega === null
                  ? SUMMARY_TEXTS.byNeighbourhood
                  : formatBRL(q.taxaEntrega),
            )}
          </SummaryRow>
        ) : null}
        <SummaryRow
          campo="total"
          className="mt-1 border-t border-slate-200 pt-2 text-base font-extrabold"
          label="Total"
        >
          {value((q) => formatBRL(q.total))}
        </SummaryRow>
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
