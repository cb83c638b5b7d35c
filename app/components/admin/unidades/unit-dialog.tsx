// The unit form (/admin/unidades), in a dialog: a new unit, or one to edit. Checked in the
// browser with the action's schema (unitSchema), then by the action.
import { href } from "react-router";
import { EditOrNewButton } from "~/components/admin/edit-or-new-button";
import { type TextFieldSpec, TextFields } from "~/components/admin/text-fields";
import { FormSection } from "~/components/forms/form-section";
import { IntentFields } from "~/components/forms/intent-form";
import { useDialogForm } from "~/components/forms/use-checked-fetcher";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { TitledDialog } from "~/components/ui/dialog";
import { Field, formControls } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SaveButton } from "~/components/ui/save-button";
import { TextAreaField, TextField } from "~/components/ui/text-field";
import { shop } from "~/content/shop";
import { formatarCnpj } from "~/domain/fiscal-id";
import { formatPhoneDisplay } from "~/domain/phone";
import { type HorarioDia, type Unit, unitSchema, WEEK_ORDER, WEEKDAYS } from "~/modules/shop";

/** A new unit starts with the shop's usual week: Monday to Friday 9h to 20h, Saturday to 18h. */
const USUAL_WEEK: HorarioDia[] = [
  null,
  ...Array.from({ length: 5 }, () => ({ abre: "09:00", fecha: "20:00" })),
  { abre: "09:00", fecha: "18:00" },
];

/** Name, identifier, order on the site and the branch's fiscal ids. */
const identification = (unit?: Unit): TextFieldSpec[] => [
  {
    name: "nome",
    label: "Nome",
    required: true,
    defaultValue: unit?.nome,
    maxLength: 80,
    placeholder: "Unidade Meia Praia",
  },
  {
    name: "slug",
    label: "Identificador",
    required: true,
    hint: "Letras minúsculas, números e hífens (ex.: meia-praia). Usado nas colunas de estoque da importação: mude com cuidado.",
    defaultValue: unit?.slug,
    maxLength: 40,
    autoCapitalize: "none",
    spellCheck: false,
  },
  {
    name: "posicao",
    label: "Posição",
    hint: "Ordem no site: a menor aparece primeiro.",
    inputMode: "numeric",
    defaultValue: String(unit?.posicao ?? 0),
    maxLength: 3,
  },
  {
    name: "cnpj",
    label: "CNPJ da filial",
    hint: "As notas fiscais dos fornecedores para este CNPJ entram no estoque desta unidade.",
    defaultValue: unit?.cnpj ? formatarCnpj(unit.cnpj) : "",
    maxLength: 18,
    autoCapitalize: "characters",
    spellCheck: false,
    placeholder: "12.345.678/0001-95",
  },
  {
    name: "ie",
    label: "Inscrição estadual",
    hint: "Só os números, conferidos com a UF da unidade; ou ISENTO.",
    defaultValue: unit?.ie ?? "",
    maxLength: 20,
    autoCapitalize: "characters",
    spellCheck: false,
  },
];

/** Where the unit is; a new one starts in the shop's city. */
const address = (unit?: Unit): TextFieldSpec[] => [
  {
    name: "endereco",
    label: "Endereço",
    required: true,
    className: "sm:col-span-2",
    defaultValue: unit?.endereco,
    maxLength: 120,
    placeholder: "Rua 416",
  },
  { name: "bairro", label: "Bairro", required: true, defaultValue: unit?.bairro, maxLength: 80 },
  {
    name: "cidade",
    label: "Cidade",
    required: true,
    defaultValue: unit?.cidade ?? shop.city,
    maxLength: 80,
  },
  {
    name: "uf",
    label: "UF",
    required: true,
    defaultValue: unit?.uf ?? shop.state,
    maxLength: 2,
    className: "uppercase sm:max-w-24",
  },
  {
    name: "cep",
    label: "CEP",
    inputMode: "numeric",
    defaultValue: unit?.cep ?? "",
    maxLength: 9,
    placeholder: "88220-000",
  },
  {
    name: "mapsUrl",
    label: "Link do mapa",
    hint: "O botão 'Abrir no mapa' do site.",
    className: "sm:col-span-2",
    type: "url",
    inputMode: "url",
    defaultValue: unit?.mapsUrl ?? "",
    placeholder: "https://www.google.com/maps/...",
  },
];

/** The unit's contact numbers, each typed with its area code. */
const PHONES = [
  { name: "telefone", label: "Telefone", example: "(47) 3333-0416" },
  { name: "whatsapp", label: "WhatsApp", example: "(47) 99999-0416" },
] as const;

/** What a unit serves besides the counter, each a checkbox the action may refuse. */
const SERVICES = [
  {
    name: "atendeEntregas",
    label: "Atende entregas",
    hint: "Pode ser a unidade que entrega nos bairros (Loja Online › Configurações).",
  },
  {
    name: "retiradaAtiva",
    label: "Retirada na loja",
    hint: "O cliente pode retirar aqui o pedido da loja online.",
  },
] as const;

/** A day's two times, with what a screen reader says of each. */
const DAY_TIMES = [
  { key: "abre", label: "Abertura" },
  { key: "fecha", label: "Fechamento" },
] as const;

function CheckboxError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-red-700" role="alert">
      {error}
    </p>
  );
}

export function UnitDialog({ unit }: { unit?: Unit }) {
  const { open, onOpenChange, fetcher, errors, formProps, pending } = useDialogForm();
  const editing = Boolean(unit);
  const { id, field, props, checkbox } = formControls(
    unit ? `u-${unit.id.slice(0, 8)}` : "nova",
    errors,
  );
  const week = unit?.horarios ?? USUAL_WEEK;
  const phone = (value: string | null | undefined) => (value ? formatPhoneDisplay(value) : "");

  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<EditOrNewButton name={unit?.nome} newLabel="Nova unidade" />}
      title={editing ? `Editar ${unit!.nome}` : "Nova unidade"}
      description="Campos com * são obrigatórios. O site mostra as unidades ativas, na ordem da posição."
      className="max-w-3xl"
    >
      <fetcher.Form
        {...formProps(unitSchema)}
        action={href("/admin/unidades")}
        className="grid gap-6"
      >
        <IntentFields intent={editing ? "unit-update" : "unit-create"} recordId={unit?.id} />

        <FormSection legend="Identificação">
          <TextFields fields={identification(unit)} field={field} />
        </FormSection>

        <FormSection legend="Endereço">
          <TextFields fields={address(unit)} field={field} />
        </FormSection>

        <FormSection legend="Contato">
          {PHONES.map(({ name, label, example }) => (
            <TextField
              key={name}
              {...field(name)}
              label={label}
              hint={`Com DDD, ex.: ${example}`}
              type="tel"
              inputMode="tel"
              defaultValue={phone(unit?.[name])}
            />
          ))}
        </FormSection>

        <fieldset className="grid min-w-0 gap-2">
          <legend className="mb-1 font-semibold">Horário de funcionamento</legend>
          <p className="text-xs text-slate-600">
            Deixe abertura e fechamento vazios nos dias em que a unidade fecha.
          </p>
          <div
            className="grid grid-cols-[5rem_minmax(0,1fr)_minmax(0,1fr)] sm:grid-cols-[6rem_1fr_1fr] gap-2 text-xs font-semibold text-slate-600 uppercase"
            aria-hidden="true"
          >
            <span>Dia</span>
            <span>Abre</span>
            <span>Fecha</span>
          </div>
          {WEEK_ORDER.map((d) => {
            const day = week[d] ?? null;
            return (
              <div
                key={d}
                className="grid grid-cols-[5rem_minmax(0,1fr)_minmax(0,1fr)] sm:grid-cols-[6rem_1fr_1fr] items-start gap-2"
                role="group"
                aria-label={WEEKDAYS[d]}
              >
                <span className="pt-2 text-sm font-medium">{WEEKDAYS[d]}</span>
                {DAY_TIMES.map(({ key, label }) => (
                  <Field
                    key={key}
                    id={id(`${key}_${d}`)}
                    label={
                      <span className="sr-only">
                        {label} de {WEEKDAYS[d]}
                      </span>
                    }
                    error={errors[`${key}_${d}`]}
                    className="min-w-0 grid-cols-[minmax(0,1fr)]"
                  >
                    {/* A time field is wide by itself: on a phone it narrows with its column. */}
                    <Input
                      {...props(`${key}_${d}`)}
                      type="time"
                      defaultValue={day?.[key] ?? ""}
                      className="min-w-0 px-2"
                    />
                  </Field>
                ))}
              </div>
            );
          })}
        </fieldset>

        <TextAreaField
          {...field("servicos")}
          label="Serviços"
          hint="Um por linha (ex.: Rações e acessórios). Aparecem no cartão da unidade."
          rows={3}
          defaultValue={unit?.servicos.join("\n") ?? ""}
        />

        <FormSection legend="Situação, retirada e entregas">
          <CheckboxField
            {...checkbox("ativo")}
            label="Unidade ativa (aparece no site)"
            defaultChecked={unit ? unit.ativo : true}
          />
          <CheckboxField
            {...checkbox("emBreve")}
            label="Em breve (ainda não abriu)"
            hint="Aparece com o selo 'Em breve', sem horário nem mapa."
            defaultChecked={unit?.emBreve ?? false}
          />
          {SERVICES.map(({ name, label, hint }) => (
            <div key={name} className="grid gap-1">
              <CheckboxField
                {...checkbox(name)}
                label={label}
                hint={hint}
                defaultChecked={unit?.[name] ?? false}
                aria-invalid={errors[name] ? true : undefined}
              />
              <CheckboxError id={id(name)} error={errors[name]} />
            </div>
          ))}
          <TextField
            {...field("preparoHoras")}
            label="Pronto para retirada em (horas)"
            hint="De 0 a 168 horas."
            inputMode="numeric"
            defaultValue={String(unit?.preparoHoras ?? 2)}
            maxLength={3}
          />
          <TextAreaField
            {...field("instrucoesRetirada")}
            label="Instruções de retirada"
            className="sm:col-span-2"
            rows={2}
            maxLength={500}
            defaultValue={unit?.instrucoesRetirada ?? ""}
            placeholder="Retire no balcão informando o número do pedido."
          />
        </FormSection>

        <div className="flex justify-end">
          <SaveButton saving={pending}>
            {editing ? "Salvar alterações" : "Criar unidade"}
          </SaveButton>
        </div>
      </fetcher.Form>
    </TitledDialog>
  );
}
