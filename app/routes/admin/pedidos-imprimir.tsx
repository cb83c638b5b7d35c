// /admin/loja/pedidos/imprimir?formato=a4|80mm: "Imprimir pedidos do dia" (today's open
// orders, one sheet each, in one go).
import { useLoaderData } from "react-router";
import { OrderPrintPage } from "~/components/admin/loja/order-print";
import { adminMeta } from "~/components/admin/meta";
import type { AdminHandle } from "~/domain/permissions";
import { openOrdersOfTheDay } from "~/modules/orders/index.server";
import type { Route } from "./+types/pedidos-imprimir";
import { printLoader } from "./print.server";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "pedidos.operar" } satisfies AdminHandle;

export const meta = adminMeta("Imprimir pedidos do dia");

export const loader = printLoader(handle, async (_: Route.LoaderArgs, { formato, staff }) => ({
  orders: await openOrdersOfTheDay(staff),
  formato,
}));

export default function PrintOrdersOfTheDay() {
  const { orders, formato } = useLoaderData<typeof loader>();
  return (
    <OrderPrintPage
      orders={orders}
      formato={formato}
      titulo={`Pedidos do dia em aberto (${orders.length})`}
      vazio="Nenhum pedido em aberto feito hoje."
    />
  );
}
