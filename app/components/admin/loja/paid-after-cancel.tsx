// An order whose Pix was paid after it was cancelled (decision 0035): the staff see it
// flagged and choose, here, between reopening it (its items reserved again, if the stock is
// still there) and the refund of the charge panel below. Works without JavaScript too.
import { RotateCcw, TriangleAlert } from "lucide-react";
import { href, useFetcher } from "react-router";
import { IntentFields } from "~/components/forms/intent-form";
import { useFormResult } from "~/components/forms/use-form-result";
import { Button } from "~/components/ui/button";
import { formatDateTime } from "~/domain/dates";
import { formatBRL } from "~/domain/money";

export function PaidAfterCancel({
  order,
}: {
  order: {
    id: string;
    numeroPedido: string;
    total: number;
    statusPedido: string;
    statusPagamento: string;
    pagoAposCancelamentoEm?: string | Date | null;
  };
}) {
  const reopen = useFetcher({ key: `order-reopen-${order.id}` });
  useFormResult(reopen);
  if (!order.pagoAposCancelamentoEm) return null;
  const open = order.statusPedido === "cancelado" && order.statusPagamento === "pago";
  return (
    <div
      className="grid gap-2 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
      data-testid="pago-apos-cancelamento"
    >
      <p className="flex items-center gap-2 font-semibold">
        <TriangleAlert className="size-4" aria-hidden="true" />
        Pago após cancelamento
      </p>
      <p>
        O Pix de {formatBRL(order.total)} foi pago em {formatDateTime(order.pagoAposCancelamentoEm)}
        , depois que o pedido foi cancelado.
        {open ? " Reembolse o cliente ou reabra o pedido." : null}
      </p>
      {open ? (
        <reopen.Form method="post" action={href("/admin/loja/pedidos")}>
          <IntentFields intent="order-reopen" recordId={order.id} />
          <Button type="submit" size="sm" variant="outline" disabled={reopen.state !== "idle"}>
            <RotateCcw aria-hidden="true" />
            {reopen.state !== "idle" ? "Reabrindo..." : "Reabrir pedido"}
            <span className="sr-only"> {order.numeroPedido}</span>
          </Button>
        </reopen.Form>
      ) : null}
    </div>
  );
}
