// POST /webhooks/mercadopago for orders: a Pix charge we created moves as the provider
// says; a card payment (its id born on the provider's page) is first matched to one of our
// card orders (decision 0080).
import {
  type Cobranca,
  type NotificationAnswer,
  type ProviderCobranca,
  readNotification,
} from "~/modules/payments/index.server";
import { logger } from "~/platform/logger.server";
import { acceptCardPayment } from "./card.server";
import { isOrderNumber } from "./number";
import { applyChargeUpdate } from "./payment.server";

/**
 * 401 for a bad signature (nothing read, nothing changed); 200 for anything authentic,
 * relevant or not; 503 when the provider cannot be read, so Mercado Pago tries again (and
 * the reconciliation pass catches it anyway).
 */
export async function handleNotification(
  request: Request,
  now = new Date(),
  /** Card payments whose reference is not an order's (a grooming booking's, decision 0091). */
  otherCard?: (provedor: Cobranca["provedor"], charge: ProviderCobranca) => Promise<string>,
): Promise<NotificationAnswer> {
  const notice = await readNotification(request, now);
  if ("status" in notice) return notice;
  try {
    const charge = await notice.provider.getCobranca(notice.externoId);
    if (!charge) return { status: 200, body: "cobrança desconhecida" };
    if (charge.meio === "cartao") {
      let result: string = await acceptCardPayment(notice.provider.nome, charge);
      if (result === "ignorada" && otherCard && !isOrderNumber(charge.referencia ?? "")) {
        result = await otherCard(notice.provider.nome, charge);
      }
      return { status: 200, body: result === "ignorada" ? "cobrança desconhecida" : result };
    }
    if (!notice.conhecida) return { status: 200, body: "cobrança desconhecida" };
    const applied = await applyChargeUpdate(notice.provider.nome, charge, "notificacao");
    return { status: 200, body: applied.result };
  } catch (error) {
    logger.error({ err: error, cobranca: notice.externoId }, "falha ao consultar o Mercado Pago");
    return { status: 503, body: "tente novamente" };
  }
}
