// "Repetir" (issue 45 point 5, decision 0087): one pet's booking again every 7/14/21/28 days,
// up to N times or until a date. When some dates do not fit, the answer lists each with the
// nearest free drop-offs and "Pular esta data" to choose, and the same form is sent again (the
// choices already made ride along as hidden fields). Used by the staff's agenda and by the
// tutor's account; a plain form, no JavaScript needed.

import { IntentForm } from "~/components/forms/intent-form";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NamedOptions, Select } from "~/components/ui/select";
import { dayLabel, INTERVALOS_SERIE, MAX_OCORRENCIAS, trocaField } from "~/modules/grooming";

interface SeriesConflict {
  indice: number;
  data: string;
  horario: string;
  motivo: string;
  proximos: { data: string; horario: string }[];
}

/** What the action answers when the series was not booked: the message, conflicts, the form. */
export interface SeriesRefusal {
  message: string;
  conflitos?: SeriesConflict[];
  sent: Record<string, string>;
}

export function SeriesForm({
  pets,
  start,
  refusal,
  submitLabel = "Agendar a série",
}: {
  pets: readonly { id: string; nome: string }[];
  /** The first date and time offered (the booking's drop-off time, one interval later). */
  start: { primeiraData: string; horario: string };
  refusal?: SeriesRefusal | null;
  submitLabel?: string;
}) {
  const sent = refusal?.sent ?? {};
  const value = (name: string, fallback: string) => sent[name] ?? fallback;
  const conflicts = refusal?.conflitos ?? [];
  const asked = new Set(conflicts.map((c) => trocaField(c.indice)));
  // Choices made on an earlier round that are not asked again.
  const kept = Object.entries(sent).filter(([k]) => /^troca_\d+$/.test(k) && !asked.has(k));
  return (
    <IntentForm intent="repetir" className="grid gap-4" data-testid="serie-form">
      {refusal ? (
        <p role="alert" className="font-semibold text-red-700">
          {refusal.message}
        </p>
      ) : null}
      {pets.length > 1 ? (
        <Field id="petId" label="Pet">
          <Select defaultValue={value("petId", pets[0]!.id)}>
            <NamedOptions items={pets} />
          </Select>
        </Field>
      ) : (
        <input type="hidden" name="petId" value={pets[0]?.id ?? ""} />
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Repetir</legend>
        <div className="flex flex-wrap gap-2">
          {INTERVALOS_SERIE.map((d) => (
            <label
              key={d}
              className="flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3"
            >
              <input
                type="radio"
                name="intervaloDias"
                value={d}
                defaultChecked={value("intervaloDias", "14") === String(d)}
                required
              />
              a cada {d} dias
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="primeiraData" label="Primeira data">
          <Input type="date" defaultValue={value("primeiraData", start.primeiraData)} required />
        </Field>
        <Field id="horario" label="Horário de deixar o pet">
          <Input
            type="time"
            defaultValue={value("horario", start.horario)}
            pattern="[0-2][0-9]:[0-5][0-9]"
            required
          />
        </Field>
        <Field id="ocorrencias" label="Quantas vezes" hint={`De 1 a ${MAX_OCORRENCIAS}.`}>
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_OCORRENCIAS}
            defaultValue={value("ocorrencias", "4")}
            required
          />
        </Field>
        <Field id="ateData" label="Ou até (opcional)" hint="O que vier antes.">
          <Input type="date" defaultValue={value("ateData", "")} />
        </Field>
      </div>
      {kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      {conflicts.length > 0 ? (
        <div className="grid gap-3" data-testid="serie-conflitos">
          {conflicts.map((c) => (
            <fieldset
              key={c.indice}
              className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3"
            >
              <legend className="px-1 font-semibold">
                {c.indice + 1}ª data: {dayLabel(c.data)} às {c.horario}
              </legend>
              <p className="text-sm text-amber-900">{c.motivo}</p>
              {c.proximos.map((p) => (
                <label key={`${p.data}${p.horario}`} className="flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    name={trocaField(c.indice)}
                    value={`${p.data}|${p.horario}`}
                    required
                  />
                  {dayLabel(p.data)} às {p.horario}
                </label>
              ))}
              <label className="flex min-h-11 items-center gap-2">
                <input type="radio" name={trocaField(c.indice)} value="pular" required />
                Pular esta data
              </label>
            </fieldset>
          ))}
        </div>
      ) : null}
      <Button type="submit" className="justify-self-start">
        {conflicts.length > 0 ? "Enviar de novo" : submitLabel}
      </Button>
    </IntentForm>
  );
}
