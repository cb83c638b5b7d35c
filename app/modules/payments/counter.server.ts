// Payments received in person (issue 43 point 2, decision 0077): written in the transaction of
// the hand-over that asked for them, by the module that owns the order or the booking.

import { and, inArray, isNull } from "drizzle-orm";
import type { MetodoRecebimento } from "~/domain/counter-payment";
import { db, type Executor, type Tx } from "~/platform/db/client.server";
import { readByKeys } from "~/platform/db/keys.server";
import { cobrancas, type Recebimento, recebimentos } from "./tables.server";

interface CounterPaymentRecord {
  /** Exactly one of the three. */
  pedidoId?: string;
  agendamentoId?: string;
  /** A grooming package sold at the counter (issue 45, decision 0087). */
  pacotePetId?: string;
  unidadeId: string | null;
  metodo: MetodoRecebimento;
  valor: number;
  recebido: number | null;
  motivo: string | null;
  usuarioId: string | null;
  at: Date;
}

/** Records a payment received in person; the caller has checked it (checkCounterPayment). */
export async function recordCounterPayment(
  tx: Tx,
  input: CounterPaymentRecord,
): Promise<Recebimento> {
  const [row] = await tx
    .insert(recebimentos)
    .values({
      pedidoId: input.pedidoId ?? null,
      agendamentoId: input.agendamentoId ?? null,
      pacotePetId: input.pacotePetId ?? null,
      unidadeId: input.unidadeId,
      metodo: input.metodo,
      valor: input.valor,
      recebido: input.metodo === "dinheiro" ? input.recebido : null,
      motivo: input.motivo?.trim() || null,
      usuarioId: input.usuarioId,
      recebidoEm: input.at,
    })
    .returning();
  return row!;
}

/** A booking's payment, in person or online, as the agenda and the tutor's page show it. */
export interface BookingCounterPayment {
  agendamentoId: string;
  metodo: MetodoRecebimento;
  valor: number;
  recebidoEm: Date;
  /** Paid online (Pix or card through the provider, decision 0088), not at the counter. */
  online?: boolean;
}

/**
 * The payments of these bookings, by booking (at most one each): received in person, or a
 * charge paid online (still 'paga': a full refund leaves the booking unpaid again).
 */
export async function bookingCounterPayments(
  ids: readonly string[],
  executor: Executor = db(),
): Promise<Map<string, BookingCounterPayment>> {
  const rows = await readByKeys(ids, (wanted) =>
    executor
      .select({
        agendamentoId: recebimentos.agendamentoId,
        metodo: recebimentos.metodo,
        valor: recebimentos.valor,
        recebidoEm: recebimentos.recebidoEm,
      })
      .from(recebimentos)
      .where(inArray(recebimentos.agendamentoId, wanted)),
  );
  const online = await readByKeys(ids, (wanted) =>
    executor
      .select({
        agendamentoId: cobrancas.agendamentoId,
        meio: cobrancas.meio,
        valor: cobrancas.valor,
        pagoEm: cobrancas.pagoEm,
      })
      .from(cobrancas)
      .where(
        and(
          inArray(cobrancas.agendamentoId, wanted),
          inArray(cobrancas.status, ["paga"]),
          isNull(cobrancas.pedidoId),
        ),
      ),
  );
  const paid = new Map<string, BookingCounterPayment>();
  for (const c of online) {
    paid.set(c.agendamentoId!, {
      agendamentoId: c.agendamentoId!,
      metodo: c.meio === "cartao" ? "credito" : "pix",
      valor: c.valor,
      recebidoEm: c.pagoEm!,
      online: true,
    });
  }
  for (const r of rows) paid.set(r.agendamentoId!, { ...r, agendamentoId: r.agendamentoId! });
  return paid;
}
