// /admin/loja/pedidos/imprimir?formato=a4|80mm: "Imprimir pedidos do dia" (today's open
// orders, one sheet each, in one go).
import { data, useLoaderData } from "react-router";
import { OrderPrintPage } from "~/components/admin/loja/order-print";
import { adminMeta } from "~/components/admin/meta";
import type { AdminHandle } from "~/domain/permissions";
import { requireCapability, staffOf } from "~/modules/accounts/index.server";
import { openOrdersOfTheDay } from "~/modules/orders/index.server";
import type { Route } from "./+types/pedidos-imprimir";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "pedidos.operar" } satisfies AdminHandle;

export const meta = adminMeta("Imprimir pedidos do dia");

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireCapability(request, handle.capability);
  const orders = await openOrdersOfTheDay(staffOf(user));
  const formato = new URL(request.url).searchParams.get("formato") === "80mm" ? "80mm" : "a4";
  return data({ orders, formato } as const, { headers: { "Cache-Control": "private, no-store" } });
}

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
