// The unit form (/admin/unidades), in a dialog: a new unit, or one to edit. Checked in the
// browser with the action's schema (unitSchema), then by the action.
import { Pencil, Plus } from "lucide-react";
import { useCallback, useState } from "react";
import { href } from "react-router";
import { useCheckedFetcher } from "~/components/forms/use-checked-fetcher";
import { Button } from "~/components/ui/button";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { TitledDialog } from "~/components/ui/dialog";
import { Field, fieldProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { TextField } from "~/components/ui/text-field";
import { Textarea } from "~/components/ui/textarea";
import { shop } from "~/content/shop";
import { formatPhoneDisplay } from "~/domain/phone";
import { type HorarioDia, type Unit, unitSchema, WEEKDAYS } from "~/modules/shop";

/** A new unit starts with the shop's usual week: Monday to Friday 9h to 20h, Saturday to 18h. */
const USUAL_WEEK: HorarioDia[] = [
  null,
  ...Array.from({ length: 5 }, () => ({ abre: "09:00", fecha: "20:00" })),
  { abre: "09:00", fecha: "18:00" },
];

/** Monday first, as people read the week. */
const WEEK_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

function CheckboxError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="text-sm font-medium text-red-700" role="alert">
      {error}
    </p>
  );
}

export function UnitDialog({ unit }: { unit?: Unit }) {
  const [open, setOpen] = useState(false);
  const onSuccess = useCallback(() => setOpen(false), []);
  const { fetcher, errors, setClientErrors, formProps, pending } = useCheckedFetcher({ onSuccess });
  const editing = Boolean(unit);
  const prefix = unit ? `u-${unit.id.slice(0, 8)}` : "nova";
  const id = (name: string) => `${prefix}-${name}`;
  const field = (name: string) => ({ id: id(name), name, error: errors[name] });
  const props = (name: string) => ({ ...fieldProps(id(name), errors[name]), name });
  const week = unit?.horarios ?? USUAL_WEEK;
  const phone = (value: string | null | undefined) => (value ? formatPhoneDisplay(value) : "");

  return (
    <TitledDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setClientErrors({});
      }}
      trigger={
        editing ? (
          <Button variant="outline" size="sm">
            <Pencil aria-hidden="true" /> Editar<span className="sr-only"> {unit!.nome}</span>
          </Button>
        ) : (
          <Button>
            <Plus aria-hidden="true" /> Nova unidade
          </Button>
        )
      }
      title={editing ? `Editar ${unit!.nome}` : "Nova unidade"}
      description="Campos com * são obrigatórios. O site mostra as unidades ativas, na ordem da posição."
      className="max-w-3xl"
    >
      <fetcher.Form
        {...formProps(unitSchema)}
        action={href("/admin/unidades")}
        className="grid gap-6"
      >
        <input type="hidden" name="intent" value={editing ? "unit-update" : "unit-create"} />
        {unit ? <input type="hidden" name="id" value={unit.id} /> : null}

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Identificação</legend>
          <TextField
            {...field("nome")}
            label="Nome"
            required
            defaultValue={unit?.nome}
            maxLength={80}
            placeholder="Unidade Meia Praia"
          />
          <TextField
            {...field("slug")}
            label="Identificador"
            required
            hint="Letras minúsculas, números e hífens (ex.: meia-praia). Usado nas colunas de estoque da importação: mude com cuidado."
            defaultValue={unit?.slug}
            maxLength={40}
            autoCapitalize="none"
            spellCheck={false}
          />
          <TextField
            {...field("posicao")}
            label="Posição"
            hint="Ordem no site: a menor aparece primeiro."
            inputMode="numeric"
            defaultValue={String(unit?.posicao ?? 0)}
            maxLength={3}
          />
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Endereço</legend>
          <TextField
            {...field("endereco")}
            label="Endereço"
            required
            className="sm:col-span-2"
            defaultValue={unit?.endereco}
            maxLength={120}
            placeholder="Rua 416"
          />
          <TextField
            {...field("bairro")}
            label="Bairro"
            required
            defaultValue={unit?.bairro}
            maxLength={80}
          />
          <TextField
            {...field("cidade")}
            label="Cidade"
            required
            defaultValue={unit?.cidade ?? shop.city}
            maxLength={80}
          />
          <TextField
            {...field("uf")}
            label="UF"
            required
            defaultValue={unit?.uf ?? shop.state}
            maxLength={2}
            className="uppercase sm:max-w-24"
          />
          <TextField
            {...field("cep")}
            label="CEP"
            inputMode="numeric"
            defaultValue={unit?.cep ?? ""}
            maxLength={9}
            placeholder="88220-000"
          />
          <TextField
            {...field("mapsUrl")}
            label="Link do mapa"
            hint="O botão 'Abrir no mapa' do site."
            className="sm:col-span-2"
            type="url"
            inputMode="url"
            defaultValue={unit?.mapsUrl ?? ""}
            placeholder="https://www.google.com/maps/..."
          />
        </fieldset>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Contato</legend>
          <TextField
            {...field("telefone")}
            label="Telefone"
            hint="Com DDD, ex.: (47) 3333-0416"
            type="tel"
            inputMode="tel"
            defaultValue={phone(unit?.telefone)}
          />
          <TextField
            {...field("whatsapp")}
            label="WhatsApp"
            hint="Com DDD, ex.: (47) 99999-0416"
            type="tel"
            inputMode="tel"
            defaultValue={phone(unit?.whatsapp)}
          />
        </fieldset>

        <fieldset className="grid gap-2">
          <legend className="mb-1 font-semibold">Horário de funcionamento</legend>
          <p className="text-xs text-slate-600">
            Deixe abertura e fechamento vazios nos dias em que a unidade fecha.
          </p>
          <div
            className="grid grid-cols-[6rem_1fr_1fr] gap-2 text-xs font-semibold text-slate-600 uppercase"
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
                className="grid grid-cols-[6rem_1fr_1fr] items-start gap-2"
                role="group"
                aria-label={WEEKDAYS[d]}
              >
                <span className="pt-2 text-sm font-medium">{WEEKDAYS[d]}</span>
                <Field
                  id={id(`abre_${d}`)}
                  label={<span className="sr-only">Abertura de {WEEKDAYS[d]}</span>}
                  error={errors[`abre_${d}`]}
                >
                  <Input {...props(`abre_${d}`)} type="time" defaultValue={day?.abre ?? ""} />
                </Field>
                <Field
                  id={id(`fecha_${d}`)}
                  label={<span className="sr-only">Fechamento de {WEEKDAYS[d]}</span>}
                  error={errors[`fecha_${d}`]}
                >
                  <Input {...props(`fecha_${d}`)} type="time" defaultValue={day?.fecha ?? ""} />
                </Field>
              </div>
            );
          })}
        </fieldset>

        <Field
          id={id("servicos")}
          label="Serviços"
          hint="Um por linha (ex.: Rações e acessórios). Aparecem no cartão da unidade."
          error={errors.servicos}
        >
          <Textarea
            {...props("servicos")}
            rows={3}
            defaultValue={unit?.servicos.join("\n") ?? ""}
          />
        </Field>

        <fieldset className="grid gap-3 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">Situação, retirada e entregas</legend>
          <CheckboxField
            id={id("ativo")}
            name="ativo"
            label="Unidade ativa (aparece no site)"
            defaultChecked={unit ? unit.ativo : true}
          />
          <CheckboxField
            id={id("emBreve")}
            name="emBreve"
            label="Em breve (ainda não abriu)"
            hint="Aparece com o selo 'Em breve', sem horário nem mapa."
            defaultChecked={unit?.emBreve ?? false}
          />
          <div className="grid gap-1">
            <CheckboxField
              id={id("atendeEntregas")}
              name="atendeEntregas"
              label="Atende entregas"
              hint="Pode ser a unidade que entrega nos bairros (Loja Online › Configurações)."
              defaultChecked={unit?.atendeEntregas ?? false}
              aria-invalid={errors.atendeEntregas ? true : undefined}
            />
            <CheckboxError id={id("atendeEntregas")} error={errors.atendeEntregas} />
          </div>
          <div className="grid gap-1">
            <CheckboxField
              id={id("retiradaAtiva")}
              name="retiradaAtiva"
              label="Retirada na loja"
              hint="O cliente pode retirar aqui o pedido da loja online."
              defaultChecked={unit?.retiradaAtiva ?? false}
              aria-invalid={errors.retiradaAtiva ? true : undefined}
            />
            <CheckboxError id={id("retiradaAtiva")} error={errors.retiradaAtiva} />
          </div>
          <TextField
            {...field("preparoHoras")}
            label="Pronto para retirada em (horas)"
            hint="De 0 a 168 horas."
            inputMode="numeric"
            defaultValue={String(unit?.preparoHoras ?? 2)}
            maxLength={3}
          />
          <Field
            id={id("instrucoesRetirada")}
            label="Instruções de retirada"
            error={errors.instrucoesRetirada}
            className="sm:col-span-2"
          >
            <Textarea
              {...props("instrucoesRetirada")}
              rows={2}
              maxLength={500}
              defaultValue={unit?.instrucoesRetirada ?? ""}
              placeholder="Retire no balcão informando o número do pedido."
            />
          </Field>
        </fieldset>

        <div className="flex justify-end">
          <Button type="submit" disabled={pending}>
            {pending ? "Salvando..." : editing ? "Salvar alterações" : "Criar unidade"}
          </Button>
        </div>
      </fetcher.Form>
    </TitledDialog>
  );
}
