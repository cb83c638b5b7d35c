// /admin/servicos/agenda/imprimir?unidade=…&dia=…: "Imprimir fichas do dia", one card per pet
// of the bookings that still hold a place, without the panel around them; each card names its
// groomer, and `tosador` (todos, sem, an id) prints one groomer's sheet (decision 0070).
import { PrinterIcon } from "lucide-react";
import { data, useLoaderData } from "react-router";
import { adminMeta } from "~/components/admin/meta";
import { Button } from "~/components/ui/button";
import { formatIsoDate } from "~/domain/dates";
import { formatBRL } from "~/domain/money";
import type { AdminHandle } from "~/domain/permissions";
import { formatPhoneDisplay } from "~/domain/phone";
import {
  dayLabel,
  ESPECIE_LABEL,
  holdsPlace,
  matchesGroomer,
  PELAGEM_LABEL,
} from "~/modules/grooming";
import { groomingDay } from "~/modules/grooming/index.server";
import type { Route } from "./+types/servicos-agenda-imprimir";
import { printHeaders, printLoader } from "./print.server";

/** What the person must be allowed to do to open this route (decision 0068). */
export const handle = { capability: "agenda.ver" } satisfies AdminHandle;

export const meta = adminMeta("Fichas do dia");

// Tutors' names, phones and addresses: never kept by a browser's or a proxy's cache (the
// sheet is outside the admin layout, which says the same for the other admin pages).
export const headers = printHeaders;

export const loader = printLoader(handle, async (_: Route.LoaderArgs, { url, staff }) => {
  const unidade = url.searchParams.get("unidade") ?? "";
  const dia = url.searchParams.get("dia") ?? "";
  if (!/^[0-9a-f-]{36}$/i.test(unidade) || !/^\d{4}-\d{2}-\d{2}$/.test(dia)) {
    throw data("Escolha a unidade e o dia", { status: 400 });
  }
  const tosador = url.searchParams.get("tosador") || "todos";
  const day = await groomingDay(unidade, dia, staff);
  // Another unit's sheets answer as an unknown agenda (decision 0069).
  if (!day) throw data("Agenda não encontrada", { status: 404 });
  const fichas = day.agendamentos
    .filter((a) => holdsPlace(a.status) && matchesGroomer(a, tosador))
    .flatMap((a) =>
      a.pets.map((p) => ({
        key: p.id,
        numero: a.numero,
        horario: a.horario,
        tutor: a.nomeTutor,
        whatsapp: a.whatsapp,
        levaTraz: a.levaTraz ? `${a.endereco}, ${a.bairro}` : null,
        observacoes: a.observacoes,
        tosador: a.tosador?.nome ?? null,
        nome: p.nome,
        especie: ESPECIE_LABEL[p.especie],
        raca: p.raca,
        porte: p.porte,
        pelagem: PELAGEM_LABEL[p.pelagem],
        // The account's current alerts when it is a customer's pet (issue 42).
        alertas: p.cuidado?.alertas ?? p.alertas,
        vencidas: p.cuidado?.vencidas ?? [],
        aConfirmar: p.porteAConfirmar,
        servicos: p.servicos.map((s) => s.nome),
        preco: p.preco,
      })),
    );
  // The sheet of one groomer (or of the pets nobody took yet) says whose it is.
  const de =
    tosador === "sem"
      ? "sem tosador"
      : (day.agendamentos.find((a) => a.tosador?.id === tosador)?.tosador?.nome ?? null);
  return { dia, fichas, de };
});

export default function PrintCards() {
  const { dia, fichas, de } = useLoaderData<typeof loader>();
  return (
    <div className="min-h-screen bg-slate-100 print:bg-white">
      <div className="print-toolbar sticky top-0 flex items-center gap-2 border-b border-slate-200 bg-white px-4 py-2">
        <h1 className="mr-auto font-bold">
          Fichas de {dayLabel(dia)}
          {de ? ` · ${de}` : ""}
        </h1>
        <Button type="button" size="sm" onClick={() => window.print()} disabled={!fichas.length}>
          <PrinterIcon aria-hidden="true" />
          Imprimir
        </Button>
      </div>
      {fichas.length === 0 ? (
        <p className="p-6 text-center">Nenhum pet agendado neste dia.</p>
      ) : (
        <ul className="mx-auto grid max-w-3xl gap-4 p-4 print:block print:p-0">
          {fichas.map((f) => (
            <li
              key={f.key}
              className="break-inside-avoid rounded-lg border border-slate-300 bg-white p-4 print:mb-4"
              data-testid="ficha"
            >
              <p className="text-lg font-bold">
                {f.horario} · {f.nome} ({f.especie}
                {f.raca ? `, ${f.raca}` : ""}) · {f.porte} · {f.pelagem}
              </p>
              <p className="font-semibold" data-testid="ficha-tosador">
                Tosador: {f.tosador ?? "a definir"}
              </p>
              {f.alertas ? (
                <p
                  className="whitespace-pre-line font-bold text-red-700"
                  data-testid="ficha-alertas"
                >
                  Atenção: {f.alertas}
                </p>
              ) : null}
              {f.vencidas.map((v) => (
                <p key={v.tipo} className="font-bold text-red-700">
                  Vacina vencida: {v.tipo.toLowerCase()} (venceu em {formatIsoDate(v.validaAte)})
                </p>
              ))}
              {f.aConfirmar ? <p className="font-semibold">Porte e preço a confirmar</p> : null}
              <p>
                Serviços: {f.servicos.join(", ")} · {formatBRL(f.preco)}
              </p>
              <p>
                Tutor: {f.tutor} · {formatPhoneDisplay(f.whatsapp)} · {f.numero}
              </p>
              {f.levaTraz ? <p>Leva e traz: {f.levaTraz}</p> : null}
              {f.observacoes ? <p>Obs.: {f.observacoes}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
