// /admin/servicos/agenda/:id/repetir: "Repetir" from a booking card (issue 45 point 5,
// decision 0087). The staff book one of its pets again every 7/14/21/28 days, same services,
// up to N times or until a date; dates that do not fit come back listed with the nearest free
// drop-offs or "Pular esta data", and the form is sent again. A plain form.
import { data, href, useActionData } from "react-router";
import { adminPage } from "~/components/admin/page";
import { AdminPageHeader } from "~/components/admin/page-header";
import { SeriesForm, type SeriesRefusal } from "~/components/conta/series-form";
import { addDays } from "~/domain/shop-time";
import { seesUnit } from "~/domain/unit-scope";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import { dayLabel, readSeriesForm } from "~/modules/grooming";
import { bookingToRepeat, repeatBooking } from "~/modules/grooming/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { AdminError } from "~/platform/admin/actor.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/servicos-repetir";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Repetir agendamento",
  capability: "agenda.agendar",
  failure: "Erro ao carregar o agendamento",
});

const NOT_FOUND = "Agendamento não encontrado";

export const loader = adminLoader(
  handle,
  async ({ params }: Route.LoaderArgs, { reads, staff }) => {
    const found = await reads(() => bookingToRepeat({ id: params.id }));
    // Another unit's booking is not found (decision 0069).
    if (!found || !seesUnit(staff, found.agendamento.unidadeId)) {
      throw data({ message: NOT_FOUND }, { status: 404 });
    }
    const a = found.agendamento;
    return {
      agendamento: {
        id: a.id,
        numero: a.numero,
        data: a.data,
        horario: a.horario,
        unidadeId: a.unidadeId,
        nomeTutor: a.nomeTutor,
      },
      pets: found.pets.map((p) => ({
        id: p.id,
        nome: p.nome,
        servicos: p.servicos.map((s) => s.nome).join(", "),
      })),
      start: { primeiraData: addDays(a.data, 14), horario: a.horario },
    };
  },
);

export const action = adminAction(
  {
    repetir: adminIntent({
      capability: "agenda.agendar",
      failure: "Erro ao agendar a série",
      run: async (fields: Record<string, string>, { actor, params }) => {
        const found = await bookingToRepeat({ id: params.id ?? "" });
        if (!found || !seesUnit(actor, found.agendamento.unidadeId)) {
          throw new AdminError(NOT_FOUND);
        }
        const sent = Object.fromEntries(
          Object.entries(fields as Record<string, string>).map(([k, v]) => [k, v.slice(0, 40)]),
        );
        const form = readSeriesForm(fields);
        if (!form.ok) return refused({ message: form.message, sent });
        const result = await repeatBooking(found, form.value, { staff: actor });
        if (!result.ok) {
          return refused({
            message: result.message,
            conflitos: result.code === "conflitos" ? result.ocorrencias : undefined,
            sent,
          });
        }
        const first = result.agendamentos[0]!;
        return redirectWithToast(
          `/admin/servicos/agenda?unidade=${first.unidadeId}&dia=${first.data}`,
          {
            type: "success",
            title: `Série agendada: ${result.agendamentos.length} datas a cada ${result.serie.intervaloDias} dias`,
            description: [
              result.agendamentos.map((r) => r.numero).join(", "),
              result.pulados.length ? `${result.pulados.length} data(s) pulada(s)` : "",
            ]
              .filter(Boolean)
              .join(" · "),
          },
        );
      },
    }),
  },
  { capability: "agenda.agendar", noControlChars: true },
);

function refused(body: SeriesRefusal) {
  return data({ ok: false as const, intent: "repetir", ...body }, { status: 400 });
}

export default function RepeatBooking({ loaderData }: Route.ComponentProps) {
  const { agendamento: a, pets, start } = loaderData;
  const result = useActionData<typeof action>() as
    | (SeriesRefusal & { ok: false; intent: string })
    | { ok: false; message: string }
    | undefined;
  const refusal: SeriesRefusal | null =
    result && "sent" in result
      ? result
      : result
        ? { message: result.message ?? "Confira o formulário", sent: {} }
        : null;
  return (
    <div className="grid max-w-2xl gap-6">
      <AdminPageHeader
        title="Repetir agendamento"
        description={`${a.numero} · ${dayLabel(a.data)} às ${a.horario} · ${a.nomeTutor}`}
        back={{
          to: `${href("/admin/servicos/agenda")}?unidade=${a.unidadeId}&dia=${a.data}`,
          label: "Voltar à agenda",
        }}
      />
      <ul className="grid gap-1 text-sm">
        {pets.map((p) => (
          <li key={p.id}>
            <span className="font-semibold">{p.nome}</span> · {p.servicos}
          </li>
        ))}
      </ul>
      <p className="text-sm text-slate-700">
        Cada data é um agendamento comum, contado na capacidade da agenda. Se alguma não couber,
        nada é agendado: ela aparece com os horários livres mais próximos para escolher ou pular.
      </p>
      <SeriesForm pets={pets} start={start} refusal={refusal} />
    </div>
  );
}
