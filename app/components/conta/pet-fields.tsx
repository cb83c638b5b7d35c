// A pet's fields in "Meus pets" (issue 42 point 3): the same inputs add a pet and edit one.
// Sizes come from the schema the action checks (PET_LIMITS), so the page never accepts what
// the server refuses. Plain inputs: works without JavaScript, one column on a 360 px phone.
import { PetTraitSelect } from "~/components/conta/pet-trait-select";
import { Field } from "~/components/ui/field";
import { Input, PhoneInput } from "~/components/ui/input";
import { Select, SelectOptions } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { ESPECIE_LABEL, ESPECIES, SEXO_PET_LABEL, SEXOS_PET } from "~/domain/pets";
import { PET_LIMITS } from "~/modules/customers";

export type PetValues = Partial<Record<string, string | boolean | null>>;

const text = (v: PetValues[string]) => (typeof v === "string" ? v : "");

export function PetFields({
  values,
  errors,
}: {
  values: PetValues;
  errors: Record<string, string>;
}) {
  return (
    <div className="grid gap-4">
      <Field id="nome" label="Nome" required error={errors.nome}>
        <Input defaultValue={text(values.nome)} maxLength={PET_LIMITS.nome} required />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="especie" label="Espécie" required error={errors.especie}>
          <Select defaultValue={text(values.especie) || "cao"}>
            <SelectOptions values={ESPECIES} labels={ESPECIE_LABEL} />
          </Select>
        </Field>
        <Field id="raca" label="Raça" error={errors.raca}>
          <Input defaultValue={text(values.raca)} maxLength={PET_LIMITS.raca} />
        </Field>
        <Field
          id="porte"
          label="Porte"
          required
          error={errors.porte}
          hint="O porte e a pelagem definem o preço do banho: a equipe confirma na chegada."
        >
          <PetTraitSelect trait="porte" defaultValue={text(values.porte)} required />
        </Field>
        <Field id="pelagem" label="Pelagem" required error={errors.pelagem}>
          <PetTraitSelect trait="pelagem" defaultValue={text(values.pelagem)} required />
        </Field>
        <Field id="nascimento" label="Nascimento" error={errors.nascimento}>
          <Input type="date" defaultValue={text(values.nascimento)} />
        </Field>
        <Field id="sexo" label="Sexo" error={errors.sexo}>
          <Select defaultValue={text(values.sexo)}>
            <option value="">Não informar</option>
            <SelectOptions values={SEXOS_PET} labels={SEXO_PET_LABEL} />
          </Select>
        </Field>
      </div>
      <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
        <input
          type="checkbox"
          name="castrado"
          defaultChecked={values.castrado === true || values.castrado === "on"}
          className="size-5"
        />
        Castrado(a)
      </label>
      <Field
        id="alertas"
        label="Cuidados (alergias, comportamento)"
        error={errors.alertas}
        hint="A equipe do banho e tosa vê isto em todo agendamento."
      >
        <Textarea defaultValue={text(values.alertas)} maxLength={PET_LIMITS.alertas} rows={3} />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="veterinarioNome" label="Veterinário" error={errors.veterinarioNome}>
          <Input
            defaultValue={text(values.veterinarioNome)}
            maxLength={PET_LIMITS.veterinarioNome}
          />
        </Field>
        <Field
          id="veterinarioTelefone"
          label="Telefone do veterinário"
          error={errors.veterinarioTelefone}
        >
          <PhoneInput
            defaultValue={text(values.veterinarioTelefone)}
            maxLength={PET_LIMITS.veterinarioTelefone}
          />
        </Field>
        <Field id="rgPet" label="RG Pet (opcional)" error={errors.rgPet}>
          <Input defaultValue={text(values.rgPet)} maxLength={PET_LIMITS.rgPet} />
        </Field>
        <Field id="foto" label="Foto" error={errors.foto} hint="JPEG, PNG ou HEIC até 10 MB.">
          <Input type="file" accept="image/*" />
        </Field>
      </div>
    </div>
  );
}
