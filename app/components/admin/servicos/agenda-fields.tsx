// The fields the agenda repeats: which unit, which day and which drop-off time (the day's
// filter, a reschedule, a walk-in), and a pet's size and coat (check-in, walk-in).
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { NamedOptions, Select, SelectOptions } from "~/components/ui/select";
import { PELAGEM_LABEL, PELAGENS, type Pelagem, PORTES, type Porte } from "~/modules/grooming";

type Named = readonly { id: string; nome: string }[];

export function UnitField({
  id,
  name,
  units,
  defaultValue,
}: {
  id: string;
  name: string;
  units: Named;
  defaultValue: string;
}) {
  return (
    <Field id={id} label="Unidade">
      <Select name={name} defaultValue={defaultValue}>
        <NamedOptions items={units} />
      </Select>
    </Field>
  );
}

export function DayField({
  id,
  name = "data",
  defaultValue,
}: {
  id: string;
  name?: string;
  defaultValue: string;
}) {
  return (
    <Field id={id} label="Dia">
      <Input name={name} type="date" defaultValue={defaultValue} />
    </Field>
  );
}

export function TimeField({ id, defaultValue }: { id: string; defaultValue?: string }) {
  return (
    <Field id={id} label="Horário">
      <Input name="horario" type="time" defaultValue={defaultValue} required />
    </Field>
  );
}

/** A pet's size and coat, as the staff see them at the counter. */
export function SizeAndCoatFields({
  idPrefix,
  names = { porte: "porte", pelagem: "pelagem" },
  porte,
  pelagem,
}: {
  idPrefix: string;
  names?: { porte: string; pelagem: string };
  porte: Porte;
  pelagem: Pelagem;
}) {
  return (
    <>
      <Field id={`${idPrefix}porte`} label="Porte">
        <Select name={names.porte} defaultValue={porte}>
          {PORTES.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </Select>
      </Field>
      <Field id={`${idPrefix}pelagem`} label="Pelagem">
        <Select name={names.pelagem} defaultValue={pelagem}>
          <SelectOptions values={PELAGENS} labels={PELAGEM_LABEL} />
        </Select>
      </Field>
    </>
  );
}

/** Who takes the pets: the unit's groomers, or nobody yet (decision 0070). */
export function GroomerField({
  id,
  groomers,
  defaultValue,
}: {
  id: string;
  groomers: Named;
  defaultValue: string | null;
}) {
  return (
    <Field id={id} label="Tosador">
      <Select name="tosadorId" defaultValue={defaultValue ?? ""}>
        <option value="">Sem tosador</option>
        <NamedOptions items={groomers} />
      </Select>
    </Field>
  );
}
