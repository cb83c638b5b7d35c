// Online payment charges, provider-neutral: what a provider's status means here, and what
// a charge's news does to the order's payment status. Pure logic (decision 0014).
import type { StatusCobranca, StatusPagamento } from "~/domain/statuses";

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

/** What the customer's order page shows for an order paid by online Pix. */
export type PixOnlineStage = "sem_pix" | "pago" | "expirado" | "pendente" | "indisponivel";

/**
 * The stage of an online-Pix order: paid; expired (its charge lapsed unpaid: the order is
 * or will be cancelled); a charge to pay; or no usable charge (the provider was down or
 * refused it), when the page offers to try again and the shop's other ways to pay.
 */
export function pixOnlineStage(
  pedido: { formaPagamento: string; statusPagamento: StatusPagamento; statusPedido: string },
  cobranca: { status: StatusCobranca; expiraEm: Date | null; qrCode: string | null } | null,
  now: Date,
): PixOnlineStage {
  if (pedido.formaPagamento !== "pix_mercadopago") return "sem_pix";
  if (pedido.statusPagamento === "pago") return "pago";
  if (pedido.statusPagamento === "reembolsado") return "sem_pix";
  if (cobranca && chargeLapsed(cobranca, now)) return "expirado";
  if (pedido.statusPedido === "cancelado") return "sem_pix";
  if (cobranca?.status === "pendente" && cobranca.qrCode) return "pendente";
  if (cobranca?.status === "paga") return "sem_pix";
  return "indisponivel";
}

/** The charge can no longer be paid because its time ran out. */
export function chargeLapsed(
  cobranca: { status: StatusCobranca; expiraEm: Date | null },
  now: Date,
): boolean {
  if (cobranca.status === "expirada") return true;
  return cobranca.status === "pendente" && cobranca.expiraEm !== null && cobranca.expiraEm <= now;
}
