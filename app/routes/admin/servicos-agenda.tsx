// /admin/servicos/agenda: the day's grooming agenda of a unit (issue 28): capacity per drop-off
// and per size, one card per booking with its status buttons and check-in, walk-ins, and the
// reminders of tomorrow as WhatsApp links. The pieces are in components/admin/servicos.
import { data, Form } from "react-router";
import type { z } from "zod";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { DayField, UnitField } from "~/components/admin/servicos/agenda-fields";
import { BookingCard } from "~/components/admin/servicos/booking-card";
import type { BookingPaymentRefusal } from "~/components/admin/servicos/booking-payment";
import { CapacityStrip } from "~/components/admin/servicos/capacity-strip";
import { DayMoney } from "~/components/admin/servicos/day-money";
import { GroomerFilterNav, GroomerLoadTable } from "~/components/admin/servicos/groomer-load";
import { WalkInForm } from "~/components/admin/servicos/walk-in-form";
import { usePode } from "~/components/admin/use-papel";
import { useActionResult } from "~/components/forms/use-action-result";
import { Button } from "~/components/ui/button";
import { METODO_RECEBIMENTO_LABEL } from "~/domain/counter-payment";
import { shopDay } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import { ACESSO_NEGADO, pode } from "~/domain/permissions";
import { addDays } from "~/domain/shop-time";
import { unitsInScope } from "~/domain/unit-scope";
import { chatLink, externalLinkProps } from "~/domain/whatsapp";
import { adminAction, adminLoader, staffOf } from "~/modules/accounts/index.server";
import {
  dayLabel,
  type GroomerFilter,
  groomerLoad,
  matchesGroomer,
  reminderMessage,
  STATUS_AGENDAMENTO_LABEL,
  STATUS_EMAIL_KIND,
} from "~/modules/grooming";
import * as grooming from "~/modules/grooming/index.server";
import { adminIntent, fail, firstIssue, ok } from "~/platform/admin/action.server";
import { AdminError } from "~/platform/admin/actor.server";
import { now } from "~/platform/clock.server";
import type { Route } from "./+types/servicos-agenda";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Agenda de Banho & Tosa",
  capability: "agenda.ver",
  failure: "Erro ao carregar a agenda",
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export const loader = adminLoader(
  handle,
  async ({ request }: Route.LoaderArgs, { user, staff }) => {
    const scope = staffOf(user);
    const url = new URL(request.url);
    // Only the person's units (decision 0069): another unit asked for opens their first.
    const units = unitsInScope(scope, await grooming.listUnitsWithAgenda());
    const withAgenda = units.filter((u) => u.agenda);
    const unidadeId =
      withAgenda.find((u) => u.id === url.searchParams.get("unidade"))?.id ??
      withAgenda[0]?.id ??
      null;
    const today = shopDay(now());
    const param = url.searchParams.get("dia") ?? "";
    const day = DAY.test(param) ? param : today;
    const unit = units.find((u) => u.id === unidadeId);
    const agendaDay = unidadeId ? await grooming.groomingDay(unidadeId, day, scope) : null;
    // The day's money at each of the person's units (decision 0078).
    const caixa = await grooming.groomingDayTotals(
      withAgenda.map((u) => u.id),
      day,
      scope,
    );
    const tomorrow = addDays(today, 1);
    const reminders = unidadeId ? await grooming.bookingsToRemind(unidadeId, tomorrow) : [];
    const services = await grooming.listGroomingServices();
    // Groomers own their day (decision 0070): a Tosador lands on their own list.
    const groomers = unidadeId ? await grooming.groomersOf(unidadeId) : [];
    const load = agendaDay
      ? groomerLoad(
          agendaDay.agendamentos,
          groomers,
          agendaDay.horarios.map((h) => h.horario),
        )
      : [];
    const asked = url.searchParams.get("tosador") ?? "";
    const tosador: GroomerFilter =
      asked === "todos" || asked === "sem" || load.some((r) => r.tosadorId === asked)
        ? asked
        : staff.papel === "tosador"
          ? staff.id
          : "todos";
    return {
      units: withAgenda.map((u) => ({ id: u.id, nome: u.nome })),
      unidadeId,
      unidadeNome: unit?.nome ?? "",
      day,
      tomorrow,
      agendaDay: agendaDay && {
        ...agendaDay,
        agendamentos: agendaDay.agendamentos.filter((b) => matchesGroomer(b, tosador)),
      },
      tosador,
      load,
      caixa: caixa.map((c) => ({
        ...c,
        nome: units.find((u) => u.id === c.unidadeId)?.nome ?? "",
      })),
      groomers: groomers.map((g) => ({ id: g.id, nome: g.nome })),
      mayAssign: pode(staff.papel, "agenda.agendar"),
      reminders: reminders.map((r) => ({
        numero: r.numero,
        horario: r.horario,
        nomeTutor: r.nomeTutor,
        whatsapp: r.whatsapp,
      })),
      services: services.filter((s) => s.ativo).map((s) => ({ id: s.id, nome: s.nome })),
    };
  },
);

export const action = adminAction(
  {
    status: adminIntent({
      capability: "agenda.operar",
      failure: "Erro ao atualizar o agendamento",
      run: async (fields: Record<string, string>, { actor, user }) => {
        const parsed = grooming.bookingStatusSchema.safeParse(fields);
        if (!parsed.success)
          return paymentRefused("status", fields, parsed.error, "Status inválido");
        const { id, status, pagamento, precoFinal } = parsed.data;
        // Cancelling is scheduling (agenda.agendar), not the day's work a groomer does.
        if (status === "cancelado" && !pode(user.papel, "agenda.agendar")) {
          return fail("status", ACESSO_NEGADO, 403);
        }
        // Taking the money with the pet is its own capability (decision 0078).
        if (pagamento && !pode(user.papel, "agenda.receber")) {
          return fail("status", ACESSO_NEGADO, 403);
        }
        const row = await paymentAttempt("status", fields, () =>
          grooming.setBookingStatus(id, status, actor, { pagamento, precoFinal }),
        );
        if (!("numero" in row)) return row;
        return [
          `${row.numero}: ${STATUS_AGENDAMENTO_LABEL[row.status]}`,
          row.email && STATUS_EMAIL_KIND[row.status]
            ? `E-mail para ${row.email} na fila.`
            : undefined,
        ] as const;
      },
    }),
    pagamento: adminIntent({
      capability: "agenda.receber",
      failure: "Erro ao registrar o pagamento",
      run: async (fields: Record<string, string>, { actor }) => {
        const parsed = grooming.bookingPaymentSchema.safeParse(fields);
        if (!parsed.success) return paymentRefused("pagamento", fields, parsed.error);
        const { id, pagamento, precoFinal } = parsed.data;
        const done = await paymentAttempt("pagamento", fields, () =>
          grooming.recordBookingPayment(id, { pagamento, precoFinal }, actor),
        );
        if (!("agendamento" in done)) return done;
        return `${done.agendamento.numero}: pago (${formatBRL(done.pagamento.valor)}, ${METODO_RECEBIMENTO_LABEL[done.pagamento.metodo].toLowerCase()})`;
      },
    }),
    tosador: adminIntent({
      capability: "agenda.agendar",
      schema: grooming.assignGroomerSchema,
      refusal: firstIssue,
      failure: "Erro ao atribuir o tosador",
      run: async ({ id, tosadorId }, { actor }) => {
        const { agendamento, tosador, mudou } = await grooming.assignGroomer(id, tosadorId, actor);
        if (!mudou) return `${agendamento.numero}: o tosador já era esse`;
        return tosador
          ? `${agendamento.numero} com ${tosador.nome}`
          : `${agendamento.numero} sem tosador`;
      },
    }),
    checkin: adminIntent({
      capability: "agenda.operar",
      failure: "Erro no check-in",
      run: async (fields, { actor, user }) => {
        // Assigning is the counter's and the manager's (agenda.agendar), even at check-in.
        if (fields.tosadorId !== undefined && !pode(user.papel, "agenda.agendar")) {
          return fail("checkin", ACESSO_NEGADO, 403);
        }
        const parsed = grooming.parseCheckIn(fields);
        if (!parsed.ok) {
          // Said next to the field of that booking's check-in, the typed value kept.
          return data(
            {
              ok: false as const,
              intent: "checkin",
              message: parsed.message,
              id: fields.id ?? "",
              precoFinal: (fields.precoFinal ?? "").slice(0, 30),
            },
            { status: 422 },
          );
        }
        const { agendamento, aviso } = await grooming.checkInBooking(
          parsed.id,
          parsed.input,
          actor,
        );
        return ok("checkin", `Check-in de ${agendamento.numero} feito`, aviso ?? undefined);
      },
    }),
    walkin: adminIntent({
      capability: "agenda.agendar",
      schema: grooming.walkInSchema,
      input: ({ fields, form }) => ({
        ...fields,
        servicoIds: form.getAll("servicoIds").map(String),
      }),
      refusal: firstIssue,
      failure: "Erro ao encaixar",
      run: async (
        { acima, tosadorId, unidadeId, data, horario, nomeTutor, whatsapp, ...pet },
        { actor },
      ) => {
        const row = await grooming.addWalkIn(
          { unidadeId, data, horario, nomeTutor, whatsapp, pet, tosadorId },
          actor,
          { acima },
        );
        return [
          `Encaixe ${row.numero} adicionado`,
          row.acimaCapacidade ? "Atenção: acima da capacidade do horário ou do dia" : undefined,
        ] as const;
      },
    }),
    remarcar: adminIntent({
      capability: "agenda.agendar",
      schema: grooming.staffRescheduleSchema,
      refusal: firstIssue,
      failure: "Erro ao remarcar",
      run: async ({ id, acima, ...to }, { actor }) => {
        const { agendamento, aviso } = await grooming.rescheduleByStaff(id, to, actor, { acima });
        return [
          `${agendamento.numero} remarcado para ${dayLabel(agendamento.data)} às ${agendamento.horario}`,
          aviso ?? undefined,
        ] as const;
      },
    }),
    // A date of a series (decision 0087): skip just it, or end the series from it on.
    "serie-pular": adminIntent({
      capability: "agenda.agendar",
      failure: "Erro ao pular a data",
      run: async (fields, { actor }) => {
        const id = fields.id ?? "";
        const serieId = await grooming.seriesOfBooking(id, actor);
        const row = await grooming.skipOccurrence(serieId, id, { staff: actor });
        return `${row.numero}: data pulada; as outras datas da série continuam`;
      },
    }),
    "serie-encerrar": adminIntent({
      capability: "agenda.agendar",
      failure: "Erro ao encerrar a série",
      run: async (fields, { actor }) => {
        const serieId = await grooming.seriesOfBooking(fields.id ?? "", actor);
        const { cancelados } = await grooming.endSeries(serieId, { staff: actor });
        return [
          "Série encerrada",
          cancelados.length
            ? `Datas canceladas: ${cancelados.join(", ")}`
            : "Nenhuma data à frente para cancelar",
        ] as const;
      },
    }),
    liberar: adminIntent({
      capability: "agenda.agendar",
      failure: "Erro ao liberar os agendamentos",
      run: async (fields, { actor }) => {
        const por = grooming.CONTACT_KINDS.find((k) => k === fields.por);
        if (!por) return fail("liberar", "Escolha WhatsApp, e-mail ou endereço");
        const { numeros } = await grooming.releaseUnconfirmedOf(fields.id ?? "", por, actor);
        return ok(
          "liberar",
          numeros.length === 1
            ? `1 agendamento não confirmado cancelado (${numeros[0]})`
            : `${numeros.length} agendamentos não confirmados cancelados`,
          numeros.length > 1 ? numeros.join(", ") : undefined,
        );
      },
    }),
  },
  { capability: handle.capability },
);

/** The payment fields of a booking's form, as the card puts them back after a refusal. */
const PAYMENT_FORM_FIELDS = [
  "pagamentoMetodo",
  "pagamentoValor",
  "pagamentoRecebido",
  "pagamentoMotivo",
  "precoFinal",
] as const;
/** A form field's name -> the key of its message on the card. */
const PAYMENT_ERROR_KEY: Record<string, string> = {
  pagamentoMetodo: "metodo",
  pagamentoValor: "valor",
  pagamentoRecebido: "recebido",
  pagamentoMotivo: "motivo",
  precoFinal: "precoFinal",
};

/**
 * A refused payment said on the booking's own card, with what was typed (a page without
 * JavaScript shows the form again as it was sent).
 */
function paymentRefusal(
  intent: string,
  fields: Record<string, string>,
  message: string,
  errors: Record<string, string>,
) {
  return data(
    {
      ok: false as const,
      intent,
      message,
      errors,
      id: (fields.id ?? "").slice(0, 40),
      pagamentoForm: Object.fromEntries(
        PAYMENT_FORM_FIELDS.map((f) => [f, (fields[f] ?? "").slice(0, 200)]),
      ) as Record<(typeof PAYMENT_FORM_FIELDS)[number], string>,
    },
    { status: 400 },
  );
}

function paymentRefused(
  intent: string,
  fields: Record<string, string>,
  error: z.ZodError,
  /** The message of a refusal outside the payment's fields (else the issue's own). */
  fallback?: string,
) {
  const issue = error.issues.find((i) => String(i.path[0]) in PAYMENT_ERROR_KEY) ?? error.issues[0];
  const key = issue ? PAYMENT_ERROR_KEY[String(issue.path[0])] : undefined;
  return paymentRefusal(
    intent,
    fields,
    key ? issue!.message : (fallback ?? issue?.message ?? "Confira o pagamento"),
    key ? { [key]: issue!.message } : {},
  );
}

/** Runs a write that may take a payment: its refusal goes back to the booking's card. */
async function paymentAttempt<T>(
  intent: string,
  fields: Record<string, string>,
  write: () => Promise<T>,
) {
  try {
    return await write();
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    return paymentRefusal(
      intent,
      fields,
      error.message,
      error.field ? { [error.field]: error.message } : {},
    );
  }
}

export default function AgendaAdmin({ loaderData }: Route.ComponentProps) {
  const { result } = useActionResult<typeof action>();
  const { agendaDay, units, unidadeId, day, tosador } = loaderData;
  const dayQuery = `unidade=${unidadeId ?? ""}&dia=${day}`;
  const agendar = usePode("agenda.agendar");
  const orcamentos = usePode("orcamentos.atender");
  const checkInError =
    result && !result.ok && result.intent === "checkin" && "precoFinal" in result
      ? (result as unknown as { id: string; message: string; precoFinal: string })
      : null;
  const paymentRefused =
    result && !result.ok && "pagamentoForm" in result
      ? (result as unknown as BookingPaymentRefusal & { id: string })
      : null;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Agenda de Banho & Tosa"
        description={
          orcamentos ? (
            <a className="text-brand-700 underline" href="/admin/servicos">
              Pedidos de orçamento com fotos
            </a>
          ) : undefined
        }
      />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <UnitField id="unidade" name="unidade" units={units} defaultValue={unidadeId ?? ""} />
        <DayField id="dia" name="dia" defaultValue={day} />
        {/* The groomer filter stays when the day changes. */}
        <input type="hidden" name="tosador" value={tosador} />
        <Button type="submit" variant="outline">
          Ver dia
        </Button>
        {unidadeId ? (
          <Button asChild variant="outline">
            <a href={`/admin/servicos/agenda/imprimir?${dayQuery}&tosador=${tosador}`}>
              Imprimir fichas do dia
            </a>
          </Button>
        ) : null}
      </Form>
      {!agendaDay ? (
        <p>Nenhuma unidade tem agenda de banho e tosa.</p>
      ) : (
        <>
          <h2 className="text-lg font-bold">{dayLabel(day)}</h2>
          <CapacityStrip day={agendaDay} />
          <DayMoney totals={loaderData.caixa} />
          <GroomerLoadTable load={loaderData.load} />
          <GroomerFilterNav
            load={loaderData.load}
            current={tosador}
            href={(t) => `/admin/servicos/agenda?${dayQuery}&tosador=${t}`}
          />
          {agendaDay.agendamentos.length === 0 ? (
            <p>
              {tosador === "todos"
                ? "Nenhum agendamento neste dia."
                : "Nenhum agendamento neste dia para este filtro."}
            </p>
          ) : (
            <ul className="grid gap-3">
              {agendaDay.agendamentos.map((b) => (
                <BookingCard
                  key={b.id}
                  booking={b}
                  checkInError={checkInError?.id === b.id ? checkInError : null}
                  paymentRefused={paymentRefused?.id === b.id ? paymentRefused : null}
                  unidade={loaderData.unidadeNome}
                  units={units}
                  groomers={loaderData.groomers}
                  mayAssign={loaderData.mayAssign}
                />
              ))}
            </ul>
          )}
          {agendar ? (
            <WalkInForm
              unidadeId={unidadeId ?? ""}
              day={day}
              services={loaderData.services}
              groomers={loaderData.mayAssign ? loaderData.groomers : null}
            />
          ) : null}
          {loaderData.reminders.length > 0 ? (
            <section className="grid gap-2 rounded-xl border border-slate-200 bg-white p-4">
              <h2 className="text-lg font-bold">Lembretes de amanhã</h2>
              <ul className="grid gap-1">
                {loaderData.reminders.map((r) => (
                  <li key={r.numero}>
                    <a
                      className="text-brand-700 underline"
                      href={chatLink(
                        r.whatsapp,
                        reminderMessage(
                          r.nomeTutor,
                          loaderData.tomorrow,
                          r.horario,
                          loaderData.unidadeNome,
                        ),
                      )}
                      {...externalLinkProps}
                    >
                      {r.horario} · {r.nomeTutor} ({r.numero})
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}
