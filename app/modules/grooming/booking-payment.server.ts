// A grooming booking paid at the counter (issue 43 point 3, decision 0078): the payment is
// checked against the booking's final price (the server's, never the form's) and recorded by
// the payments module in the caller's transaction, under the booking's row lock, so a double
// click or a second tab records it once. The agenda's day totals per unit come from the same
// records.
import { and, eq, inArray } from "drizzle-orm";
import {
  type CounterPaymentInput,
  checkCounterPayment,
  METODO_RECEBIMENTO_LABEL,
  type MetodoRecebimento,
} from "~/domain/counter-payment";
import { formatBRL } from "~/domain/money";
import { seesUnit, type UnitScope } from "~/domain/unit-scope";
import {
  type BookingCounterPayment,
  bookingCounterPayments,
  recordCounterPayment,
} from "~/modules/payments/index.server";
import { type AdminActor, AdminError } from "~/platform/admin/actor.server";
import { db, type Executor, type Tx } from "~/platform/db/client.server";
import { dueAfterPackages, PAYABLE } from "./booking-rules";
import type { StatusAgendamento } from "./booking-vocabulary";
import { packageCoverage } from "./packages.server";
import { type Agendamento, agendamentos } from "./tables.server";

const BOOKING_PAYMENT_ASKED = "Registre como o tutor pagou antes de entregar o pet";
export const NO_FINAL_PRICE =
  "Este agendamento não passou pelo check-in e não tem preço final: informe o preço final combinado com o tutor para registrar o pagamento";
const NOT_YET =
  "O pagamento é registrado a partir do início do atendimento (botão Iniciar), com o preço final do check-in";
const COVERED_WHOLE = "Os pacotes pagam este agendamento inteiro: não há o que receber";
const NOTHING_TO_RECEIVE = "Este agendamento foi encerrado sem atendimento: não há o que receber";

/** Bookings that count for the day's money: every one but those that never happened. */
const counts = (status: StatusAgendamento) => status !== "cancelado" && status !== "nao_compareceu";

export interface BookingPaymentTaken {
  metodo: MetodoRecebimento;
  valor: number;
  troco: number | null;
  motivo: string | null;
  /** The final price set with the payment (a booking that had none), else null. */
  precoFinal: number | null;
}

/** "Pix R$ 55,00": how a recorded payment is said back to the staff. */
export const paymentSaid = (p: { metodo: MetodoRecebimento; valor: number }) =>
  `${METODO_RECEBIMENTO_LABEL[p.metodo]} ${formatBRL(p.valor)}`;

/** The booking's payment at the counter, read in `executor` (the caller's lock held). */
export async function bookingPaymentOf(
  id: string,
  executor: Executor,
): Promise<BookingCounterPayment | null> {
  return (await bookingCounterPayments([id], executor)).get(id) ?? null;
}

/**
 * Records the payment of a locked booking that has none: its final price, or, for a booking
 * that never went through check-in, the one the staff type now (kept as its final price).
 */
export async function takeBookingPayment(
  tx: Tx,
  row: Agendamento,
  input: CounterPaymentInput | null,
  precoFinal: number | null,
  actor: AdminActor,
  at: Date,
  /** The booked pets, each said covered when a package session pays for it (decision 0091). */
  pets: readonly { preco: number; coberto: boolean }[] = [],
): Promise<BookingPaymentTaken> {
  if (!input) throw new AdminError(BOOKING_PAYMENT_ASKED, "pagamento");
  if (!PAYABLE.includes(row.status)) {
    throw new AdminError(counts(row.status) ? NOT_YET : NOTHING_TO_RECEIVE);
  }
  if (pets.length > 0 && pets.every((p) => p.coberto)) throw new AdminError(COVERED_WHOLE);
  const total = row.precoFinal ?? precoFinal;
  if (total === null) throw new AdminError(NO_FINAL_PRICE, "precoFinal");
  const preco = dueAfterPackages(total, pets);
  // What a package pays is never charged again, not even with a reason (decision 0092).
  if (pets.some((p) => p.coberto) && input.valor > preco) {
    throw new AdminError(
      `O pacote paga ${formatBRL(total - preco)} deste agendamento: falta pagar ${formatBRL(preco)}, não receba mais que isso`,
      "valor",
    );
  }
  const { errors, troco } = checkCounterPayment(input, preco);
  const [field, message] = Object.entries(errors)[0] ?? [];
  if (field && message) throw new AdminError(message, field);
  const motivo = input.valor === preco ? null : (input.motivo?.trim() ?? null);
  await recordCounterPayment(tx, {
    agendamentoId: row.id,
    unidadeId: row.unidadeId,
    metodo: input.metodo,
    valor: input.valor,
    recebido: input.recebido,
    motivo,
    usuarioId: actor.userId || null,
    at,
  });
  if (row.precoFinal === null) {
    await tx
      .update(agendamentos)
      .set({ precoFinal: total, updatedAt: at })
      .where(eq(agendamentos.id, row.id));
  }
  return {
    metodo: input.metodo,
    valor: input.valor,
    troco,
    motivo,
    precoFinal: row.precoFinal === null ? total : null,
  };
}

/** What the audit keeps of a payment taken (the change, the reason, a price set with it). */
export function paymentAudit(paid: BookingPaymentTaken) {
  return {
    pagamento: paid.metodo,
    valor: paid.valor,
    ...(paid.troco !== null ? { troco: paid.troco } : {}),
    ...(paid.motivo ? { motivo: paid.motivo } : {}),
    ...(paid.precoFinal !== null ? { preco_final: paid.precoFinal } : {}),
  };
}

/** A unit's grooming money of a day, as the agenda shows it. */
export interface GroomingDayTotal {
  unidadeId: string;
  /** Received at the counter for the day's bookings, in centavos, and by method. */
  recebido: number;
  porMetodo: { metodo: MetodoRecebimento; valor: number }[];
  /** The day's bookings still unpaid (cancelled and no-shows aside): their price, how many. */
  aReceber: number;
  pendentes: number;
  /** Of those, how many have no final price yet (counted at their estimate). */
  estimados: number;
}

/**
 * The day's money per unit (the person's units only, decision 0069): what the day's bookings
 * paid at the counter and what the ones still unpaid cost. By the booking's day, so a booking
 * paid the next morning still counts on its own day (the day close counts money by when it
 * came in).
 */
export async function groomingDayTotals(
  unidadeIds: readonly string[],
  day: string,
  scope: UnitScope,
  executor: Executor = db(),
): Promise<GroomingDayTotal[]> {
  const units = unidadeIds.filter((u) => seesUnit(scope, u));
  if (units.length === 0) return [];
  const rows = await executor
    .select({
      id: agendamentos.id,
      unidadeId: agendamentos.unidadeId,
      status: agendamentos.status,
      precoFinal: agendamentos.precoFinal,
      precoEstimado: agendamentos.precoEstimado,
    })
    .from(agendamentos)
    .where(and(eq(agendamentos.data, day), inArray(agendamentos.unidadeId, units)));
  const paid = await bookingCounterPayments(
    rows.map((r) => r.id),
    executor,
  );
  // Paid by packages (decisions 0087, 0091): a pet whose package pays (a session used, or
  // one delivery will use) is not money to receive; every pet covered, nothing to receive.
  const coverage = await packageCoverage(
    rows.map((r) => r.id),
    day,
    executor,
  );
  return units.map((unidadeId) => {
    const total: GroomingDayTotal = {
      unidadeId,
      recebido: 0,
      porMetodo: [],
      aReceber: 0,
      pendentes: 0,
      estimados: 0,
    };
    const byMethod = new Map<MetodoRecebimento, number>();
    for (const r of rows.filter((b) => b.unidadeId === unidadeId)) {
      const payment = paid.get(r.id);
      if (payment) {
        total.recebido += payment.valor;
        byMethod.set(payment.metodo, (byMethod.get(payment.metodo) ?? 0) + payment.valor);
      } else if (counts(r.status)) {
        const due = dueAfterPackages(r.precoFinal ?? r.precoEstimado, coverage.get(r.id) ?? []);
        if (due === 0) continue;
        total.aReceber += due;
        total.pendentes += 1;
        if (r.precoFinal === null) total.estimados += 1;
      }
    }
    total.porMetodo = [...byMethod].map(([metodo, valor]) => ({ metodo, valor }));
    return total;
  });
}
