// Online payment charges, provider-neutral: what a provider's status means here, and what
// a charge's news does to the order's payment status. Pure logic (decision 0014).
import type { StatusCobranca, StatusPagamento } from "~/server/db/schema";

export type { StatusCobranca };

/**
 * Mercado Pago payment statuses (GET /v1/payments/{id}) onto ours. A Pix past its
 * date_of_expiration comes back 'cancelled' with status_detail 'expired'.
 */
export function statusFromMercadoPago(status: string, detail?: string | null): StatusCobranca {
  switch (status) {
    case "approved":
      return "paga";
    case "refunded":
    case "charged_back":
      return "reembolsada";
    case "cancelled":
      return detail === "expired" ? "expirada" : "cancelada";
    case "rejected":
      return "falhou";
    default:
      // pending, in_process, authorized, in_mediation and anything new: not settled yet.
      return "pendente";
  }
}

/**
 * Notifications arrive repeated and out of order, so a charge only moves forward:
 * a 'pending' read after 'approved' is old news and changes nothing.
 */
const RANK: Record<StatusCobranca, number> = {
  pendente: 0,
  cancelada: 1,
  expirada: 1,
  falhou: 1,
  paga: 2,
  reembolsada: 3,
};

export function advancesCobranca(from: StatusCobranca, to: StatusCobranca): boolean {
  return RANK[to] > RANK[from];
}

/**
 * The order's new payment status when its charge reaches `charge`, or null for no change.
 * Paid once (from 'aguardando' or 'falhou'); refunded only what was paid. A charge that
 * expires or is cancelled leaves the order waiting: the customer may pay another way.
 */
export function orderPaymentAfter(
  current: StatusPagamento,
  charge: StatusCobranca,
): StatusPagamento | null {
  if (charge === "paga" && (current === "aguardando" || current === "falhou")) return "pago";
  if (charge === "reembolsada" && current === "pago") return "reembolsado";
  return null;
}
