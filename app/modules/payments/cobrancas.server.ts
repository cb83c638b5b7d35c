// Online Pix charges: create one through the provider, move a charge forward from what
// the provider says (a notification, a reconciliation pass, a refund) and report how it
// moved, so the order it belongs to can follow (~/modules/orders/payment.server). Charges
// are this module's table; orders are not: an order comes in as the facts a charge needs,
// and nothing here reads or writes `pedidos`. A charge becomes 'paga' only from a status
// read from the provider, never from a request body.
import { and, asc, count, desc, eq, inArray, lte, or, type SQL } from "drizzle-orm";
import type { FormaPagamento, StatusPagamento, StatusPedido } from "~/domain/statuses";
import { AdminError } from "~/platform/admin/actor.server";
import { db, type Executor, type Tx } from "~/platform/db/client.server";
import { env } from "~/platform/env.server";
import { emit } from "~/platform/events.server";
import { logger } from "~/platform/logger.server";
import { markRefundRequested } from "./charge-loops.server";
import { advancesCobranca, chargeLapsed } from "./cobranca";
import { mercadoPagoProvider } from "./mercadopago.server";
import {
  InvalidNotification,
  type PaymentProvider,
  type ProviderCobranca,
} from "./provider.server";
import { getPaymentConfig, type PaymentConfig } from "./settings.server";
import { type Cobranca, cobrancas } from "./tables.server";

export const COBRANCA_MESSAGES = {
  indisponivel: "Pix automático indisponível no momento",
  pedidoNaoEncontrado: "Pedido não encontrado",
  formaErrada: "Este pedido não é pago por Pix online",
  jaPago: "Este pedido já está pago",
  cancelado: "Este pedido foi cancelado",
  semPagamento: "Este pedido não tem pagamento Pix confirmado para reembolsar",
  valorReembolso: "O valor do reembolso deve ser maior que zero e no máximo o que falta reembolsar",
} as const;

/** Thrown when a charge cannot be created; the message is for the customer or the admin. */
export class CobrancaError extends Error {}

/** The configured provider, or null when online Pix is not set up (no access token). */
function providerFor(config: PaymentConfig): PaymentProvider | null {
  if (!config.accessToken) return null;
  return mercadoPagoProvider({
    accessToken: config.accessToken,
    webhookSecret: config.webhookSecret,
    apiUrl: config.apiUrl,
  });
}

export async function currentProvider(): Promise<PaymentProvider | null> {
  return providerFor(await getPaymentConfig());
}

function notificationUrl(): string | null {
  const base = env().PUBLIC_URL;
  return base ? new URL("/webhooks/mercadopago", base).toString() : null;
}

/** The newest charge of an order or a booking, if any. */
async function newestCharge(owner: SQL | undefined): Promise<Cobranca | null> {
  const [row] = await db()
    .select()
    .from(cobrancas)
    .where(owner)
    .orderBy(desc(cobrancas.createdAt))
    .limit(1);
  return row ?? null;
}

/** The order's newest charge, if any. */
export const latestCobranca = (pedidoId: string) => newestCharge(eq(cobrancas.pedidoId, pedidoId));

/**
 * What a charge needs of its order, read by the orders module as it stands now. Stated
 * here, not taken from the orders' table: payments knows orders only through this.
 */
export interface ChargeableOrder {
  id: string;
  numeroPedido: string;
  /** Centavos. */
  total: number;
  clienteNome: string;
  formaPagamento: FormaPagamento;
  statusPagamento: StatusPagamento;
  statusPedido: StatusPedido;
}

/**
 * The order's Pix charge: the current one while it can still be paid, else a new one.
 * The idempotency key is the order id and the charge's sequence number, so a retry after
 * a lost answer (or two tabs at once) gets the same payment from the provider.
 */
export async function createPixCobranca(
  pedido: ChargeableOrder,
  pagador: { email: string; nome?: string },
  now: () => Date = () => new Date(),
  pagarAte?: Date,
): Promise<Cobranca> {
  if (pedido.formaPagamento !== "pix_mercadopago") {
    throw new CobrancaError(COBRANCA_MESSAGES.formaErrada);
  }
  if (pedido.statusPagamento === "pago") throw new CobrancaError(COBRANCA_MESSAGES.jaPago);
  if (pedido.statusPedido === "cancelado") throw new CobrancaError(COBRANCA_MESSAGES.cancelado);
  return chargePix(
    { pedidoId: pedido.id },
    {
      valor: pedido.total,
      descricao: `Pedido ${pedido.numeroPedido} - Agropet Litoral`,
      referencia: pedido.numeroPedido,
      pagador: { email: pagador.email, nome: pagador.nome ?? pedido.clienteNome },
      pagarAte,
    },
    now,
  );
}

/** Who pays a charge of one price (a booking's or a package's): the tutor, for `valor` centavos. */
interface TutorCharge {
  id: string;
  valor: number;
  nomeTutor: string;
  email: string;
}

/**
 * What a grooming booking's charge needs of it (decision 0088), as grooming reads it now:
 * grooming has checked it can be paid (final price set, not paid yet, not cancelled).
 */
export interface ChargeableBooking extends TutorCharge {
  numero: string;
}

/** The tutor's Pix charge for `owner`: the current one while it can still be paid, else a new one. */
function chargeTutorPix(
  owner: { agendamentoId: string } | { pacotePetId: string },
  tutor: TutorCharge,
  texts: { descricao: string; referencia: string },
  now: () => Date,
): Promise<Cobranca> {
  const pagador = { email: tutor.email, nome: tutor.nomeTutor };
  return chargePix(owner, { valor: tutor.valor, ...texts, pagador }, now);
}

/** The booking's Pix charge: the current one while it can still be paid, else a new one. */
export async function createBookingPixCobranca(
  booking: ChargeableBooking,
  now: () => Date = () => new Date(),
): Promise<Cobranca> {
  const descricao = `Banho e tosa ${booking.numero} - Agropet Litoral`;
  return chargeTutorPix(
    { agendamentoId: booking.id },
    booking,
    { descricao, referencia: booking.numero },
    now,
  );
}

/**
 * A package of baths bought online (decision 0091): grooming wrote it waiting for payment
 * and checked the price.
 */
export interface ChargeablePackage extends TutorCharge {
  nome: string;
}

/** The provider's reference of a package bought online (Pix and card): never an order's nor a booking's. */
export const packageReference = (pacotePetId: string) => `PCT-${pacotePetId}`;

/** The package's Pix charge: the current one while it can still be paid, else a new one. */
export async function createPackagePixCobranca(
  pacote: ChargeablePackage,
  now: () => Date = () => new Date(),
): Promise<Cobranca> {
  const descricao = `${pacote.nome} - Agropet Litoral`;
  return chargeTutorPix(
    { pacotePetId: pacote.id },
    pacote,
    { descricao, referencia: packageReference(pacote.id) },
    now,
  );
}

/** The newest Pix charge of a package bought online. */
export async function latestPackageCobranca(pacotePetId: string): Promise<Cobranca | null> {
  const [row] = await db()
    .select()
    .from(cobrancas)
    .where(and(eq(cobrancas.pacotePetId, pacotePetId), eq(cobrancas.meio, "pix")))
    .orderBy(desc(cobrancas.createdAt))
    .limit(1);
  return row ?? null;
}

type ChargeOwner = { pedidoId: string } | { agendamentoId: string } | { pacotePetId: string };

const ownerIs = (owner: ChargeOwner) =>
  "pedidoId" in owner
    ? eq(cobrancas.pedidoId, owner.pedidoId)
    : "agendamentoId" in owner
      ? eq(cobrancas.agendamentoId, owner.agendamentoId)
      : eq(cobrancas.pacotePetId, owner.pacotePetId);

const laterOf = (deadline: Date, other?: Date) => (other && other > deadline ? other : deadline);

const ownerKey = (owner: ChargeOwner) =>
  "pedidoId" in owner
    ? `pedido-${owner.pedidoId}`
    : "agendamentoId" in owner
      ? `agendamento-${owner.agendamentoId}`
      : `pacote-${owner.pacotePetId}`;

/**
 * The owner's current pending Pix charge, else a new one. The idempotency key is the owner's
 * id and the charge's sequence number, so a retry after a lost answer (or two tabs at once)
 * gets the same payment from the provider.
 */
async function chargePix(
  owner: ChargeOwner,
  what: {
    valor: number;
    descricao: string;
    referencia: string;
    pagador: { email: string; nome: string };
    /** A later deadline than the shop's minutes (a renewal's: its date); never an earlier one. */
    pagarAte?: Date;
  },
  now: () => Date,
): Promise<Cobranca> {
  const config = await getPaymentConfig();
  const provider = config.ativo ? providerFor(config) : null;
  if (!provider) throw new CobrancaError(COBRANCA_MESSAGES.indisponivel);
  const [current] = await db()
    .select()
    .from(cobrancas)
    .where(and(ownerIs(owner), eq(cobrancas.meio, "pix")))
    .orderBy(desc(cobrancas.createdAt))
    .limit(1);
  const at = now();
  if (
    current?.status === "pendente" &&
    current.valor === what.valor &&
    (!current.expiraEm || current.expiraEm > at)
  ) {
    return current;
  }
  const [{ n }] = (await db().select({ n: count() }).from(cobrancas).where(ownerIs(owner))) as [
    { n: number },
  ];
  const idempotencyKey = `${ownerKey(owner)}-${Number(n) + 1}`;
  const charge = await provider.createCobranca({
    valor: what.valor,
    descricao: what.descricao,
    referencia: what.referencia,
    pagador: what.pagador,
    expiraEm: laterOf(new Date(at.getTime() + config.expiracaoMinutos * 60_000), what.pagarAte),
    idempotencyKey,
    notificationUrl: notificationUrl(),
  });
  await db()
    .insert(cobrancas)
    .values({
      ...owner,
      provedor: provider.nome,
      externoId: charge.externoId,
      idempotencyKey,
      status: charge.status,
      statusProvedor: charge.statusProvedor,
      valor: what.valor,
      qrCode: charge.qrCode,
      qrCodeBase64: charge.qrCodeBase64,
      ticketUrl: charge.ticketUrl,
      expiraEm: charge.expiraEm,
      pagoEm: charge.pagoEm,
      createdAt: at,
      updatedAt: at,
    })
    // The same key came back with the same payment: the first insert stands.
    .onConflictDoNothing();
  const [row] = await db()
    .select()
    .from(cobrancas)
    .where(and(eq(cobrancas.provedor, provider.nome), eq(cobrancas.externoId, charge.externoId)));
  return row!;
}

/** The booking's newest online charge, if any. */
export const latestBookingCobranca = (agendamentoId: string) =>
  newestCharge(eq(cobrancas.agendamentoId, agendamentoId));

/** How a charge moved, as this module reports it to the order it belongs to. */
export type ChargeUpdate =
  | { result: "desconhecida" }
  | { result: "sem_mudanca"; cobranca: Cobranca }
  | {
      result: "atualizada";
      cobranca: Cobranca;
      at: Date;
      /** A chargeback (contestação) was first reported now. */
      contestadaAgora?: boolean;
      /** Centavos refunded by this move (a partial refund leaves the charge 'paga'). */
      reembolsadoAgora?: number;
    };

/**
 * Moves a charge to the provider's view of it, inside the caller's transaction and with
 * the charge's row locked: a charge only moves forward, a charge we did not create is
 * unknown, and a payment of another amount than charged is not ours. What was refunded so
 * far only grows, and a chargeback is noted once. The caller applies an 'atualizada'
 * answer to the order in the same transaction.
 */
export async function advanceCobranca(
  tx: Tx,
  provedor: Cobranca["provedor"],
  charge: ProviderCobranca,
): Promise<ChargeUpdate> {
  const [row] = await tx
    .select()
    .from(cobrancas)
    .where(and(eq(cobrancas.provedor, provedor), eq(cobrancas.externoId, charge.externoId)))
    .for("update");
  if (!row) return { result: "desconhecida" };
  const advances = advancesCobranca(row.status, charge.status);
  const refundedBefore = row.valorReembolsado ?? 0;
  const refundGrew = charge.valorReembolsado > refundedBefore;
  const disputed = charge.contestada && !row.contestadaEm;
  if (!advances && !refundGrew && !disputed) return { result: "sem_mudanca", cobranca: row };
  // Paid a different amount than charged (should not happen with Pix): not our payment.
  if (advances && charge.status === "paga" && charge.valor !== row.valor) {
    logger.warn(
      { cobranca: row.id, esperado: row.valor, recebido: charge.valor },
      "pagamento com valor diferente da cobrança; pedido não confirmado",
    );
    return { result: "sem_mudanca", cobranca: row };
  }
  const at = new Date();
  const status = advances ? charge.status : row.status;
  const [updated] = await tx
    .update(cobrancas)
    .set({
      status,
      statusProvedor: charge.statusProvedor,
      pagoEm: advances && charge.status === "paga" ? (charge.pagoEm ?? at) : row.pagoEm,
      // When the money went back (whole or in part): the day close counts a refund on its day.
      reembolsadoEm:
        (advances && charge.status === "reembolsada") || refundGrew ? at : row.reembolsadoEm,
      valorReembolsado: refundGrew ? charge.valorReembolsado : row.valorReembolsado,
      // A partial refund that came through is settled: no more asking about it.
      reembolsoSolicitadoEm: refundGrew ? null : row.reembolsoSolicitadoEm,
      contestadaEm: disputed ? at : row.contestadaEm,
      parcelas: charge.parcelas ?? row.parcelas,
      updatedAt: at,
    })
    .where(eq(cobrancas.id, row.id))
    .returning();
  // Grooming hears of its charges: a booking's (audit, the tutor's page) and a package's
  // bought online, which it activates when paid (decision 0091). Orders has nothing to do.
  const groomingNews = [
    { tipo: "agendamento.pagamento", resourceType: "agendamento", id: updated!.agendamentoId },
    { tipo: "pacote_banho.pagamento", resourceType: "pacote_pet", id: updated!.pacotePetId },
  ] as const;
  for (const { tipo, resourceType, id } of groomingNews) {
    if (!id || !advances) continue;
    const dados = { status, cobranca: updated!.externoId, provedor };
    await emit(tx, { tipo, resourceType, resourceId: id, dados });
  }
  return {
    result: "atualizada",
    cobranca: updated!,
    at,
    contestadaAgora: disputed,
    reembolsadoAgora: refundGrew ? charge.valorReembolsado - refundedBefore : 0,
  };
}

export type NotificationAnswer = { status: 200 | 401 | 503; body: string };

/**
 * Reads a POST /webhooks/mercadopago: the answer when there is nothing to look up (401 for
 * a bad signature, nothing read; 200 for anything authentic but irrelevant), else the
 * provider and the id of the charge, saying whether we know it. An unknown id is read only
 * to be matched to a card order awaiting payment (decision 0080); nothing else is kept.
 */
export async function readNotification(
  request: Request,
  now = new Date(),
): Promise<
  NotificationAnswer | { provider: PaymentProvider; externoId: string; conhecida: boolean }
> {
  const config = await getPaymentConfig();
  const provider = providerFor(config);
  if (!provider) return { status: 401, body: "Pix automático não configurado" };
  let notice: { externoId: string } | null;
  try {
    notice = await provider.verifyNotification(request, now);
  } catch (error) {
    if (error instanceof InvalidNotification) {
      logger.warn({ motivo: error.message }, "notificação do Mercado Pago recusada");
      return { status: 401, body: error.message };
    }
    throw error;
  }
  if (!notice) return { status: 200, body: "ignorada" };
  const [known] = await db()
    .select({ id: cobrancas.id })
    .from(cobrancas)
    .where(and(eq(cobrancas.provedor, provider.nome), eq(cobrancas.externoId, notice.externoId)));
  // An unknown id may be a card payment (its id is born when the customer pays): while cards
  // are on, the caller reads it and keeps it only when it belongs to one of our card orders.
  if (!known && (!config.cartao.ativo || !/^\d{1,20}$/.test(notice.externoId))) {
    return { status: 200, body: "cobrança desconhecida" };
  }
  return { provider, externoId: notice.externoId, conhecida: Boolean(known) };
}

/** Charges older than this are no longer asked about (Pix lasts at most a day here). */
const RECONCILE_WINDOW_MS = 3 * 24 * 3600_000;

/** The provider's pending charges worth asking about again, the oldest first. */
export async function pendingCobrancas(
  provider: PaymentProvider,
  options: { now: Date; limit?: number },
): Promise<Cobranca[]> {
  const { now } = options;
  const pending = await db()
    .select()
    .from(cobrancas)
    .where(
      and(
        eq(cobrancas.status, "pendente"),
        eq(cobrancas.provedor, provider.nome),
        lte(cobrancas.createdAt, now),
      ),
    )
    .orderBy(asc(cobrancas.createdAt))
    .limit(options.limit ?? 50);
  return pending.filter((row) => now.getTime() - row.createdAt.getTime() <= RECONCILE_WINDOW_MS);
}

/** The orders (ids) with a charge still pending at the provider. */
export async function ordersWithPendingCharges(): Promise<string[]> {
  const rows = await db()
    .selectDistinct({ pedidoId: cobrancas.pedidoId })
    .from(cobrancas)
    .where(eq(cobrancas.status, "pendente"));
  return rows.flatMap((row) => (row.pedidoId ? [row.pedidoId] : []));
}

/**
 * The charges of these orders that lapsed unpaid: expired, or pending past `cutoff`; the
 * oldest first.
 */
export async function lapsedCobrancasOf(
  pedidoIds: string[],
  cutoff: Date,
  limit: number,
): Promise<Cobranca[]> {
  if (pedidoIds.length === 0) return [];
  return db()
    .select()
    .from(cobrancas)
    .where(
      and(
        inArray(cobrancas.pedidoId, pedidoIds),
        or(
          eq(cobrancas.status, "expirada"),
          and(eq(cobrancas.status, "pendente"), lte(cobrancas.expiraEm, cutoff)),
        ),
      ),
    )
    .orderBy(asc(cobrancas.createdAt))
    .limit(limit);
}

/** The charges of these orders as the admin's list shows them, newest first. */
export async function chargesOfOrders(pedidoIds: string[], executor: Executor = db()) {
  if (pedidoIds.length === 0) return [];
  return executor
    .select({
      id: cobrancas.id,
      pedidoId: cobrancas.pedidoId,
      provedor: cobrancas.provedor,
      externoId: cobrancas.externoId,
      status: cobrancas.status,
      statusProvedor: cobrancas.statusProvedor,
      pagoEm: cobrancas.pagoEm,
      reembolsadoEm: cobrancas.reembolsadoEm,
      meio: cobrancas.meio,
      parcelas: cobrancas.parcelas,
      valor: cobrancas.valor,
      valorReembolsado: cobrancas.valorReembolsado,
      contestadaEm: cobrancas.contestadaEm,
    })
    .from(cobrancas)
    .where(inArray(cobrancas.pedidoId, pedidoIds))
    .orderBy(desc(cobrancas.createdAt), desc(cobrancas.id));
}

/** Locks a charge and gives it back when it lapsed unpaid before `cutoff`, else null. */
export async function lockLapsedCobranca(
  tx: Tx,
  cobrancaId: string,
  cutoff: Date,
): Promise<Cobranca | null> {
  const [row] = await tx.select().from(cobrancas).where(eq(cobrancas.id, cobrancaId)).for("update");
  return row && chargeLapsed(row, cutoff) ? row : null;
}

/** Whether any charge of the order was paid. */
export async function hasPaidCobranca(tx: Tx, pedidoId: string): Promise<boolean> {
  const [paid] = await tx
    .select({ id: cobrancas.id })
    .from(cobrancas)
    .where(and(eq(cobrancas.pedidoId, pedidoId), eq(cobrancas.status, "paga")));
  return Boolean(paid);
}

/** Marks a lapsed charge that the provider still calls pending as 'expirada'. */
export async function expireCobranca(tx: Tx, cobranca: Cobranca, now: Date): Promise<void> {
  if (cobranca.status !== "pendente") return;
  await tx
    .update(cobrancas)
    .set({ status: "expirada", updatedAt: now })
    .where(eq(cobrancas.id, cobranca.id));
}

/**
 * Asks the provider to refund the order's paid charge in full (idempotent per charge, so a
 * retry never refunds twice) and gives back the provider's view of the charge.
 */
export async function requestRefund(
  pedidoId: string,
  valor?: number,
): Promise<{ provedor: Cobranca["provedor"]; charge: ProviderCobranca }> {
  const provider = await currentProvider();
  if (!provider) throw new AdminError(COBRANCA_MESSAGES.indisponivel);
  const [paid] = await db()
    .select()
    .from(cobrancas)
    .where(and(eq(cobrancas.pedidoId, pedidoId), eq(cobrancas.status, "paga")))
    .limit(1);
  if (!paid) throw new AdminError(COBRANCA_MESSAGES.semPagamento);
  const before = paid.valorReembolsado ?? 0;
  const rest = paid.valor - before;
  if (valor !== undefined && (valor <= 0 || valor > rest)) {
    throw new AdminError(COBRANCA_MESSAGES.valorReembolso, "valor");
  }
  // What is left, refunded at once, is a total refund (the provider's plain refund).
  const partial = valor !== undefined && valor < paid.valor && (before > 0 || valor < rest);
  // Keyed by what was refunded before and the amount: a double click refunds once, a
  // second partial refund of the same amount later is another refund.
  const key = partial ? `reembolso-${paid.id}-${before}-${valor}` : `reembolso-${paid.id}`;
  const charge = await provider.refundCobranca(paid.externoId, key, partial ? valor : undefined);
  // Accepted but not confirmed yet: the reconciliation reads it again until it settles.
  const settled =
    charge.status === "reembolsada" || (partial && charge.valorReembolsado >= before + valor!);
  if (!settled) await markRefundRequested(paid.id, new Date());
  return { provedor: paid.provedor, charge };
}
