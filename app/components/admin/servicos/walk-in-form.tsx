// "Encaixe no balcão": a pet that arrives without a booking takes the day's capacity like one.
import {
  GroomerField,
  SizeAndCoatFields,
  TimeField,
} from "~/components/admin/servicos/agenda-fields";
import { IntentForm } from "~/components/forms/intent-form";
import { Button } from "~/components/ui/button";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Select, SelectOptions } from "~/components/ui/select";
import { ESPECIE_LABEL, ESPECIES } from "~/modules/grooming";

export function WalkInForm({
  unidadeId,
  day,
  services,
  groomers = null,
}: {
  unidadeId: string;
  day: string;
  services: readonly { id: string; nome: string }[];
  /** The unit's groomers, when the person may assign one. */
  groomers?: readonly { id: string; nome: string }[] | null;
}) {
  return (
    <section className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-bold">Encaixe no balcão</h2>
      <IntentForm intent="walkin" className="grid gap-3 sm:grid-cols-2">
        <input type="hidden" name="unidadeId" value={unidadeId} />
        <input type="hidden" name="data" value={day} />
        <TimeField id="walk-horario" />
        <Field id="walk-tutor" label="Tutor">
          <Input name="nomeTutor" required />
        </Field>
        <Field id="walk-whatsapp" label="WhatsApp">
          <Input name="whatsapp" inputMode="tel" required />
        </Field>
        <Field id="walk-nome" label="Pet">
          <Input name="nome" required />
        </Field>
        <Field id="walk-especie" label="Espécie">
          <Select name="especie" defaultValue="cao">
            <SelectOptions values={ESPECIES} labels={ESPECIE_LABEL} />
          </Select>
        </Field>
        <Field id="walk-raca" label="Raça">
          <Input name="raca" />
        </Field>
        <SizeAndCoatFields idPrefix="walk-" porte="P" pelagem="curta" />
        <Field id="walk-alertas" label="Alertas" className="sm:col-span-2">
          <Input name="alertas" placeholder="morde, alergias…" />
        </Field>
        <fieldset className="grid gap-1 sm:col-span-2">
          <legend className="font-semibold">Serviços</legend>
          {services.map((s) => (
            <CheckboxLabel
              key={s.id}
              id={`walk-servico-${s.id}`}
              name="servicoIds"
              value={s.id}
              label={s.nome}
            />
          ))}
        </fieldset>
        {groomers?.length ? (
          <GroomerField id="walk-tosador" groomers={groomers} defaultValue={null} />
        ) : null}
        <CheckboxLabel id="walk-acima" name="acima" label="Encaixar acima da capacidade" />
        <Button type="submit">Adicionar encaixe</Button>
      </IntentForm>
    </section>
  );
}
