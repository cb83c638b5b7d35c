// A grooming booking's final price paid by card online (issue 43 point 3, decision 0091),
// through the same Checkout Pro as the store's card orders (decision 0080): the status page
// sends the tutor to the provider's page (a plain redirect); the payment, born there, is kept
// only when its reference is one of our bookings, for its final price, by card. The charge is
// a `cobrancas` row of the booking, so "Pago", the agenda, the counter and the day close read
// it as they read the booking's Pix (decision 0088). A package of baths bought by card
// (decision 0092) goes the same way, its reference the package's.

import { and, eq, inArray } from "drizzle-orm";
import {
  acceptSearchedPayments,
  applyBookingCardCharge,
  bookingCounterPayments,
  bookingHasPreference,
  bookingsWithPreferenceSince,
  type Cobranca,
  cardCobrancasOf,
  cardOnlineOffered,
  createBookingCardPreference,
  latestPackagePreference,
  type ProviderCobranca,
  packageReference,
  packagesWithPreferenceSince,
  pixOnlineOffered,
  recordCardCobranca,
  refundOverInstallments,
} from "~/modules/payments/index.server";
import { getSettings } from "~/modules/shop/index.server";
import { logAudit } from "~/platform/admin/audit.server";
import { now as clockNow } from "~/platform/clock.server";
import { db } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { payable, payableBooking, startAtProvider } from "./online-payment.server";
import { type Agendamento, agendamentos, pacotesPet } from "./tables.server";

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
  return startAtProvider(
    a.numero,
    "checkout do cartão do agendamento",
    CARD_BOOKING_MESSAGES.indisponivel,
    async () => {
      const preference = await createBookingCardPreference(
        found.charge,
        { novo: options.novo, voltarPara: returnPath(a.numero, token), origem: options.origem },
        clockNow,
      );
      return { ok: true, url: preference.initPoint } as const;
    },
  );
}

type CardAnswer = "ignorada" | "desconhecida" | "sem_mudanca" | "atualizada" | "estornada";

/**
 * A card payment read from the provider whose reference is not an order's: a package's
 * (decision 0092) or a booking's. The route of the webhook hands these to grooming.
 */
export async function acceptGroomingCardPayment(
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
): Promise<CardAnswer> {
  return charge.referencia && isPackageReference(charge.referencia)
    ? acceptPackageCardPayment(provedor, charge)
    : acceptBookingCardPayment(provedor, charge);
}

/**
 * A card payment read from the provider whose reference is not an order: kept when it names
 * one of our bookings sent to the provider's page, for its final price.
 */
async function acceptBookingCardPayment(
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
): Promise<CardAnswer> {
  if (charge.meio !== "cartao" || !charge.referencia) return "ignorada";
  const [a] = await db()
    .select()
    .from(agendamentos)
    .where(eq(agendamentos.numero, charge.referencia));
  return settleGroomingCard(
    provedor,
    charge,
    "agendamento",
    a && {
      owner: { agendamentoId: a.id },
      valor: a.precoFinal,
      sent: () => bookingHasPreference(a.id),
      audited: { resourceType: "agendamento", resourceId: a.id, details: { numero: a.numero } },
    },
  );
}

const PACKAGE_REFERENCE = /^PCT-([0-9a-f-]{36})$/i;
const isPackageReference = (referencia: string) => PACKAGE_REFERENCE.test(referencia);

/**
 * A card payment on a package's reference (decision 0092): kept when the package was sent to
 * the provider's page and the amount is its price (the server's); the charge's move
 * activates it once ('pacote_banho.pagamento').
 */
async function acceptPackageCardPayment(
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
): Promise<CardAnswer> {
  const id = PACKAGE_REFERENCE.exec(charge.referencia ?? "")?.[1];
  if (charge.meio !== "cartao" || !id) return "ignorada";
  const [pacote] = await db().select().from(pacotesPet).where(eq(pacotesPet.id, id));
  return settleGroomingCard(
    provedor,
    charge,
    "pacote",
    pacote && {
      owner: { pacotePetId: pacote.id },
      valor: pacote.preco,
      sent: async () => (await latestPackagePreference(pacote.id)) !== null,
      audited: {
        resourceType: "pacote_pet",
        resourceId: pacote.id,
        details: { pacote: pacote.nome },
      },
    },
  );
}

/**
 * The card charge of the booking or package the payment names, when that one was sent to the
 * provider's page and the amount is its price: written once (unique id; two processes with the
 * same notification write one row) and moved as the provider says (row lock, forward only).
 * Installments above the owner's limit are refunded, never taken as payment.
 */
async function settleGroomingCard(
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
  what: string,
  match:
    | {
        owner: { agendamentoId: string } | { pacotePetId: string };
        valor: number | null;
        sent: () => Promise<boolean>;
        audited: { resourceType: string; resourceId: string; details: Record<string, unknown> };
      }
    | undefined,
): Promise<CardAnswer> {
  if (!match || match.valor !== charge.valor || !(await match.sent())) {
    logger.warn(
      { pagamento: charge.externoId, referencia: charge.referencia },
      `pagamento de cartão sem ${what} correspondente; ignorado`,
    );
    return "ignorada";
  }
  await recordCardCobranca(db(), match.owner, provedor, charge);
  const over = await refundOverInstallments(charge);
  if (over) {
    await logAudit({
      action: "payment_refused_installments",
      resourceType: match.audited.resourceType,
      resourceId: match.audited.resourceId,
      details: {
        ...match.audited.details,
        cobranca_externa: charge.externoId,
        maximo: over.maximo,
      },
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

/** Reads the card payments the provider holds on a package sent to its page, and applies each. */
export async function syncPackageCard(pacotePetId: string): Promise<number> {
  if (!(await latestPackagePreference(pacotePetId))) return 0;
  return acceptSearchedPayments(packageReference(pacotePetId), acceptPackageCardPayment);
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

/**
 * The same for packages bought by card (decision 0092): the ones still waiting for payment
 * that were sent to the provider's page lately are searched by their reference.
 */
export async function syncOpenPackageCards(now = clockNow(), limit = 20): Promise<number> {
  const sent = await packagesWithPreferenceSince(new Date(now.getTime() - SYNC_WINDOW_MS));
  if (sent.length === 0) return 0;
  const waiting = await db()
    .select({ id: pacotesPet.id })
    .from(pacotesPet)
    .where(and(inArray(pacotesPet.id, sent), eq(pacotesPet.aguardandoPagamento, true)));
  let changed = 0;
  for (const p of waiting.slice(0, limit)) {
    try {
      changed += await syncPackageCard(p.id);
    } catch (error) {
      logger.warn({ err: error, pacote: p.id }, "reconciliação do cartão do pacote: falha");
    }
  }
  return changed;
}
