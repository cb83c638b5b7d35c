// Which e-mails a grooming booking sends (issue 28): queued in the mail outbox in the same
// transaction as the booking or its change (kind, recipient, booking id), rendered later by
// the worker (booking-email-templates.server.tsx). Only bookings with an e-mail get them; the
// staff's WhatsApp links stay for everyone else.

import { enqueueEmails } from "~/modules/mail/index.server";
import { runSql, type Tx } from "~/platform/db/client.server";
import { type GroomingEmailKind, STATUS_EMAIL_KIND } from "./booking-email-kinds";
import { shopDayOf, shopInstant } from "./booking-rules";
import type { StatusAgendamento } from "./booking-vocabulary";
import type { Agendamento } from "./tables.server";

/** Queues one message about a booking, when it has an e-mail. */
export async function queueBookingEmail(
  tx: Tx,
  booking: Pick<Agendamento, "id" | "email">,
  tipo: GroomingEmailKind,
  options: { dados?: Record<string, string>; origem?: string | null } = {},
): Promise<void> {
  if (!booking.email) return;
  await enqueueEmails(tx, [
    {
      tipo,
      destinatario: booking.email,
      resourceType: "agendamento",
      resourceId: booking.id,
      dados: options.dados ?? null,
      origem: options.origem ?? null,
    },
  ]);
}

/** Queues the e-mail a staff status change sends, if it sends one. */
export async function queueStatusEmail(
  tx: Tx,
  booking: Pick<Agendamento, "id" | "email">,
  status: StatusAgendamento,
  dados?: Record<string, string>,
): Promise<void> {
  const tipo = STATUS_EMAIL_KIND[status];
  if (tipo) await queueBookingEmail(tx, booking, tipo, { dados });
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
  await enqueueEmails(
    tx,
    rows.map((r) => ({
      tipo: "agendamento_lembrete",
      destinatario: r.email,
      resourceType: "agendamento",
      resourceId: r.id,
    })),
  );
  return rows.length;
}
