// /admin/servicos/agenda: the day's grooming agenda of a unit (issue 28): capacity per drop-off
// and per size, one card per booking with its status buttons and check-in, walk-ins, and the
// reminders of tomorrow as WhatsApp links.
import { Form, useActionData } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useFormResult } from "~/components/forms/use-form-result";
import { Button } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { shopDay } from "~/domain/dates";
import { formatBRL, formatBRLNumber } from "~/domain/money";
import { formatPhoneDisplay } from "~/domain/phone";
import { addDays } from "~/domain/shop-time";
import { chatLink, externalLinkProps } from "~/domain/whatsapp";
import { now } from "~/infra/clock.server";
import { readForm } from "~/infra/request-info.server";
import { formFields } from "~/lib/forms";
import { attempt, fail, ok, requireAdmin } from "~/modules/accounts/index.server";
import {
  dayLabel,
  ESPECIE_LABEL,
  ESPECIES,
  PELAGEM_LABEL,
  PELAGENS,
  PORTES,
  readyMessage,
  reminderMessage,
  STAFF_NEXT,
  STATUS_AGENDAMENTO_LABEL,
  STATUS_EMAIL_KIND,
} from "~/modules/grooming";
import {
  addWalkIn,
  bookingStatusSchema,
  bookingsToRemind,
  checkInBooking,
  groomingDay,
  listGroomingServices,
  listUnitsWithAgenda,
  parseCheckIn,
  rescheduleByStaff,
  setBookingStatus,
  staffRescheduleSchema,
  walkInSchema,
} from "~/modules/grooming/index.server";
import type { Route } from "./+types/servicos-agenda";

export const meta = adminMeta("Agenda de Banho & Tosa");

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const units = await listUnitsWithAgenda();
  const withAgenda = units.filter((u) => u.agenda);
  const unidadeId =
    withAgenda.find((u) => u.id === url.searchParams.get("unidade"))?.id ??
    withAgenda[0]?.id ??
    null;
  const today = shopDay(now());
  const param = url.searchParams.get("dia") ?? "";
  const day = DAY.test(param) ? param : today;
  const unit = units.find((u) => u.id === unidadeId);
  const agendaDay = unidadeId ? await groomingDay(unidadeId, day) : null;
  const tomorrow = addDays(today, 1);
  const reminders = unidadeId ? await bookingsToRemind(unidadeId, tomorrow) : [];
  const services = await listGroomingServices();
  return {
    units: withAgenda.map((u) => ({ id: u.id, nome: u.nome })),
    unidadeId,
    unidadeNome: unit?.nome ?? "",
    day,
    tomorrow,
    agendaDay,
    reminders: reminders.map((r) => ({
      numero: r.numero,
      horario: r.horario,
      nomeTutor: r.nomeTutor,
      whatsapp: r.whatsapp,
    })),
    services: services.filter((s) => s.ativo).map((s) => ({ id: s.id, nome: s.nome })),
  };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const actor = { request, userId: user.id };
  const form = await readForm(request);
  const fields = formFields(form);
  const intent = fields.intent;
  if (intent === "status") {
    const parsed = bookingStatusSchema.safeParse(fields);
    if (!parsed.success) return fail(intent, "Status inválido");
    return attempt(intent, "Erro ao atualizar o agendamento", async () => {
      const row = await setBookingStatus(parsed.data.id, parsed.data.status, actor);
      return ok(
        intent,
        `${row.numero}: ${STATUS_AGENDAMENTO_LABEL[row.status]}`,
        row.email && STATUS_EMAIL_KIND[row.status]
          ? `E-mail para ${row.email} na fila.`
          : undefined,
      );
    });
  }
  if (intent === "checkin") {
    const parsed = parseCheckIn(fields);
    if (!parsed.ok) return fail(intent, parsed.message);
    return attempt(intent, "Erro no check-in", async () => {
      const { agendamento, aviso } = await checkInBooking(parsed.id, parsed.input, actor);
      return ok(intent, `Check-in de ${agendamento.numero} feito`, aviso ?? undefined);
    });
  }
  if (intent === "walkin") {
    const parsed = walkInSchema.safeParse({
      ...fields,
      servicoIds: form.getAll("servicoIds").map(String),
    });
    if (!parsed.success) return fail(intent, parsed.error.issues[0]!.message, 422);
    const { acima, unidadeId, data, horario, nomeTutor, whatsapp, ...pet } = parsed.data;
    return attempt(intent, "Erro ao encaixar", async () => {
      const row = await addWalkIn({ unidadeId, data, horario, nomeTutor, whatsapp, pet }, actor, {
        acima,
      });
      return ok(
        intent,
        `Encaixe ${row.numero} adicionado`,
        row.acimaCapacidade ? "Atenção: acima da capacidade do horário ou do dia" : undefined,
      );
    });
  }
  if (intent === "remarcar") {
    const parsed = staffRescheduleSchema.safeParse(fields);
    if (!parsed.success) return fail(intent, parsed.error.issues[0]!.message, 422);
    const { id, acima, ...to } = parsed.data;
    return attempt(intent, "Erro ao remarcar", async () => {
      const { agendamento, aviso } = await rescheduleByStaff(id, to, actor, { acima });
      return ok(
        intent,
        `${agendamento.numero} remarcado para ${dayLabel(agendamento.data)} às ${agendamento.horario}`,
        aviso ?? undefined,
      );
    });
  }
  return fail("agenda", "Ação inválida");
}

type LoaderData = Route.ComponentProps["loaderData"];
type Booking = NonNullable<LoaderData["agendaDay"]>["agendamentos"][number];

const BUTTON_LABEL: Record<string, string> = {
  confirmado: "Confirmar",
  em_atendimento: "Iniciar",
  pronto: "Pronto",
  entregue: "Entregue",
  nao_compareceu: "Não compareceu",
  cancelado: "Cancelar",
};

function BookingCard({
  booking,
  unidade,
  units,
}: {
  booking: Booking;
  unidade: string;
  units: LoaderData["units"];
}) {
  const preco = booking.precoFinal ?? booking.precoEstimado;
  const canCheckIn = booking.status === "solicitado" || booking.status === "confirmado";
  return (
    <li
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid={`agendamento-${booking.numero}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {booking.horario} · {booking.numero}
          {booking.origem === "balcao" ? " · balcão" : ""}
        </p>
        <p
          className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold"
          data-testid="status"
        >
          {STATUS_AGENDAMENTO_LABEL[booking.status]}
        </p>
      </div>
      {booking.acimaCapacidade ? (
        <p className="rounded-lg bg-amber-100 p-2 text-sm font-semibold text-amber-900">
          Acima da capacidade
        </p>
      ) : null}
      <ul className="grid gap-1">
        {booking.pets.map((p) => (
          <li key={p.id}>
            <span className="font-semibold">{p.nome}</span> · {p.raca ?? ESPECIE_LABEL[p.especie]} ·{" "}
            {p.porte} · {PELAGEM_LABEL[p.pelagem]} · {p.servicos.map((s) => s.nome).join(", ")}
            {p.alertas ? (
              <span className="ml-2 rounded bg-red-100 px-2 text-sm font-semibold text-red-800">
                {p.alertas}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        {booking.nomeTutor} · {formatPhoneDisplay(booking.whatsapp)} ·{" "}
        {booking.precoFinal !== null ? "final" : "estimado"} {formatBRL(preco)}
        {booking.levaTraz ? ` · leva e traz: ${booking.endereco}, ${booking.bairro}` : ""}
      </p>
      <div className="flex flex-wrap gap-2">
        {STAFF_NEXT[booking.status].map((next) => (
          <Form method="post" key={next}>
            <input type="hidden" name="intent" value="status" />
            <input type="hidden" name="id" value={booking.id} />
            <input type="hidden" name="status" value={next} />
            <Button
              type="submit"
              size="sm"
              variant={next === "cancelado" || next === "nao_compareceu" ? "outline" : "default"}
            >
              {BUTTON_LABEL[next]}
              <span className="sr-only"> {booking.numero}</span>
            </Button>
          </Form>
        ))}
        {booking.status === "pronto" ? (
          <Button asChild size="sm" variant="whatsapp">
            <a
              href={chatLink(
                booking.whatsapp,
                readyMessage(
                  booking.nomeTutor,
                  booking.pets.map((p) => p.nome),
                  unidade,
                ),
              )}
              {...externalLinkProps}
            >
              Avisar: pronto para buscar
            </a>
          </Button>
        ) : null}
      </div>
      {canCheckIn ? (
        <details>
          <summary className="cursor-pointer font-semibold text-brand-700">Check-in</summary>
          <Form method="post" className="mt-2 grid gap-2">
            <input type="hidden" name="intent" value="checkin" />
            <input type="hidden" name="id" value={booking.id} />
            {booking.pets.map((p) => (
              <div key={p.id} className="grid grid-cols-3 items-end gap-2">
                <span className="font-semibold">{p.nome}</span>
                <div className="grid gap-1">
                  <Label htmlFor={`porte_${p.id}`}>Porte</Label>
                  <Select id={`porte_${p.id}`} name={`porte_${p.id}`} defaultValue={p.porte}>
                    {PORTES.map((x) => (
                      <option key={x}>{x}</option>
                    ))}
                  </Select>
                </div>
                <div className="grid gap-1">
                  <Label htmlFor={`pelagem_${p.id}`}>Pelagem</Label>
                  <Select id={`pelagem_${p.id}`} name={`pelagem_${p.id}`} defaultValue={p.pelagem}>
                    {PELAGENS.map((x) => (
                      <option key={x} value={x}>
                        {PELAGEM_LABEL[x]}
                      </option>
                    ))}
                  </Select>
                </div>
              </div>
            ))}
            <Label htmlFor={`preco_${booking.id}`}>Preço final (R$)</Label>
            <Input
              id={`preco_${booking.id}`}
              name="precoFinal"
              inputMode="decimal"
              defaultValue={booking.precoFinal !== null ? formatBRLNumber(booking.precoFinal) : ""}
            />
            <Button type="submit" size="sm">
              Fazer check-in
            </Button>
          </Form>
        </details>
      ) : null}
      {canCheckIn ? (
        <details>
          <summary className="cursor-pointer font-semibold text-brand-700">Remarcar</summary>
          <Form method="post" className="mt-2 grid gap-2">
            <input type="hidden" name="intent" value="remarcar" />
            <input type="hidden" name="id" value={booking.id} />
            <div className="grid gap-1">
              <Label htmlFor={`remarcar_unidade_${booking.id}`}>Unidade</Label>
              <Select
                id={`remarcar_unidade_${booking.id}`}
                name="unidadeId"
                defaultValue={booking.unidadeId}
              >
                {units.map((u) => (
                  <option key={u.id} value={u.id}>
                    {u.nome}
                  </option>
                ))}
              </Select>
            </div>
            <div className="grid grid-cols-2 gap-2">
              <div className="grid gap-1">
                <Label htmlFor={`remarcar_data_${booking.id}`}>Dia</Label>
                <Input
                  id={`remarcar_data_${booking.id}`}
                  name="data"
                  type="date"
                  defaultValue={booking.data}
                />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`remarcar_horario_${booking.id}`}>Horário</Label>
                <Input
                  id={`remarcar_horario_${booking.id}`}
                  name="horario"
                  type="time"
                  defaultValue={booking.horario}
                />
              </div>
            </div>
            <CheckboxLabel
              id={`remarcar_acima_${booking.id}`}
              name="acima"
              label="Acima da capacidade"
            />
            <Button type="submit" size="sm">
              Remarcar
              <span className="sr-only"> {booking.numero}</span>
            </Button>
          </Form>
        </details>
      ) : null}
    </li>
  );
}

export default function AgendaAdmin({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  useFormResult(result as never);
  const { agendaDay, units, unidadeId, day } = loaderData;
  return (
    <div className="grid gap-6">
      <AdminPageHeader
        title="Agenda de Banho & Tosa"
        description={
          <a className="text-brand-700 underline" href="/admin/servicos">
            Pedidos de orçamento com fotos
          </a>
        }
      />
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1">
          <Label htmlFor="unidade">Unidade</Label>
          <Select id="unidade" name="unidade" defaultValue={unidadeId ?? ""}>
            {units.map((u) => (
              <option key={u.id} value={u.id}>
                {u.nome}
              </option>
            ))}
          </Select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor="dia">Dia</Label>
          <Input id="dia" name="dia" type="date" defaultValue={day} />
        </div>
        <Button type="submit" variant="outline">
          Ver dia
        </Button>
        {unidadeId ? (
          <Button asChild variant="outline">
            <a href={`/admin/servicos/agenda/imprimir?unidade=${unidadeId}&dia=${day}`}>
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
          <ul
            className="flex flex-wrap gap-2"
            aria-label="Capacidade por horário"
            data-testid="capacidade"
          >
            {agendaDay.horarios.map((h) => (
              <li
                key={h.horario}
                className={`rounded-lg border px-3 py-2 ${h.usados > h.total ? "border-amber-500 bg-amber-50" : "border-slate-200 bg-white"}`}
              >
                {h.horario}{" "}
                <strong>
                  {h.usados}/{h.total}
                </strong>
              </li>
            ))}
            <li className="rounded-lg border border-slate-200 bg-white px-3 py-2">
              Dia{" "}
              <strong>
                {agendaDay.dia.usados}/{agendaDay.dia.total}
              </strong>
            </li>
            {agendaDay.portes
              .filter((p) => p.limite !== null)
              .map((p) => (
                <li key={p.porte} className="rounded-lg border border-slate-200 bg-white px-3 py-2">
                  {p.porte}{" "}
                  <strong>
                    {p.usados}/{p.limite}
                  </strong>
                </li>
              ))}
          </ul>
          {agendaDay.agendamentos.length === 0 ? (
            <p>Nenhum agendamento neste dia.</p>
          ) : (
            <ul className="grid gap-3">
              {agendaDay.agendamentos.map((b) => (
                <BookingCard
                  key={b.id}
                  booking={b}
                  unidade={loaderData.unidadeNome}
                  units={units}
                />
              ))}
            </ul>
          )}
          <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
            <h2 className="text-lg font-bold">Encaixe no balcão</h2>
            <Form method="post" className="grid gap-3 sm:grid-cols-2">
              <input type="hidden" name="intent" value="walkin" />
              <input type="hidden" name="unidadeId" value={unidadeId ?? ""} />
              <input type="hidden" name="data" value={day} />
              <div className="grid gap-1">
                <Label htmlFor="walk-horario">Horário</Label>
                <Input id="walk-horario" name="horario" placeholder="08:00" required />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="walk-tutor">Tutor</Label>
                <Input id="walk-tutor" name="nomeTutor" required />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="walk-whatsapp">WhatsApp</Label>
                <Input id="walk-whatsapp" name="whatsapp" inputMode="tel" required />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="walk-nome">Pet</Label>
                <Input id="walk-nome" name="nome" required />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="walk-especie">Espécie</Label>
                <Select id="walk-especie" name="especie" defaultValue="cao">
                  {ESPECIES.map((e) => (
                    <option key={e} value={e}>
                      {ESPECIE_LABEL[e]}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor="walk-raca">Raça</Label>
                <Input id="walk-raca" name="raca" />
              </div>
              <div className="grid gap-1">
                <Label htmlFor="walk-porte">Porte</Label>
                <Select id="walk-porte" name="porte" defaultValue="P">
                  {PORTES.map((p) => (
                    <option key={p}>{p}</option>
                  ))}
                </Select>
              </div>
              <div className="grid gap-1">
                <Label htmlFor="walk-pelagem">Pelagem</Label>
                <Select id="walk-pelagem" name="pelagem" defaultValue="curta">
                  {PELAGENS.map((p) => (
                    <option key={p} value={p}>
                      {PELAGEM_LABEL[p]}
                    </option>
                  ))}
                </Select>
              </div>
              <div className="grid gap-1 sm:col-span-2">
                <Label htmlFor="walk-alertas">Alertas</Label>
                <Input id="walk-alertas" name="alertas" placeholder="morde, alergias…" />
              </div>
              <fieldset className="grid gap-1 sm:col-span-2">
                <legend className="font-semibold">Serviços</legend>
                {loaderData.services.map((s) => (
                  <CheckboxLabel
                    key={s.id}
                    id={`walk-servico-${s.id}`}
                    name="servicoIds"
                    value={s.id}
                    label={s.nome}
                  />
                ))}
              </fieldset>
              <CheckboxLabel id="walk-acima" name="acima" label="Encaixar acima da capacidade" />
              <Button type="submit">Adicionar encaixe</Button>
            </Form>
          </section>
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

export function ErrorBoundary() {
  return <AdminLoadError title="Agenda de Banho & Tosa" message="Erro ao carregar a agenda" />;
}
