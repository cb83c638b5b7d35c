// GET /loja/pedido/:numero/status?token=... -> the order's payment and order status as
// JSON, polled by the order page while an online Pix waits. Same secret as the page; an
// unknown number and a wrong token answer alike (404).
import { customerOrderStatus } from "~/modules/orders/index.server";
import type { Route } from "./+types/pedido-status";

const HEADERS = {
  "Cache-Control": "no-store",
  "Referrer-Policy": "no-referrer",
  "X-Robots-Tag": "noindex",
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const status = await customerOrderStatus(params.numero, token);
  if (!status) {
    return Response.json({ erro: "Pedido não encontrado" }, { status: 404, headers: HEADERS });
  }
  return Response.json(status, { headers: HEADERS });
}
