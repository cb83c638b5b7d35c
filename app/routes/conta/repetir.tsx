// "Minha conta" → a booking of mine → "Repetir" (issue 45 point 5, decision 0087): the
// signed-in tutor books the same pet again every 7/14/21/28 days from a booking made with the
// account's e-mail (someone else's booking is the same 404 as none). Dates that do not fit
// come back with the nearest free drop-offs to choose or skip, nothing booked until every
// date is settled. When the booking is already of a series, its dates with "Pular esta data"
// and "Encerrar série".
import { data, redirect, useActionData, useLoaderData } from "react-router";
import { SeriesForm, type SeriesRefusal } from "~/components/conta/series-form";
import { SubPageTop } from "~/components/conta/sub-page-top";
import { Button } from "~/components/ui/button";
import { addDays } from "~/domain/shop-time";
import { formFields } from "~/lib/forms";
import { requireCustomer } from "~/modules/customers/index.server";
import { dayLabel, readSeriesForm, STATUS_AGENDAMENTO_LABEL } from "~/modules/grooming";
import {
  bookingToRepeat,
  endSeries,
  repeatBooking,
  seriesView,
  skipOccurrence,
} from "~/modules/grooming/index.server";
import { AdminError } from "~/platform/admin/actor.server";
import { now } from "~/platform/clock.server";
import { readForm } from "~/platform/request-info.server";
import type { Route } from "./+types/repetir";

const NO_STORE = { "Cache-Control": "private, no-store" };

export function meta() {
  return [{ title: "Repetir agendamento" }, { name: "robots", content: "noindex" }];
}

export function headers() {
  return NO_STORE;
}

const notFound = () =>
  data({ message: "Agendamento não encontrado" }, { status: 404, headers: NO_STORE });

/** The booking if it was made with this account's e-mail (as "Minha conta" lists them). */
async function ownBooking(email: string, numero: string) {
  if (!/^AGD\d{1,12}$/.test(numero)) return null;
  const found = await bookingToRepeat({ numero });
  const mine = found?.agendamento.email?.trim().toLowerCase() === email.trim().toLowerCase();
  return mine ? found : null;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { cliente } = await requireCustomer(request);
  const found = await ownBooking(cliente.email, params.numero);
  if (!found) throw notFound();
  const a = found.agendamento;
  const serie = a.serieId ? await seriesView(a.serieId) : null;
  return data(
    {
      agendamento: { numero: a.numero, data: a.data, horario: a.horario },
      pets: found.pets.map((p) => ({
        id: p.id,
        nome: p.nome,
        servicos: p.servicos.map((s) => s.nome).join(", "),
      })),
      start: { primeiraData: addDays(a.data, 14), horario: a.horario },
      serie: serie && {
        intervaloDias: serie.serie.intervaloDias,
        encerrada: serie.serie.encerradaEm !== null,
        datas: serie.agendamentos.map((r) => ({
          id: r.id,
          numero: r.numero,
          quando: `${dayLabel(r.data)} às ${r.horario}`,
          status: STATUS_AGENDAMENTO_LABEL[r.status],
          // "Pular esta data": one still ahead and open.
          pulavel: (r.status === "solicitado" || r.status === "confirmado") && r.inicio > now(),
        })),
      },
      feito: new URL(request.url).searchParams.get("feito"),
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: Route.ActionArgs) {
  const { cliente } = await requireCustomer(request);
  const found = await ownBooking(cliente.email, params.numero);
  if (!found) throw notFound();
  const fields = formFields(await readForm(request));
  const sent = Object.fromEntries(
    Object.entries(fields)
      .slice(0, 60)
      .map(([k, v]) => [k.slice(0, 20), v.slice(0, 40)]),
  );
  const who = { clienteId: cliente.id };
  if (fields.intent === "encerrar" || fields.intent === "pular") {
    const serieId = found.agendamento.serieId;
    if (!serieId) throw notFound();
    const agendamentoId = fields.agendamentoId ?? "";
    if (fields.intent === "pular" && !/^[0-9a-f-]{36}$/i.test(agendamentoId)) {
      return refused({ message: "Agendamento não encontrado nesta série", sent: {} });
    }
    try {
      if (fields.intent === "encerrar") await endSeries(serieId, who);
      else await skipOccurrence(serieId, agendamentoId, who);
    } catch (error) {
      if (error instanceof AdminError) return refused({ message: error.message, sent: {} });
      throw error;
    }
    const feito = fields.intent === "encerrar" ? "encerrada" : "pulada";
    return redirect(`/conta/agendamentos/${params.numero}/repetir?feito=${feito}`, 303);
  }
  const form = readSeriesForm(fields);
  if (!form.ok) return refused({ message: form.message, sent });
  const result = await repeatBooking(found, form.value, who);
  if (!result.ok) {
    return refused({
      message: result.message,
      conflitos: result.code === "conflitos" ? result.ocorrencias : undefined,
      sent,
    });
  }
  return redirect(`/conta/agendamentos/${result.agendamentos[0]!.numero}/repetir?feito=serie`, 303);
}

function refused(body: SeriesRefusal) {
  return data({ ok: false as const, ...body }, { status: 400, headers: NO_STORE });
}

const DONE: Record<string, string> = {
  serie: "Série agendada: cada data tem seu lembrete na véspera.",
  encerrada: "Série encerrada: as datas à frente foram canceladas.",
  pulada: "Data pulada: as outras datas da série continuam.",
};

export default function RepeatMyBooking() {
  const { agendamento: a, pets, start, serie, feito } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>() ?? null;
  const open = serie?.datas.some((d) => d.status === "Solicitado" || d.status === "Confirmado");
  return (
    <div className="grid gap-6">
      <SubPageTop backTo="/conta" backLabel="← Minha conta" done={feito ? DONE[feito] : null} />
      {serie ? (
        <section
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4"
          data-testid="minha-serie"
        >
          <h2 className="text-lg font-bold">
            Série a cada {serie.intervaloDias} dias{serie.encerrada ? " (encerrada)" : ""}
          </h2>
          <ul className="grid gap-1 text-sm">
            {serie.datas.map((d) => (
              <li key={d.numero} className="flex flex-wrap items-center gap-x-3">
                <span>
                  {d.quando} · {d.numero} · {d.status}
                </span>
                {d.pulavel && !serie.encerrada ? (
                  <form method="post">
                    <input type="hidden" name="intent" value="pular" />
                    <input type="hidden" name="agendamentoId" value={d.id} />
                    <Button type="submit" variant="ghost" size="sm">
                      Pular esta data<span className="sr-only"> ({d.quando})</span>
                    </Button>
                  </form>
                ) : null}
              </li>
            ))}
          </ul>
          {open ? (
            <form method="post">
              <input type="hidden" name="intent" value="encerrar" />
              <Button type="submit" variant="outline">
                Encerrar série
              </Button>
            </form>
          ) : null}
        </section>
      ) : null}
      <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
        <h2 className="text-lg font-bold">Repetir o agendamento {a.numero}</h2>
        <p className="text-sm text-slate-700">
          {dayLabel(a.data)} às {a.horario} ·{" "}
          {pets.map((p) => `${p.nome} (${p.servicos})`).join(", ")}
        </p>
        <SeriesForm pets={pets} start={start} refusal={refusal} />
      </section>
    </div>
  );
}
