// A grooming booking paid online (issue 43 point 3, decision 0088): once check-in set its final
// price, the tutor's status page (the "Pronto para buscar" e-mail links to it) offers Pix
// through the shop's provider. The charge is the payments module's (a `cobrancas` row of the
// booking); its news (webhook, reconciliation) reaches grooming as the event
// 'agendamento.pagamento', emitted in the transaction that moved the charge. "Pago" is read
// from the payments module (bookingCounterPayments), so the agenda, the tutor's page and the
// counter's "already paid" all see one payment, recorded once.
import { eq, inArray } from "drizzle-orm";
import QRCode from "qrcode";
import {
  bookingCounterPayments,
  CobrancaError,
  createBookingPixCobranca,
  latestBookingCobranca,
  PaymentProviderError,
  pixOnlineOffered,
} from "~/modules/payments/index.server";
import { getSettings } from "~/modules/shop/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { now as clockNow } from "~/platform/clock.server";
import { db, type Executor } from "~/platform/db/client.server";
import type { DomainEvent } from "~/platform/event-types.server";
import { logger } from "~/platform/logger.server";
import { PAYABLE } from "./booking-rules";
import { findBookingByLink } from "./bookings.server";
import { type Agendamento, agendamentos } from "./tables.server";

const ONLINE_PAYMENT_MESSAGES = {
  naoEncontrado: "Agendamento não encontrado",
  semPreco: "O valor final sai no check-in: o pagamento online abre depois dele",
  jaPago: "Este agendamento já está pago",
  encerrado: "Este agendamento foi encerrado sem atendimento: não há o que pagar",
  semEmail: "Informe um e-mail para pagar online",
  indisponivel: "Pagamento online indisponível no momento: pague na retirada do pet",
} as const;

/** The booking's online Pix block on its status page (null: not offered). */
export type BookingPixView =
  | { estado: "oferecido" }
  | { estado: "pendente"; copiaECola: string; qrSvg: string; expiraEm: string | null };

/** Whether the booking can be paid online now (it is not yet paid: the caller checked). */
export function payable(a: Agendamento): boolean {
  return PAYABLE.includes(a.status) && a.precoFinal !== null && a.precoFinal > 0;
}

/** What the status page offers to pay online; null when paid, not payable or Pix is off. */
export async function bookingPixView(
  a: Agendamento,
  paid: boolean,
  now = new Date(),
): Promise<BookingPixView | null> {
  if (paid || !payable(a) || !pixOnlineOffered(await getSettings())) return null;
  const charge = await latestBookingCobranca(a.id);
  if (
    charge?.meio === "pix" &&
    charge.status === "pendente" &&
    charge.qrCode &&
    charge.valor === a.precoFinal &&
    (!charge.expiraEm || charge.expiraEm > now)
  ) {
    // Made here from the copia e cola, as on the order page: no image from the provider.
    const qrSvg = await QRCode.toString(charge.qrCode, {
      type: "svg",
      margin: 1,
      errorCorrectionLevel: "M",
    });
    return {
      estado: "pendente",
      copiaECola: charge.qrCode,
      qrSvg,
      expiraEm: charge.expiraEm?.toISOString() ?? null,
    };
  }
  return { estado: "oferecido" };
}

type PayFailure = { ok: false; status: 404 | 409 | 422 | 503; message: string };

type BookingCharge = Parameters<typeof createBookingPixCobranca>[0];

/**
 * The booking behind the link when it can be paid online now, with what the provider is asked
 * to charge (its final price, the server's); else why not.
 */
export async function payableBooking(
  numero: string,
  token: string,
  offered: (settings: Awaited<ReturnType<typeof getSettings>>) => boolean,
): Promise<{ ok: true; agendamento: Agendamento; charge: BookingCharge } | PayFailure> {
  const found = await findBookingByLink(numero, token);
  if (!found) return { ok: false, status: 404, message: ONLINE_PAYMENT_MESSAGES.naoEncontrado };
  const a = found.agendamento;
  if (a.status === "cancelado" || a.status === "nao_compareceu") {
    return { ok: false, status: 422, message: ONLINE_PAYMENT_MESSAGES.encerrado };
  }
  if (!payable(a)) return { ok: false, status: 422, message: ONLINE_PAYMENT_MESSAGES.semPreco };
  if ((await bookingCounterPayments([a.id])).has(a.id)) {
    return { ok: false, status: 409, message: ONLINE_PAYMENT_MESSAGES.jaPago };
  }
  if (!a.email) return { ok: false, status: 422, message: ONLINE_PAYMENT_MESSAGES.semEmail };
  if (!offered(await getSettings())) {
    return { ok: false, status: 503, message: ONLINE_PAYMENT_MESSAGES.indisponivel };
  }
  const charge = {
    id: a.id,
    numero: a.numero,
    valor: a.precoFinal!,
    nomeTutor: a.nomeTutor,
    email: a.email,
  };
  return { ok: true, agendamento: a, charge };
}

/**
 * Starts a booking's payment at the provider (`start`): a provider down or refusing is logged
 * as `log` with the booking's number, and the tutor hears `message` (503).
 */
export async function startAtProvider<T>(
  numero: string,
  log: string,
  message: string,
  start: () => Promise<T>,
): Promise<T | PayFailure> {
  try {
    return await start();
  } catch (error) {
    return providerDown(error, { agendamento: numero }, log, message);
  }
}

/**
 * "Pagar com Pix" on the status page: the booking's current Pix charge or a new one, for its
 * final price (the server's). A double click or two tabs get the same charge.
 */
export async function payBookingByPix(
  numero: string,
  token: string,
): Promise<{ ok: true } | PayFailure> {
  const found = await payableBooking(numero, token, pixOnlineOffered);
  if (!found.ok) return found;
  return startAtProvider(
    found.agendamento.numero,
    "Pix do agendamento não foi criado",
    ONLINE_PAYMENT_MESSAGES.indisponivel,
    async () => {
      await createBookingPixCobranca(found.charge, clockNow);
      return { ok: true } as const;
    },
  );
}

/**
 * A payment the provider could not start (down, or it refused): logged, and the tutor hears
 * `message` (503). Any other error is a fault and goes on up.
 */
export function providerDown(
  error: unknown,
  context: Record<string, string>,
  log: string,
  message: string,
): { ok: false; status: 503; message: string } {
  if (error instanceof CobrancaError || error instanceof PaymentProviderError) {
    logger.warn({ err: error, ...context }, log);
    return { ok: false, status: 503, message };
  }
  throw error;
}

const AUDIT_ACTION: Record<string, string> = {
  paga: "booking_paid_online",
  reembolsada: "booking_refunded_online",
};

/**
 * The subscriber of 'agendamento.pagamento': the booking's charge moved (paid, refunded,
 * expired). Audited on the booking in the charge's transaction; the page and the agenda read
 * the payment itself from payments.
 */
export async function bookingChargeMoved(executor: Executor, event: DomainEvent): Promise<void> {
  const [a] = await executor
    .select({ id: agendamentos.id, numero: agendamentos.numero })
    .from(agendamentos)
    .where(eq(agendamentos.id, event.resourceId));
  if (!a) return;
  const status = event.dados?.status ?? "";
  await logAudit(
    {
      action: AUDIT_ACTION[status] ?? "booking_payment_status_update",
      resourceType: "agendamento",
      resourceId: a.id,
      details: { numero: a.numero, ...event.dados },
    },
    executor,
  );
}

/** The unit and number of these bookings, for the day close (decision 0088). */
export async function bookingUnitsOf(
  ids: readonly string[],
  executor: Executor = db(),
): Promise<Map<string, { numero: string; unidadeId: string }>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const rows = await executor
    .select({ id: agendamentos.id, numero: agendamentos.numero, unidadeId: agendamentos.unidadeId })
    .from(agendamentos)
    .where(inArray(agendamentos.id, wanted));
  return new Map(rows.map((r) => [r.id, { numero: r.numero, unidadeId: r.unidadeId }]));
}
