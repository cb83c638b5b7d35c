// A booking's history as the staff read it (issue 41 point 5): each change the staff made,
// from the audit trail, with who made it: "Por: Ana (Tosador, Unidade Meia Praia)".
import { METODO_RECEBIMENTO_LABEL, type MetodoRecebimento } from "~/domain/counter-payment";
import { formatBRL } from "~/domain/money";
import { auditActionLabel } from "~/modules/accounts";
import { type StaffHistoryEntry, staffHistoryReader } from "~/modules/accounts/index.server";
import { STATUS_AGENDAMENTO_LABEL, type StatusAgendamento } from "./booking-vocabulary";

export type BookingHistoryEntry = StaffHistoryEntry;

/** "Pix R$ 55,00" of an audit entry that took a payment (decision 0078), else nothing. */
function paid(details: Record<string, unknown> | null, prefix: string): string {
  const metodo = details?.pagamento as MetodoRecebimento | undefined;
  if (!metodo || typeof details?.valor !== "number") return "";
  return `${prefix}${METODO_RECEBIMENTO_LABEL[metodo] ?? metodo} ${formatBRL(details.valor)}`;
}

function actionText(action: string, details: Record<string, unknown> | null): string {
  const label = (s: unknown) => STATUS_AGENDAMENTO_LABEL[s as StatusAgendamento] ?? String(s ?? "");
  switch (action) {
    case "grooming_booking_status":
      return `Status: ${label(details?.de)} → ${label(details?.para)}${paid(details, " · pago: ")}`;
    case "grooming_booking_payment":
      return `Pagamento registrado${paid(details, ": ")}`;
    case "grooming_booking_checkin":
      return "Check-in";
    case "grooming_walk_in":
      return "Encaixe no balcão";
    case "grooming_booking_reschedule":
      return "Remarcado";
    case "grooming_release_contact":
      return "Pedidos de horário do mesmo contato liberados";
    default:
      return auditActionLabel(action);
  }
}

/** The staff's changes of these bookings, oldest first. */
export const bookingHistories = staffHistoryReader("agendamento", actionText);
