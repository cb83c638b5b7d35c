// Which e-mails a grooming booking sends (issue 28): named in the booking's events, which the
// mail module queues in the same transaction as the booking or its change (kind, recipient,
// booking id; decision 0061), rendered later by the worker (booking-email-templates.server.tsx). Only bookings with an e-mail get them; the
// staff's WhatsApp links stay for everyone else.

import { consentRevoked } from "~/modules/customers/index.server";
import { runSql, type Tx } from "~/platform/db/client.server";
import { emit } from "~/platform/events.server";
import { type GroomingEmailKind, STATUS_EMAIL_KIND } from "./booking-email-kinds";
import { shopDayOf, shopInstant } from "./booking-rules";
import type { StatusAgendamento } from "./booking-vocabulary";
import type { Agendamento } from "./tables.server";

/** Tells the others a booking changed (`agendamento.status`), with its e-mail if it has one. */
export async function queueBookingEmail(
  tx: Tx,
  booking: Pick<Agendamento, "id" | "email">,
  tipo: GroomingEmailKind | undefined,
  options: { dados?: Record<string, string>; origem?: string | null } = {},
): Promise<void> {
  await emit(tx, {
    tipo: "agendamento.status",
    resourceType: "agendamento",
    resourceId: booking.id,
    emails:
      tipo && booking.email
        ? [
            {
              tipo,
              destinatario: booking.email,
              dados: options.dados ?? null,
              origem: options.origem ?? null,
            },
          ]
        : [],
  });
}

/** Tells the others of a staff status change, with the e-mail it sends if any. */
export async function queueStatusEmail(
  tx: Tx,
  booking: Pick<Agendamento, "id" | "email">,
  status: StatusAgendamento,
  dados?: Record<string, string>,
): Promise<void> {
  await queueBookingEmail(tx, booking, STATUS_EMAIL_KIND[status], { dados });
}

/** From this hour of the day before (São Paulo), tomorrow's bookings get their reminder. */
const REMINDER_FROM = "09:00";

/**
 * Marks tomorrow's bookings (on the shop's calendar) that still hold a place and have an
 * e-mail as reminded, and queues their reminder, in one transaction: run by every instance,
 * each booking is reminded once (the mark is taken by one update). A booking made after the
 * reminders' hour of the day before needs none: its confirmation just said it all.
 */
export async function queueReminders(tx: Tx, at: Date): Promise<number> {
  const today = shopDayOf(at);
  const from = shopInstant(today, REMINDER_FROM);
  if (at < from) return 0;
  const tomorrow = new Date(`${today}T12:00:00Z`);
  tomorrow.setUTCDate(tomorrow.getUTCDate() + 1);
  const rows = await runSql<{ id: string; email: string }>(
    tx,
    `update agendamentos set lembrete_em = $1
      where data = $2::date and status in ('solicitado', 'confirmado') and email is not null
        and lembrete_em is null and created_at < $3
      returning id, email`,
    [at, tomorrow.toISOString().slice(0, 10), from],
    "agendamentos_lembrete",
  );
  for (const r of rows) {
    // Marked as handled either way: a tutor who turned reminders off gets none (decision 0075).
    if (await consentRevoked(r.email, "agendamentos", tx)) continue;
    await emit(tx, {
      tipo: "agendamento.lembrete",
      resourceType: "agendamento",
      resourceId: r.id,
      emails: [{ tipo: "agendamento_lembrete", destinatario: r.email }],
    });
  }
  return rows.length;
}
