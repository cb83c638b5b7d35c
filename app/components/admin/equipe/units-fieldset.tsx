// Role and units of a person (the invitation and the access form): every unit, present and
// future, or a chosen list of active units. Plain radios and checkboxes: no JavaScript needed.

import { Field } from "~/components/ui/field";
import { Select, SelectOptions } from "~/components/ui/select";
import { PAPEIS, PAPEL_LABEL, type Papel } from "~/domain/permissions";

export interface UnitOption {
  id: string;
  nome: string;
  ativo: boolean;
}

export function RoleSelect({
  id,
  defaultValue,
  error,
}: {
  id: string;
  defaultValue?: Papel;
  error?: string;
}) {
  return (
    <Field
      id={id}
      label="Papel"
      required
      error={error}
      hint="Dono: tudo. Gerente: tudo das suas unidades, sem equipe nem credenciais. Atendente: pedidos, retirada e agenda. Tosador: a agenda."
    >
      <Select name="papel" defaultValue={defaultValue ?? "atendente"}>
        <SelectOptions values={PAPEIS} labels={PAPEL_LABEL} />
      </Select>
    </Field>
  );
}

export function UnitsFieldset({
  prefix,
  units,
  todas = true,
  chosen = [],
  error,
}: {
  prefix: string;
  units: UnitOption[];
  todas?: boolean;
  chosen?: string[];
  error?: string;
}) {
  return (
    <fieldset
      className="grid gap-2"
      aria-describedby={error ? `${prefix}-unidades-error` : undefined}
    >
      <legend className="mb-1 text-sm font-medium text-slate-900">Unidades</legend>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="radio"
          name="unidades"
          value="todas"
          defaultChecked={todas}
          className="size-4"
        />
        Todas as unidades (inclusive as futuras)
      </label>
      <label className="flex min-h-11 items-center gap-2 text-sm">
        <input
          type="radio"
          name="unidades"
          value="escolhidas"
          defaultChecked={!todas}
          className="size-4"
        />
        Só as unidades marcadas:
      </label>
      <div className="grid gap-1 pl-6">
        {units.map((u) => (
          <label key={u.id} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name="unidadeIds"
              value={u.id}
              defaultChecked={chosen.includes(u.id)}
              className="size-4"
            />
            {u.nome}
          </label>
        ))}
      </div>
      {error ? (
        <p
          id={`${prefix}-unidades-error`}
          className="text-sm font-medium text-red-700"
          role="alert"
        >
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The units a person works at, in words. */
export function unitsText(
  todas: boolean,
  ids: readonly string[],
  units: readonly UnitOption[],
): string {
  if (todas) return "Todas as unidades";
  const names = ids.map((id) => {
    const unit = units.find((u) => u.id === id);
    return unit ? `${unit.nome}${unit.ativo ? "" : " (inativa)"}` : "Unidade removida";
  });
  return names.length > 0 ? names.join(", ") : "Nenhuma unidade";
}
