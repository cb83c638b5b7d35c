// Card online through Mercado Pago Checkout Pro (decision 0080). The customer pays on the
// provider's hosted page, reached through a preference made here; the payment's id is born
// there, so a card charge (`cobrancas` row, meio 'cartao') is written only once the provider
// is read and the payment's external_reference names one of our card orders. Orders decides
// which order that is; nothing here reads or writes `pedidos`.
import { and, asc, count, desc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import { db, type Executor, transaction } from "~/platform/db/client.server";
import { env } from "~/platform/env.server";
import { advanceCobranca, CobrancaError, currentProvider } from "./cobrancas.server";
import { mercadoPagoProvider } from "./mercadopago.server";
import type { ProviderCobranca } from "./provider.server";
import { getPaymentConfig } from "./settings.server";
import { type Cobranca, cobrancas, type Preferencia, preferencias } from "./tables.server";

const CARD_MESSAGES = {
  indisponivel: "Pagamento com cartão indisponível no momento",
  prazo: "O prazo para pagar este pedido terminou",
} as const;

/** What a card checkout needs of its order (read by orders as it stands now). */
export interface CardOrder {
  id: string;
  numeroPedido: string;
  /** Centavos. */
  total: number;
  clienteNome: string;
  clienteEmail: string | null;
  createdAt: Date;
  itens: { titulo: string; quantidade: number; precoUnitario: number }[];
}

/**
 * Whose card checkout: a store order's, a grooming booking's final price (decision 0091), or
 * a package of baths bought online (decision 0092).
 */
type CheckoutOwner = { pedidoId: string } | { agendamentoId: string } | { pacotePetId: string };

/** The owner's rows in `preferencias` or `cobrancas` (same column names in both). */
const ownerIn = (table: typeof preferencias | typeof cobrancas, owner: CheckoutOwner) =>
  "pedidoId" in owner
    ? eq(table.pedidoId, owner.pedidoId)
    : "agendamentoId" in owner
      ? eq(table.agendamentoId, owner.agendamentoId)
      : eq(table.pacotePetId, owner.pacotePetId);

const ownerIs = (owner: CheckoutOwner) => ownerIn(preferencias, owner);

/** The newest card checkout of the order or booking, if any. */
async function latestPreference(
  owner: CheckoutOwner,
  executor: Executor = db(),
): Promise<Preferencia | null> {
  const [row] = await executor
    .select()
    .from(preferencias)
    .where(ownerIs(owner))
    .orderBy(desc(preferencias.createdAt), desc(preferencias.id))
    .limit(1);
  return row ?? null;
}

/**
 * The order's payment deadline: its first checkout's end; before any, the order's creation
 * plus the online payment time the owner set (the same as Pix's).
 */
export async function cardDeadline(
  pedido: { id: string; createdAt: Date },
  executor: Executor = db(),
  minutes?: number,
): Promise<Date> {
  const [first] = await executor
    .select({ expiraEm: preferencias.expiraEm })
    .from(preferencias)
    .where(eq(preferencias.pedidoId, pedido.id))
    .orderBy(asc(preferencias.createdAt))
    .limit(1);
  if (first) return first.expiraEm;
  const m = minutes ?? (await getPaymentConfig(executor)).expiracaoMinutos;
  return new Date(pedido.createdAt.getTime() + m * 60_000);
}

/**
 * The provider's items: the order's lines when they (with the delivery as a line) add up to
 * the total; else one line for the whole order, since a discount cannot be a negative item.
 */
function itemsFor(pedido: CardOrder) {
  const sum = pedido.itens.reduce((acc, i) => acc + i.quantidade * i.precoUnitario, 0);
  const lines = pedido.itens.filter((i) => i.quantidade > 0 && i.precoUnitario > 0);
  if (lines.length > 0 && lines.length <= 50 && sum === pedido.total) return lines;
  if (lines.length > 0 && sum < pedido.total && lines.length < 50) {
    return [
      ...lines,
      { titulo: "Taxa de entrega", quantidade: 1, precoUnitario: pedido.total - sum },
    ];
  }
  return [
    {
      titulo: `Pedido ${pedido.numeroPedido} - Agropet Litoral`,
      quantidade: 1,
      precoUnitario: pedido.total,
    },
  ];
}

/** Where the checkout returns to and whether the customer asked for a new one. */
interface CheckoutRequest {
  /** After a refusal ("Tentar de novo"): open another instead of reusing the newest. */
  novo?: boolean;
  voltarPara: string;
  origem?: string | null;
}

/**
 * The order's card checkout: the newest one while it lasts, else (or when the customer asks
 * to try again) a new one. Keyed by the order and its sequence number: a retry after a lost
 * answer, or a double click, lands on the same preference.
 */
export async function createCardPreference(
  pedido: CardOrder,
  options: CheckoutRequest,
  now: () => Date = () => new Date(),
): Promise<Preferencia> {
  return openPreference(
    { pedidoId: pedido.id },
    {
      ...options,
      chave: `preferencia-${pedido.id}`,
      email: pedido.clienteEmail,
      nome: pedido.clienteNome,
      referencia: pedido.numeroPedido,
      itens: () => itemsFor(pedido),
      deadline: (minutes) => cardDeadline(pedido, db(), minutes),
      reuse: () => !options.novo,
    },
    now,
  );
}

/** What a grooming booking's card checkout needs (grooming read it as it stands now). */
export interface CardBooking {
  id: string;
  numero: string;
  /** The final price set at check-in, centavos. */
  valor: number;
  nomeTutor: string;
  email: string;
}

/** How long a booking's or a package's checkout lasts: the tutor pays before fetching the pet. */
const PRICED_CHECKOUT_MS = 24 * 3600_000;

/**
 * The booking's card checkout (decision 0091): the newest one while it lasts and is for the
 * same price, else (or on "Tentar de novo") a new one. Its reference is the booking's number.
 */
export async function createBookingCardPreference(
  booking: CardBooking,
  options: CheckoutRequest,
  now: () => Date = () => new Date(),
): Promise<Preferencia> {
  return pricedPreference(
    { agendamentoId: booking.id },
    {
      chave: `preferencia-agendamento-${booking.id}`,
      titulo: `Banho e tosa ${booking.numero} - Agropet Litoral`,
      referencia: booking.numero,
      valor: booking.valor,
      nome: booking.nomeTutor,
      email: booking.email,
    },
    options,
    now,
  );
}

/**
 * One item for one price, lasting a day: a booking's checkout, or a package's bought online
 * (decision 0092, its reference the package's as its Pix's). The newest one is reused while it
 * lasts and is for the same price; `novo` (after a refusal) opens another.
 */
export async function pricedPreference(
  owner: { agendamentoId: string } | { pacotePetId: string },
  what: {
    chave: string;
    titulo: string;
    referencia: string;
    valor: number;
    nome: string;
    email: string;
  },
  options: CheckoutRequest,
  now: () => Date,
): Promise<Preferencia> {
  const at = now();
  return openPreference(
    owner,
    {
      ...options,
      chave: what.chave,
      email: what.email,
      nome: what.nome,
      referencia: what.referencia,
      valor: what.valor,
      itens: () => [{ titulo: what.titulo, quantidade: 1, precoUnitario: what.valor }],
      deadline: async () => new Date(at.getTime() + PRICED_CHECKOUT_MS),
      reuse: (current) => !options.novo && current.valor === what.valor && current.expiraEm > at,
    },
    now,
  );
}

interface PreferenceSpec extends Omit<CheckoutRequest, "novo"> {
  /** The idempotency key's stem; the sequence number follows it. */
  chave: string;
  email: string | null;
  nome: string;
  referencia: string;
  valor?: number;
  itens: () => { titulo: string; quantidade: number; precoUnitario: number }[];
  deadline: (minutes: number) => Promise<Date>;
  /** Whether the newest checkout still serves. */
  reuse: (current: Preferencia) => boolean;
}

async function openPreference(
  owner: CheckoutOwner,
  spec: PreferenceSpec,
  now: () => Date,
): Promise<Preferencia> {
  const config = await getPaymentConfig();
  if (!config.ativo || !config.cartao.ativo || !config.accessToken || !spec.email) {
    throw new CobrancaError(CARD_MESSAGES.indisponivel);
  }
  const provider = mercadoPagoProvider({
    accessToken: config.accessToken,
    webhookSecret: config.webhookSecret,
    apiUrl: config.apiUrl,
  });
  const at = now();
  const deadline = await spec.deadline(config.expiracaoMinutos);
  if (deadline <= at) throw new CobrancaError(CARD_MESSAGES.prazo);
  const current = await latestPreference(owner);
  if (current && spec.reuse(current)) return current;
  const [{ n }] = (await db().select({ n: count() }).from(preferencias).where(ownerIs(owner))) as [
    { n: number },
  ];
  const idempotencyKey = `${spec.chave}-${Number(n) + 1}`;
  // The provider needs absolute addresses: the site's public URL, else the one the customer used.
  const base = env().PUBLIC_URL || spec.origem || null;
  const preference = await provider.createPreference({
    itens: spec.itens(),
    referencia: spec.referencia,
    pagador: { email: spec.email, nome: spec.nome },
    voltarPara: base ? new URL(spec.voltarPara, base).toString() : spec.voltarPara,
    parcelasMax: config.cartao.parcelasMax,
    expiraEm: deadline,
    idempotencyKey,
    notificationUrl: base ? new URL("/webhooks/mercadopago", base).toString() : null,
  });
  await db()
    .insert(preferencias)
    .values({
      ...owner,
      valor: spec.valor ?? null,
      provedor: provider.nome,
      externoId: preference.externoId,
      initPoint: preference.initPoint,
      idempotencyKey,
      expiraEm: deadline,
      createdAt: at,
    })
    // Two requests at once with the same key: the first insert stands.
    .onConflictDoNothing();
  const [row] = await db()
    .select()
    .from(preferencias)
    .where(eq(preferencias.idempotencyKey, idempotencyKey));
  return row!;
}

/**
 * Writes the card charge of a payment read from the provider, for the order orders matched
 * it to (same reference, card order, same total). Idempotent: two processes handling the
 * same notification write one row; the charge starts 'pendente' and is moved to what the
 * provider says by advanceCobranca, like any other.
 */
export async function recordCardCobranca(
  executor: Executor,
  owner: string | CheckoutOwner,
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
): Promise<void> {
  await executor
    .insert(cobrancas)
    .values({
      ...(typeof owner === "string" ? { pedidoId: owner } : owner),
      provedor,
      meio: "cartao",
      parcelas: charge.parcelas,
      externoId: charge.externoId,
      idempotencyKey: `pagamento-${provedor}-${charge.externoId}`,
      status: "pendente",
      statusProvedor: "novo",
      valor: charge.valor,
    })
    .onConflictDoNothing();
}

/** The card charges of the order (its id) or of the booking, newest first. */
export async function cardCobrancasOf(owner: string | CheckoutOwner, executor: Executor = db()) {
  const of = typeof owner === "string" ? { pedidoId: owner } : owner;
  return executor
    .select()
    .from(cobrancas)
    .where(and(ownerIn(cobrancas, of), eq(cobrancas.meio, "cartao")))
    .orderBy(desc(cobrancas.createdAt), desc(cobrancas.id));
}

/**
 * Reads the payments the provider holds on this reference, oldest first, and hands each to
 * `accept` (the owner's matching: an order's or a booking's). Returns how many changed.
 */
export async function acceptSearchedPayments(
  referencia: string,
  accept: (provedor: Cobranca["provedor"], charge: ProviderCobranca) => Promise<string>,
): Promise<number> {
  const provider = await currentProvider();
  if (!provider) return 0;
  const payments = await provider.searchPayments(referencia);
  let changed = 0;
  for (const charge of payments.reverse()) {
    const result = await accept(provider.nome, charge);
    if (result === "atualizada" || result === "estornada") changed++;
  }
  return changed;
}

/** Which of these orders have a card checkout (their customer went to the provider's page). */
export async function withPreference(pedidoIds: string[]): Promise<string[]> {
  if (pedidoIds.length === 0) return [];
  const rows = await db()
    .selectDistinct({ pedidoId: preferencias.pedidoId })
    .from(preferencias)
    .where(inArray(preferencias.pedidoId, pedidoIds));
  return rows.flatMap((r) => (r.pedidoId ? [r.pedidoId] : []));
}

/** The bookings sent to the provider's page since `since` (the reconciliation asks of them). */
export const bookingsWithPreferenceSince = (since: Date) =>
  ownersWithPreferenceSince(preferencias.agendamentoId, since);

/** The packages sent to the provider's page since `since` (the reconciliation asks of them). */
export const packagesWithPreferenceSince = (since: Date) =>
  ownersWithPreferenceSince(preferencias.pacotePetId, since);

async function ownersWithPreferenceSince(
  column: typeof preferencias.agendamentoId | typeof preferencias.pacotePetId,
  since: Date,
): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ owner: column })
    .from(preferencias)
    .where(and(isNotNull(column), gte(preferencias.createdAt, since)));
  return rows.flatMap((r) => (r.owner ? [r.owner] : []));
}

/** Whether the booking's tutor was sent to the provider's page. */
export async function bookingHasPreference(agendamentoId: string): Promise<boolean> {
  return (await latestPreference({ agendamentoId })) !== null;
}

/** The newest card checkout of a package bought online, if any (its price is `valor`). */
export async function latestPackagePreference(pacotePetId: string): Promise<Preferencia | null> {
  return latestPreference({ pacotePetId });
}

/**
 * A card paid in more installments than the owner allows (the provider's page bypassed) is
 * not payment: refunded at the provider; the refunded charge is returned to be applied.
 * null when within the limit (or the provider is off).
 */
export async function refundOverInstallments(
  charge: ProviderCobranca,
): Promise<{ refunded: ProviderCobranca; maximo: number } | null> {
  const { cartao } = await getPaymentConfig();
  if (charge.status !== "paga" || (charge.parcelas ?? 1) <= cartao.parcelasMax) return null;
  const provider = await currentProvider();
  if (!provider) return null;
  const refunded = await provider.refundCobranca(
    charge.externoId,
    `estorno-parcelas-${charge.externoId}`,
  );
  return { refunded, maximo: cartao.parcelasMax };
}

/**
 * Moves a booking's or a package's card charge as the provider says (locked, forward only);
 * the move tells grooming through 'agendamento.pagamento' or 'pacote_banho.pagamento' in the
 * same transaction.
 */
export async function applyBookingCardCharge(
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
): Promise<"desconhecida" | "sem_mudanca" | "atualizada"> {
  return (await transaction((tx) => advanceCobranca(tx, provedor, charge))).result;
}
