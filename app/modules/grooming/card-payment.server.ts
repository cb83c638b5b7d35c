// A grooming booking's final price paid by card online (issue 43 point 3, decision 0091),
// through the same Checkout Pro as the store's card orders (decision 0080): the status page
// sends the tutor to the provider's page (a plain redirect); the payment, born there, is kept
// only when its reference is one of our bookings, for its final price, by card. The charge is
// a `cobrancas` row of the booking, so "Pago", the agenda, the counter and the day close read
// it as they read the booking's Pix (decision 0088).

import { eq, inArray } from "drizzle-orm";
import {
  acceptSearchedPayments,
  applyBookingCardCharge,
  bookingCounterPayments,
  bookingHasPreference,
  bookingsWithPreferenceSince,
  type Cobranca,
  CobrancaError,
  cardCobrancasOf,
  cardOnlineOffered,
  createBookingCardPreference,
  PaymentProviderError,
  type ProviderCobranca,
  pixOnlineOffered,
  recordCardCobranca,
  refundOverInstallments,
} from "~/modules/payments/index.server";
import { getSettings } from "~/modules/shop/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { now as clockNow } from "~/platform/clock.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { payable, payableBooking } from "./online-payment.server";
import { type Agendamento, agendamentos } from "./tables.server";

/** The booking's card block on its status page (null: not offered, or paid otherwise). */
export type BookingCardView =
  | { estado: "oferecido" }
  | { estado: "analise" }
  | { estado: "recusado"; motivo: string | null; pix: boolean }
  | { estado: "aprovado"; parcelas: number | null };

const CARD_BOOKING_MESSAGES = {
  parcelas: "O pagamento foi feito em mais parcelas do que a loja aceita e foi estornado.",
  indisponivel: "Pagamento com cartão indisponível no momento: pague com Pix ou na retirada",
} as const;

/** What the status page says of the card: offered, in analysis, refused, approved. */
export async function bookingCardView(
  a: Agendamento,
  paid: { online?: boolean; metodo: string } | undefined,
): Promise<BookingCardView | null> {
  const charges = await cardCobrancasOf({ agendamentoId: a.id });
  if (paid) {
    const card = charges.find((c) => c.status === "paga");
    return paid.online && card ? { estado: "aprovado", parcelas: card.parcelas } : null;
  }
  const settings = await getSettings();
  if (!payable(a) || !a.email || !cardOnlineOffered(settings)) return null;
  const latest = charges[0];
  if (latest?.status === "pendente") return { estado: "analise" };
  if (latest && latest.status !== "paga") {
    return {
      estado: "recusado",
      motivo: latest.status === "reembolsada" ? CARD_BOOKING_MESSAGES.parcelas : null,
      pix: pixOnlineOffered(settings),
    };
  }
  return { estado: "oferecido" };
}

/** The status page the provider sends the tutor back to (with the booking's secret link). */
const returnPath = (numero: string, token: string) =>
  `/servicos/agendamento/${numero}?token=${encodeURIComponent(token)}`;

/**
 * "Pagar com cartão" (or "Tentar de novo", `novo`): the provider's page for the booking's
 * final price, the server's. A double click lands on the same checkout.
 */
export async function payBookingByCard(
  numero: string,
  token: string,
  options: { novo?: boolean; origem?: string | null } = {},
): Promise<
  { ok: true; url: string } | { ok: false; status: 404 | 409 | 422 | 503; message: string }
> {
  const found = await payableBooking(numero, token, cardOnlineOffered);
  if (!found.ok) return found;
  const a = found.agendamento;
  const open = (await cardCobrancasOf({ agendamentoId: a.id })).some(
    (c) => c.status === "pendente",
  );
  if (open) return { ok: false, status: 409, message: "Há um pagamento com cartão em análise" };
  try {
    const preference = await createBookingCardPreference(
      {
        id: a.id,
        numero: a.numero,
        valor: a.precoFinal!,
        nomeTutor: a.nomeTutor,
        email: found.email,
      },
      { novo: options.novo, voltarPara: returnPath(a.numero, token), origem: options.origem },
      clockNow,
    );
    return { ok: true, url: preference.initPoint };
  } catch (error) {
    if (error instanceof CobrancaError || error instanceof PaymentProviderError) {
      logger.warn({ err: error, agendamento: a.numero }, "checkout do cartão do agendamento");
      return { ok: false, status: 503, message: CARD_BOOKING_MESSAGES.indisponivel };
    }
    throw error;
  }
}

/**
 * A card payment read from the provider whose reference is not an order: kept when it names
 * one of our bookings sent to the provider's page, for its final price. Two processes with
 * the same notification write one charge (unique id) and move it once (row lock).
 */
export async function acceptBookingCardPayment(
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
): Promise<"ignorada" | "desconhecida" | "sem_mudanca" | "atualizada" | "estornada"> {
  if (charge.meio !== "cartao" || !charge.referencia) return "ignorada";
  const [a] = await db()
    .select()
    .from(agendamentos)
    .where(eq(agendamentos.numero, charge.referencia));
  if (!a || a.precoFinal !== charge.valor || !(await bookingHasPreference(a.id))) {
    logger.warn(
      { pagamento: charge.externoId, referencia: charge.referencia },
      "pagamento de cartão sem agendamento correspondente; ignorado",
    );
    return "ignorada";
  }
  await recordCardCobranca(db(), { agendamentoId: a.id }, provedor, charge);
  const over = await refundOverInstallments(charge);
  if (over) {
    await logAudit({
      action: "payment_refused_installments",
      resourceType: "agendamento",
      resourceId: a.id,
      details: { numero: a.numero, cobranca_externa: charge.externoId, maximo: over.maximo },
    });
    await applyBookingCardCharge(provedor, over.refunded);
    return "estornada";
  }
  return applyBookingCardCharge(provedor, charge);
}

/**
 * Reads the card payments the provider holds on the booking's number and applies each (the
 * return from the provider's page, the reconciliation). Never trusts the query string.
 */
export async function syncBookingCard(a: Pick<Agendamento, "id" | "numero">): Promise<number> {
  if (!(await bookingHasPreference(a.id))) return 0;
  return acceptSearchedPayments(a.numero, acceptBookingCardPayment);
}

/** How far back the reconciliation asks about bookings sent to the provider's page. */
const SYNC_WINDOW_MS = 3 * 24 * 3600_000;

/**
 * The reconciliation of bookings' card payments: the unpaid ones sent to the provider's page
 * lately are searched by number, so a payment whose notification was lost still counts.
 */
export async function syncOpenBookingCards(now = clockNow(), limit = 20): Promise<number> {
  const sent = await bookingsWithPreferenceSince(new Date(now.getTime() - SYNC_WINDOW_MS));
  if (sent.length === 0) return 0;
  const paid = await bookingCounterPayments(sent);
  const open = await db()
    .select({ id: agendamentos.id, numero: agendamentos.numero })
    .from(agendamentos)
    .where(
      inArray(
        agendamentos.id,
        sent.filter((id) => !paid.has(id)),
      ),
    );
  let changed = 0;
  for (const a of open.slice(0, limit)) {
    try {
      changed += await syncBookingCard(a);
    } catch (error) {
      logger.warn({ err: error, agendamento: a.numero }, "reconciliação do cartão: falha");
    }
  }
  return changed;
}
