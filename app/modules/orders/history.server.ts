// An order's history as the staff read it (issue 41 point 5): each change from the audit
// trail, with who made it, "Ana (Atendente, Unidade Meia Praia)", or the shop itself.
import {
  STATUS_PAGAMENTO_LABEL,
  STATUS_PEDIDO_LABEL,
  type StatusPagamento,
  type StatusPedido,
} from "~/domain/statuses";
import { auditActionLabel } from "~/modules/accounts";
import { type StaffHistoryEntry, staffHistoryReader } from "~/modules/accounts/index.server";

export type OrderHistoryEntry = StaffHistoryEntry;

const PAYMENT_ACTIONS = new Set(["payment_status_update", "payment_confirmed", "payment_refunded"]);

function actionText(action: string, details: Record<string, unknown> | null): string {
  const de = details?.de;
  const para = details?.para;
  if (action === "order_status_update" && typeof para === "string") {
    const from = STATUS_PEDIDO_LABEL[de as StatusPedido] ?? String(de ?? "");
    return `Status: ${from} → ${STATUS_PEDIDO_LABEL[para as StatusPedido] ?? para}`;
  }
  if (PAYMENT_ACTIONS.has(action) && typeof para === "string") {
    const from = STATUS_PAGAMENTO_LABEL[de as StatusPagamento] ?? String(de ?? "");
    return `Pagamento: ${from} → ${STATUS_PAGAMENTO_LABEL[para as StatusPagamento] ?? para}`;
  }
  if (action === "order_reopened") return "Pedido reaberto";
  return auditActionLabel(action);
}

/** The histories of these orders, oldest change first. */
export const orderHistories = staffHistoryReader("pedido", actionText);
