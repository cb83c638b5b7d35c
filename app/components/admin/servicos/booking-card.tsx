// One booking on the staff's agenda: who, which pets and services, the price, the next
// statuses as buttons, and check-in and reschedule while the pet has not arrived.

import type { ReactNode } from "react";
import { Form } from "react-router";
import { ChangeHistory } from "~/components/admin/change-history";
import {
  DayField,
  GroomerField,
  SizeAndCoatFields,
  TimeField,
  UnitField,
} from "~/components/admin/servicos/agenda-fields";
import {
  asksPayment,
  BookingPaymentBadge,
  BookingPaymentForm,
  type BookingPaymentRefusal,
} from "~/components/admin/servicos/booking-payment";
import { usePode } from "~/components/admin/use-papel";
import { IntentForm } from "~/components/forms/intent-form";
import { Button, type ButtonProps } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { formatDateTime, formatIsoDate } from "~/domain/dates";
import { formatBRL, formatBRLNumber } from "~/domain/money";
import { formatPhoneDisplay } from "~/domain/phone";
import { chatLink, externalLinkProps } from "~/domain/whatsapp";
import {
  type AgendaBooking,
  ESPECIE_LABEL,
  PELAGEM_LABEL,
  packageBalanceText,
  readyMessage,
  STAFF_NEXT,
  STATUS_AGENDAMENTO_LABEL,
} from "~/modules/grooming";

const BUTTON_LABEL: Record<string, string> = {
  confirmado: "Confirmar",
  em_atendimento: "Iniciar",
  pronto: "Pronto",
  entregue: "Entregue",
  nao_compareceu: "Não compareceu",
  cancelado: "Cancelar",
};

type Units = readonly { id: string; nome: string }[];

/** Who may take a booking: the unit's groomers, for the person who may assign one. */
type Groomers = Units | null;

export function BookingCard({
  booking,
  unidade,
  units,
  groomers = [],
  mayAssign = false,
  checkInError = null,
  paymentRefused = null,
}: {
  booking: AgendaBooking;
  /** A refused payment of this booking: the message and the form as typed. */
  paymentRefused?: BookingPaymentRefusal | null;
  /** A refused check-in of this booking: the message and the price as typed. */
  checkInError?: { message: string; precoFinal: string } | null;
  /** The unit's name, for the "ready" message. */
  unidade: string;
  units: Units;
  /** The unit's groomers (none: the shop does not assign, the card says nothing of it). */
  groomers?: Units;
  /** The person may assign a groomer (`agenda.agendar`). */
  mayAssign?: boolean;
}) {
  const preco = booking.precoFinal ?? booking.precoEstimado;
  const canCheckIn = booking.status === "solicitado" || booking.status === "confirmado";
  const checkIn = booking.historico.findLast((h) => h.nota === "check-in");
  // Rebooking and releasing a set are scheduling (agenda.agendar): not a groomer's.
  const agendar = usePode("agenda.agendar");
  // Taking the money (decision 0078): "Entregue" of a booking not yet paid asks it first.
  const receber = usePode("agenda.receber") && asksPayment(booking);
  // The groomer it has stays a choice even when no longer one of the unit's (a form sent
  // as it came keeps them).
  const t = booking.tosador;
  const all =
    t && !groomers.some((g) => g.id === t.id)
      ? [...groomers, { id: t.id, nome: `${t.nome} (atual)` }]
      : groomers;
  // Nobody to choose (a unit without groomers): no picker at all.
  const choices: Groomers = mayAssign && all.length > 0 ? all : null;
  return (
    <li
      className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
      data-testid={`agendamento-${booking.numero}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold">
          {booking.horario} · {booking.numero}
          {booking.origem === "balcao" ? " · balcão" : ""}
          {checkIn ? (
            <span className="font-normal" data-testid="checkin">
              {" "}
              · check-in {formatDateTime(checkIn.em).slice(11)}
            </span>
          ) : null}
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
            {p.porteAConfirmar ? (
              <span className="ml-2 rounded bg-amber-100 px-2 text-sm font-semibold text-amber-900">
                porte e preço a confirmar
              </span>
            ) : null}
            <PetCareNotes pet={p} />
          </li>
        ))}
      </ul>
      {t || groomers.length > 0 ? (
        <p className="text-sm" data-testid="tosador">
          Tosador:{" "}
          <span className="font-semibold">
            {t ? `${t.nome}${t.ativo ? "" : " (inativo)"}` : "sem tosador"}
          </span>
        </p>
      ) : null}
      <p className="text-sm text-slate-700">
        {booking.nomeTutor} · {formatPhoneDisplay(booking.whatsapp)} ·{" "}
        {booking.precoFinal !== null ? "final" : "estimado"} {formatBRL(preco)}
        {booking.levaTraz ? ` · leva e traz: ${booking.endereco}, ${booking.bairro}` : ""}
      </p>
      <BookingPaymentBadge booking={booking} />
      <div className="flex flex-wrap gap-2">
        <StatusButtons booking={booking} payFirst={receber} />
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
      {receber ? (
        <BookingPaymentForm
          // A new refusal starts the form from what it sent.
          key={paymentRefused ? JSON.stringify(paymentRefused) : "novo"}
          booking={booking}
          refused={paymentRefused}
        />
      ) : null}
      {booking.mesmos && agendar ? <ReleaseSet booking={booking} mesmos={booking.mesmos} /> : null}
      {canCheckIn ? (
        <CheckInForm booking={booking} error={checkInError} groomers={choices} />
      ) : null}
      {choices && booking.status !== "entregue" && !closed(booking) ? (
        <AssignForm booking={booking} groomers={choices} />
      ) : null}
      {canCheckIn && agendar ? <RescheduleForm booking={booking} units={units} /> : null}
      {agendar ? <SeriesActions booking={booking} open={canCheckIn} /> : null}
      <ChangeHistory entries={booking.registro ?? []} automatic="Automático" />
    </li>
  );
}

/**
 * "Repetir" (a series from this booking, its own page) and, on a date of a series still
 * ahead, "Pular esta data" and "Encerrar série" (decision 0087).
 */
function SeriesActions({ booking, open }: { booking: AgendaBooking; open: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="serie">
      {booking.serieId ? <span className="text-sm font-semibold">Série</span> : null}
      <Button asChild size="sm" variant="outline">
        <a href={`/admin/servicos/agenda/${booking.id}/repetir`}>Repetir</a>
      </Button>
      {booking.serieId && open ? (
        <Form method="post" className="contents">
          <input type="hidden" name="id" value={booking.id} />
          <CardButton variant="outline" name="intent" value="serie-pular">
            Pular esta data
          </CardButton>
          <CardButton variant="outline" name="intent" value="serie-encerrar">
            Encerrar série
          </CardButton>
        </Form>
      ) : null}
    </div>
  );
}

/** The statuses the staff may move the booking to: one form, the button pressed says which. */
function StatusButtons({ booking, payFirst }: { booking: AgendaBooking; payFirst: boolean }) {
  const agendar = usePode("agenda.agendar");
  // "Entregue" of a booking not yet paid is the payment form's (BookingPaymentForm).
  const next = STAFF_NEXT[booking.status].filter(
    (s) => (agendar || s !== "cancelado") && !(payFirst && s === "entregue"),
  );
  if (next.length === 0) return null;
  return (
    <ChoiceForm
      intent="status"
      recordId={booking.id}
      className="contents"
      name="status"
      choices={next}
      variant={(status) =>
        status === "cancelado" || status === "nao_compareceu" ? "outline" : "default"
      }
    >
      {(status) => (
        <>
          {BUTTON_LABEL[status]}
          <span className="sr-only"> {booking.numero}</span>
        </>
      )}
    </ChoiceForm>
  );
}

/** Every form of the card is sent by a small button; its name and value say which one. */
function CardButton(props: Omit<ButtonProps, "type" | "size">) {
  return <Button type="submit" size="sm" {...props} />;
}

/** One form and a button per choice: the one pressed sends `name` with its choice. */
function ChoiceForm<T extends string>({
  intent,
  recordId,
  className,
  name,
  choices,
  variant,
  buttonClassName,
  children,
}: {
  intent: string;
  recordId: string;
  className: string;
  name: string;
  choices: readonly T[];
  variant: (choice: T) => ButtonProps["variant"];
  buttonClassName?: string;
  children: (choice: T) => ReactNode;
}) {
  return (
    <IntentForm intent={intent} recordId={recordId} className={className}>
      {choices.map((choice) => (
        <CardButton
          key={choice}
          name={name}
          value={choice}
          variant={variant(choice)}
          className={buttonClassName}
        >
          {children(choice)}
        </CardButton>
      ))}
    </IntentForm>
  );
}

const SAME_LABEL = {
  whatsapp: "deste WhatsApp",
  email: "deste e-mail",
  ip: "do mesmo endereço de internet",
} as const;

/**
 * A suspicious set (one attacker holding the agenda with unconfirmed online bookings): every
 * unconfirmed future online booking of this phone, e-mail or address, cancelled at once.
 */
function ReleaseSet({
  booking,
  mesmos,
}: {
  booking: AgendaBooking;
  mesmos: NonNullable<AgendaBooking["mesmos"]>;
}) {
  const kinds = (["whatsapp", "email", "ip"] as const).filter((k) => mesmos[k] > 0);
  if (kinds.length === 0) return null;
  const many = kinds.some((k) => mesmos[k] > 1);
  return (
    <details open={many}>
      <summary className="cursor-pointer font-semibold text-brand-700">
        Não confirmados do mesmo contato
        {many ? ` (${Math.max(...kinds.map((k) => mesmos[k]))})` : ""}
      </summary>
      <ChoiceForm
        intent="liberar"
        recordId={booking.id}
        className="mt-2 flex flex-wrap gap-2"
        name="por"
        choices={kinds}
        variant={() => "outline"}
        buttonClassName="h-auto whitespace-normal text-left"
      >
        {(k) => (
          <>
            Cancelar {mesmos[k] === 1 ? "o não confirmado" : `os ${mesmos[k]} não confirmados`}{" "}
            {SAME_LABEL[k]}
            <span className="sr-only"> ({booking.numero})</span>
          </>
        )}
      </ChoiceForm>
    </details>
  );
}

const closed = (b: AgendaBooking) => b.status === "cancelado" || b.status === "nao_compareceu";

/** "Tosador": give the booking to a groomer of its unit, or to nobody yet. */
function AssignForm({ booking, groomers }: { booking: AgendaBooking; groomers: Units }) {
  return (
    <details>
      <summary className="cursor-pointer font-semibold text-brand-700">
        {booking.tosador ? "Trocar tosador" : "Atribuir tosador"}
        <span className="sr-only"> de {booking.numero}</span>
      </summary>
      <IntentForm
        intent="tosador"
        recordId={booking.id}
        className="mt-2 flex flex-wrap items-end gap-2"
      >
        <GroomerField
          id={`tosador_${booking.id}`}
          groomers={groomers}
          defaultValue={booking.tosador?.id ?? null}
        />
        <CardButton>
          Salvar tosador
          <span className="sr-only"> {booking.numero}</span>
        </CardButton>
      </IntentForm>
    </details>
  );
}

function CheckInForm({
  booking,
  error,
  groomers,
}: {
  booking: AgendaBooking;
  error: { message: string; precoFinal: string } | null;
  groomers: Groomers;
}) {
  return (
    <details open={error !== null}>
      <summary className="cursor-pointer font-semibold text-brand-700">Check-in</summary>
      <IntentForm intent="checkin" recordId={booking.id} className="mt-2 grid gap-2">
        {booking.pets.map((p) => (
          <div key={p.id} className="grid grid-cols-3 items-end gap-2">
            <span className="font-semibold">{p.nome}</span>
            <SizeAndCoatFields
              idPrefix={`checkin_${p.id}_`}
              names={{ porte: `porte_${p.id}`, pelagem: `pelagem_${p.id}` }}
              porte={p.porte}
              pelagem={p.pelagem}
            />
          </div>
        ))}
        <Field
          id={`preco_${booking.id}`}
          label="Preço final (R$)"
          hint="Vazio mantém o estimado"
          error={error?.message}
        >
          <Input
            // A refused value stays as typed (a new key when it changes, so it shows).
            key={error?.precoFinal ?? "salvo"}
            name="precoFinal"
            inputMode="decimal"
            defaultValue={
              error
                ? error.precoFinal
                : booking.precoFinal !== null
                  ? formatBRLNumber(booking.precoFinal)
                  : ""
            }
          />
        </Field>
        {groomers ? (
          <GroomerField
            id={`checkin_tosador_${booking.id}`}
            groomers={groomers}
            defaultValue={booking.tosador?.id ?? null}
          />
        ) : null}
        <CardButton>Fazer check-in</CardButton>
      </IntentForm>
    </details>
  );
}

function RescheduleForm({ booking, units }: { booking: AgendaBooking; units: Units }) {
  const id = (name: string) => `remarcar_${name}_${booking.id}`;
  return (
    <details>
      <summary className="cursor-pointer font-semibold text-brand-700">Remarcar</summary>
      <IntentForm intent="remarcar" recordId={booking.id} className="mt-2 grid gap-2">
        <UnitField
          id={id("unidade")}
          name="unidadeId"
          units={units}
          defaultValue={booking.unidadeId}
        />
        <div className="grid grid-cols-2 gap-2">
          <DayField id={id("data")} defaultValue={booking.data} />
          <TimeField id={id("horario")} defaultValue={booking.horario} />
        </div>
        <CheckboxLabel id={id("acima")} name="acima" label="Acima da capacidade" />
        <CardButton>
          Remarcar
          <span className="sr-only"> {booking.numero}</span>
        </CardButton>
      </IntentForm>
    </details>
  );
}

/**
 * A pet's care alerts (the account's current ones, else those typed at booking), the vaccines
 * expired on the booking day, and the link to its history (a customer's pet).
 */
function PetCareNotes({ pet }: { pet: AgendaBooking["pets"][number] }) {
  const alertas = pet.cuidado?.alertas ?? pet.alertas;
  return (
    <>
      {alertas ? (
        <span
          className="ml-2 whitespace-pre-line rounded bg-red-100 px-2 text-sm font-semibold text-red-800"
          data-testid="alertas"
        >
          {alertas}
        </span>
      ) : null}
      {pet.cuidado?.vencidas.map((v) => (
        <span
          key={v.tipo}
          className="mt-1 block rounded bg-red-50 px-2 text-sm font-semibold text-red-800"
          data-testid="vacina-vencida"
        >
          Vacina vencida: {v.tipo.toLowerCase()} (venceu em {formatIsoDate(v.validaAte)})
        </span>
      ))}
      {pet.pacote ? (
        <span
          className="mt-1 block rounded bg-emerald-50 px-2 text-sm font-semibold text-emerald-800"
          data-testid="pacote"
        >
          {packageBalanceText(pet.pacote)}
          {pet.pacote.cobre ? "" : " (não cobre estes serviços)"}
        </span>
      ) : null}
      {pet.petId ? (
        <a
          className="ml-2 text-sm font-semibold text-brand-700 underline"
          href={`/admin/servicos/pets/${pet.petId}`}
        >
          Histórico do pet
        </a>
      ) : null}
    </>
  );
}
