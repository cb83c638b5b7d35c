// What the payments module knows came in (or went back out) over a span of time, for the day
// close per unit and the dashboard's "Recebido" (issue 43 points 4 and 5, decision 0079): the
// payments received in person and the online charges that were paid, refunded, charged back
// or still wait in it. Reports reads them through this face; the unit of an online charge is
// its order's, which the orders module tells.
import { and, type Column, eq, gte, lt, or, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { cobrancas, recebimentos } from "./tables.server";

/** A payment received in person in the span (an order's hand-over or a booking's pick-up). */
export interface DayRecebimento {
  id: string;
  pedidoId: string | null;
  agendamentoId: string | null;
  unidadeId: string | null;
  metodo: (typeof recebimentos.$inferSelect)["metodo"];
  valor: number;
  recebido: number | null;
  motivo: string | null;
  usuarioId: string | null;
  recebidoEm: Date;
}

/** An online charge with something of it in the span: paid, refunded, charged back or waiting. */
export interface DayCobranca {
  id: string;
  /** Exactly one of the two: an order's charge or a grooming booking's (decision 0088). */
  pedidoId: string | null;
  agendamentoId: string | null;
  /** A package of baths bought online (decision 0091). */
  pacotePetId: string | null;
  meio: (typeof cobrancas.$inferSelect)["meio"];
  parcelas: number | null;
  status: (typeof cobrancas.$inferSelect)["status"];
  valor: number;
  valorReembolsado: number | null;
  createdAt: Date;
  pagoEm: Date | null;
  /** When the (latest) refund settled; a partial refund without it: the charge's last change. */
  reembolsoEm: Date | null;
  contestadaEm: Date | null;
}

const inSpan = (column: Column, start: Date, end: Date) => and(gte(column, start), lt(column, end));

/** Everything received in person or online in [start, end), of every unit. */
export async function paymentsBetween(
  start: Date,
  end: Date,
  executor: Executor = db(),
): Promise<{ recebimentos: DayRecebimento[]; cobrancas: DayCobranca[] }> {
  const refundAt = sql<Date | null>`case when ${cobrancas.status} = 'reembolsada' or ${cobrancas.valorReembolsado} is not null then coalesce(${cobrancas.reembolsadoEm}, ${cobrancas.updatedAt}) end`;
  const [inPerson, online] = await Promise.all([
    executor
      .select({
        id: recebimentos.id,
        pedidoId: recebimentos.pedidoId,
        agendamentoId: recebimentos.agendamentoId,
        unidadeId: recebimentos.unidadeId,
        metodo: recebimentos.metodo,
        valor: recebimentos.valor,
        recebido: recebimentos.recebido,
        motivo: recebimentos.motivo,
        usuarioId: recebimentos.usuarioId,
        recebidoEm: recebimentos.recebidoEm,
      })
      .from(recebimentos)
      .where(and(gte(recebimentos.recebidoEm, start), lt(recebimentos.recebidoEm, end)))
      .orderBy(recebimentos.recebidoEm, recebimentos.id),
    executor
      .select({
        id: cobrancas.id,
        pedidoId: cobrancas.pedidoId,
        agendamentoId: cobrancas.agendamentoId,
        pacotePetId: cobrancas.pacotePetId,
        meio: cobrancas.meio,
        parcelas: cobrancas.parcelas,
        status: cobrancas.status,
        valor: cobrancas.valor,
        valorReembolsado: cobrancas.valorReembolsado,
        createdAt: cobrancas.createdAt,
        pagoEm: cobrancas.pagoEm,
        reembolsoEm: refundAt,
        contestadaEm: cobrancas.contestadaEm,
      })
      .from(cobrancas)
      .where(
        or(
          inSpan(cobrancas.pagoEm, start, end),
          inSpan(cobrancas.reembolsadoEm, start, end),
          inSpan(cobrancas.contestadaEm, start, end),
          // A partial refund not stamped by the provider's settlement time yet.
          and(
            sql`${cobrancas.valorReembolsado} is not null`,
            inSpan(cobrancas.updatedAt, start, end),
          ),
          and(eq(cobrancas.status, "pendente"), inSpan(cobrancas.createdAt, start, end)),
        ),
      )
      .orderBy(cobrancas.createdAt, cobrancas.id),
  ]);
  return {
    recebimentos: inPerson,
    // The driver gives the computed timestamp back as text.
    cobrancas: online.map((c) => ({
      ...c,
      reembolsoEm: c.reembolsoEm === null ? null : new Date(c.reembolsoEm),
    })),
  };
}
