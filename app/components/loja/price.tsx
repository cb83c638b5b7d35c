import { Badge } from "~/components/ui/badge";
import { discountPercent, formatBRL } from "~/domain/money";
import { cn } from "~/lib/utils";
import { isLowStock } from "~/modules/catalog";

export function Price({
  precoAtual,
  precoAntes,
  size = "md",
}: {
  precoAtual: number;
  precoAntes: number | null;
  size?: "md" | "lg";
}) {
  const off = discountPercent(precoAntes, precoAtual);
  return (
    <div className="flex flex-wrap items-baseline gap-x-2">
      {off > 0 ? (
        <span
          className={cn("text-slate-500 line-through", size === "lg" ? "text-base" : "text-sm")}
        >
          <span className="sr-only">De </span>
          {formatBRL(precoAntes!)}
        </span>
      ) : null}
      <span className={cn("font-extrabold text-slate-900", size === "lg" ? "text-3xl" : "text-xl")}>
        {off > 0 ? <span className="sr-only">Por </span> : null}
        {formatBRL(precoAtual)}
      </span>
    </div>
  );
}

export function DiscountBadge({
  precoAtual,
  precoAntes,
}: {
  precoAtual: number;
  precoAntes: number | null;
}) {
  const off = discountPercent(precoAntes, precoAtual);
  if (off <= 0) return null;
  return <Badge variant="destructive">-{off}%</Badge>;
}

export function LowStockBadge({ estoque }: { estoque: number }) {
  if (!isLowStock(estoque)) return null;
  return <Badge variant="warning">Últimas unidades</Badge>;
}
