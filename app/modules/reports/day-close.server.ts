// "Fechamento do dia" per unit and the dashboard's "Pedidos" vs "Recebido" (issue 43 points 4
// and 5, decision 0079). Every figure comes from the module that owns it: the payments received
// in person and the online charges from payments, an order's unit and the orders placed from
// orders, the people's names from accounts, the units from shop. A day is the shop's calendar
// day in America/Sao_Paulo, whatever the server's zone.
import {
  counterForma,
  type EntradaFechamento,
  type Fechamento,
  fecharDia,
  ORIGEM_LABEL,
  onlineForma,
  PESSOA_ONLINE,
  type PendenteFechamento,
  type SaidaFechamento,
} from "~/domain/day-close";
import { addDays, shopDayRange, shopDayStart } from "~/domain/shop-time";
import { seesUnit, type UnitScope, unitsInScope } from "~/domain/unit-scope";
import { staffLabels } from "~/modules/accounts/index.server";
import { bookingUnitsOf } from "~/modules/grooming/index.server";
import { orderUnitsOf, placedByUnit } from "~/modules/orders/index.server";
import { paymentsBetween } from "~/modules/payments/index.server";
import { listUnits } from "~/modules/shop/index.server";
import { now } from "~/platform/clock.server";
import { db, type Executor } from "~/platform/db/client.server";

/**
 * The line of what belongs to no unit (an order placed before units, a payment whose unit was
 * removed): "Loja online (sem unidade)", seen only by people of every unit (decision 0069).
 */
const SEM_UNIDADE = "sem-unidade";
const SEM_UNIDADE_NOME = "Loja online (sem unidade)";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const unitKey = (id: string | null) => id ?? SEM_UNIDADE;

interface Keyed<T> {
  unidade: string;
  row: T;
  /** Money of a "compra programada" renewal (issue 45 point 4: its revenue apart). */
  programada?: boolean;
}

/** Every payment of [start, end) as the close's rows, each with its unit's key. */
async function rowsBetween(start: Date, end: Date, executor: Executor) {
  const paid = await paymentsBetween(start, end, executor);
  const [orders, bookings, people] = await Promise.all([
    orderUnitsOf(
      [
        ...paid.recebimentos.flatMap((r) => (r.pedidoId ? [r.pedidoId] : [])),
        ...paid.cobrancas.flatMap((c) => (c.pedidoId ? [c.pedidoId] : [])),
      ],
      executor,
    ),
    // A booking paid online counts under the booking's unit (decision 0088).
    bookingUnitsOf(
      paid.cobrancas.flatMap((c) => (c.agendamentoId ? [c.agendamentoId] : [])),
      executor,
    ),
    staffLabels(
      paid.recebimentos.map((r) => r.usuarioId),
      { executor },
    ),
  ]);
  const within = (at: Date | null): at is Date => at !== null && at >= start && at < end;

  const entradas: Keyed<EntradaFechamento>[] = paid.recebimentos.map((r) => ({
    unidade: unitKey(r.unidadeId),
    programada: Boolean(r.pedidoId && orders.get(r.pedidoId)?.compraProgramada),
    row: {
      em: r.recebidoEm,
      forma: counterForma(r.metodo),
      origem: r.agendamentoId ? "banho_tosa" : "loja",
      referencia: r.pedidoId
        ? (orders.get(r.pedidoId)?.numeroPedido ?? "Pedido")
        : ORIGEM_LABEL.banho_tosa,
      pessoa: (r.usuarioId && people.get(r.usuarioId)) || "Equipe (pessoa removida)",
      valor: r.valor,
      recebido: r.recebido,
      motivo: r.motivo,
    },
  }));
  const saidas: Keyed<SaidaFechamento>[] = [];
  const pendentes: Keyed<PendenteFechamento>[] = [];
  for (const c of paid.cobrancas) {
    const order = c.pedidoId ? orders.get(c.pedidoId) : undefined;
    const booking = c.agendamentoId ? bookings.get(c.agendamentoId) : undefined;
    const unidade = unitKey(order?.unidadeId ?? booking?.unidadeId ?? null);
    // A package of baths bought online is grooming money too (decision 0091).
    const origem = c.agendamentoId || c.pacotePetId ? "banho_tosa" : "loja";
    const referencia = c.agendamentoId
      ? (booking?.numero ?? ORIGEM_LABEL.banho_tosa)
      : c.pacotePetId
        ? "Pacote de banho"
        : (order?.numeroPedido ?? "Pedido");
    const forma = onlineForma(c.meio);
    if (within(c.pagoEm)) {
      entradas.push({
        unidade,
        programada: Boolean(order?.compraProgramada),
        row: {
          em: c.pagoEm,
          forma,
          origem,
          referencia: c.parcelas && c.parcelas > 1 ? `${referencia} (${c.parcelas}x)` : referencia,
          pessoa: PESSOA_ONLINE,
          valor: c.valor,
          recebido: null,
          motivo: null,
        },
      });
    }
    if (within(c.reembolsoEm)) {
      const valor =
        c.status === "reembolsada" ? (c.valorReembolsado ?? c.valor) : c.valorReembolsado;
      if (valor) {
        saidas.push({
          unidade,
          row: { em: c.reembolsoEm, tipo: "reembolso", forma, referencia, valor },
        });
      }
    }
    if (within(c.contestadaEm)) {
      // What was still with the shop when the bank took it back.
      const valor = c.valor - (c.valorReembolsado ?? 0);
      if (valor > 0) {
        saidas.push({
          unidade,
          row: { em: c.contestadaEm, tipo: "contestacao", forma, referencia, valor },
        });
      }
    }
    if (c.status === "pendente" && within(c.createdAt)) {
      pendentes.push({ unidade, row: { em: c.createdAt, forma, referencia, valor: c.valor } });
    }
  }
  return { entradas, saidas, pendentes };
}

const of = <T>(rows: Keyed<T>[], unidade: string) =>
  rows.filter((r) => r.unidade === unidade).map((r) => r.row);

/** Whether the person sees a unit's close (the no-unit line: only people of every unit). */
function seesClose(scope: UnitScope, unidade: string) {
  return unidade === SEM_UNIDADE ? (scope.unidades ?? null) === null : seesUnit(scope, unidade);
}

/** The units a person may close: theirs, and the no-unit line for people of every unit. */
export async function closeUnits(scope: UnitScope, executor: Executor = db()) {
  const units = unitsInScope(scope, await listUnits(executor)).map((u) => ({
    id: u.id,
    nome: u.nome,
  }));
  return (scope.unidades ?? null) === null
    ? [...units, { id: SEM_UNIDADE, nome: SEM_UNIDADE_NOME }]
    : units;
}

export interface DayClose extends Fechamento {
  unidade: { id: string; nome: string };
  /** 'yyyy-MM-dd', the shop's calendar day. */
  dia: string;
  geradoEm: Date;
}

/**
 * The close of `unidade` ('sem-unidade' for the no-unit line) on the shop's day `dia`; null
 * when the unit is unknown or not the person's (answered as unknown, decision 0069).
 */
export async function dayClose(
  unidade: string,
  dia: string,
  scope: UnitScope,
  executor: Executor = db(),
): Promise<DayClose | null> {
  if (!DAY.test(dia) || (unidade !== SEM_UNIDADE && !UUID.test(unidade))) return null;
  if (!seesClose(scope, unidade)) return null;
  const nome =
    unidade === SEM_UNIDADE
      ? SEM_UNIDADE_NOME
      : (await listUnits(executor)).find((u) => u.id === unidade)?.nome;
  if (!nome) return null;
  const start = shopDayStart(dia);
  const end = shopDayStart(addDays(dia, 1));
  const [rows, placed] = await Promise.all([
    rowsBetween(start, end, executor),
    placedByUnit(start, end, scope, executor),
  ]);
  const mine = placed.find((p) => unitKey(p.unidadeId) === unidade);
  return {
    ...fecharDia({
      entradas: of(rows.entradas, unidade),
      saidas: of(rows.saidas, unidade),
      pendentes: of(rows.pendentes, unidade),
      pedidos: { quantidade: mine?.pedidos ?? 0, valor: mine?.total ?? 0 },
    }),
    unidade: { id: unidade, nome },
    dia,
    geradoEm: now(),
  };
}

/**
 * The dashboard's day per unit of the person (issue 43 point 5): "Pedidos" (placed, count and
 * value) beside "Recebido" (online charges paid and payments received in person), with the
 * grooming room's apart from the store's. Lines with nothing in them are left out.
 */
export async function moneyOfTheDay(at: Date, scope: UnitScope, executor: Executor = db()) {
  const { day, start, end } = shopDayRange(at);
  const [units, rows, placed] = await Promise.all([
    closeUnits(scope, executor),
    rowsBetween(start, end, executor),
    placedByUnit(start, end, scope, executor),
  ]);
  const porUnidade = units.map((u) => {
    const f = fecharDia({
      entradas: of(rows.entradas, u.id),
      saidas: of(rows.saidas, u.id),
      pendentes: [],
      pedidos: { quantidade: 0, valor: 0 },
    });
    const p = placed.find((x) => unitKey(x.unidadeId) === u.id);
    return {
      unidade: u,
      pedidos: { quantidade: p?.pedidos ?? 0, valor: p?.total ?? 0 },
      recebido: { loja: f.porOrigem.loja, banhoTosa: f.porOrigem.banho_tosa, total: f.recebido },
      // The renewals' share of both (already inside "Pedidos" and "Loja"), shown apart.
      programada: {
        quantidade: p?.programadas.pedidos ?? 0,
        valor: p?.programadas.total ?? 0,
        recebido: rows.entradas
          .filter((e) => e.unidade === u.id && e.programada)
          .reduce((n, e) => n + e.row.valor, 0),
      },
    };
  });
  const visible = porUnidade.filter(
    (u) => u.unidade.id !== SEM_UNIDADE || u.pedidos.quantidade > 0 || u.recebido.total > 0,
  );
  const total = (pick: (u: (typeof porUnidade)[number]) => number) =>
    visible.reduce((n, u) => n + pick(u), 0);
  return {
    dia: day,
    porUnidade: visible,
    pedidos: {
      quantidade: total((u) => u.pedidos.quantidade),
      valor: total((u) => u.pedidos.valor),
    },
    recebido: {
      loja: total((u) => u.recebido.loja),
      banhoTosa: total((u) => u.recebido.banhoTosa),
      total: total((u) => u.recebido.total),
    },
    programada: {
      quantidade: total((u) => u.programada.quantidade),
      valor: total((u) => u.programada.valor),
      recebido: total((u) => u.programada.recebido),
    },
  };
}
