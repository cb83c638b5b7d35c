// /admin/loja/pedidos/:numero/imprimir?formato=a4|80mm: one order's sheet, to print.
import { data, useLoaderData } from "react-router";
import { OrderPrintPage } from "~/components/admin/loja/order-print";
import { adminMeta } from "~/components/admin/meta";
import type { AdminHandle } from "~/domain/permissions";
import { orderToPrint } from "~/modules/orders/index.server";
import type { Route } from "./+types/pedido-imprimir";
import { printLoader } from "./print.server";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "pedidos.operar" } satisfies AdminHandle;

export const meta = adminMeta("Imprimir pedido");

export const loader = printLoader(
  handle,
  async ({ params }: Route.LoaderArgs, { formato, staff }) => {
    // Another unit's order answers as an unknown one (decision 0069).
    const order = await orderToPrint(params.numero, staff);
    if (!order) throw data("Pedido não encontrado", { status: 404 });
    return { order, formato };
  },
);

export default function PrintOrder() {
  const { order, formato } = useLoaderData<typeof loader>();
  return (
    <OrderPrintPage
      orders={[order]}
      formato={formato}
      titulo={`Imprimir pedido ${order.numero}`}
      vazio=""
    />
  );
}
