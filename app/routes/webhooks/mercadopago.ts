// POST /webhooks/mercadopago: Mercado Pago's payment notifications (server to server, no
// Origin header, so the cross-site write check lets it through). The signature is checked,
// then the payment is read from Mercado Pago itself; see app/modules/payments/.
import { acceptGroomingCardPayment } from "~/modules/grooming/index.server";
import { handleNotification } from "~/modules/orders/index.server";
import type { Route } from "./+types/mercadopago";

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return new Response("Método não permitido", { status: 405, headers: { Allow: "POST" } });
  }
  // A card payment of a grooming booking or package is matched by grooming (0091, 0092).
  const answer = await handleNotification(request, new Date(), acceptGroomingCardPayment);
  return new Response(answer.body, {
    status: answer.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export function loader() {
  return new Response("Método não permitido", { status: 405, headers: { Allow: "POST" } });
}
