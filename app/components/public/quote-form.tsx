import { PromptSelect } from "~/components/public/prompt-select";
import { ConsentNote } from "~/components/site/consent-note";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, resentFieldProps } from "~/components/ui/field";
import { Input, PhoneInput } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { groomingServices } from "~/content/services";
import type { TipoServico } from "~/domain/statuses";
import type { FieldErrors } from "~/lib/forms";
import { MAX_PHOTOS, type ToastMessage } from "~/modules/grooming";

export type QuoteActionData =
  | { ok: true; numero: string }
  | { ok: false; toast: ToastMessage; fields: FieldErrors; values: Record<string, string> };

/**
 * The text fields of the quote (SPEC §5.3), shared by the dialog and the plain form. In the
 * dialog the address fields show only when pick-up and drop-off is ticked (its script
 * toggles them); without JavaScript they stay visible and are ignored unless ticked.
 */
export function QuoteFields({
  prefix,
  errors,
  values,
  service,
}: {
  prefix: string;
  errors: FieldErrors;
  values: Record<string, string>;
  /** The dialog's service, set by its script: a hidden field instead of the select. */
  service: TipoServico | "" | null;
}) {
  const id = (name: string) => `${prefix}-${name}`;
  const props = resentFieldProps(errors, values, id);
  return (
    <>
      {service !== null ? (
        <input type="hidden" name="tipo_servico" defaultValue={service} />
      ) : (
        <Field id={id("tipo_servico")} label="Serviço" required error={errors.tipo_servico}>
          <PromptSelect
            {...props("tipo_servico")}
            defaultValue={values.tipo_servico ?? ""}
            required
            prompt="Escolha o serviço"
            options={groomingServices.map((s) => ({ value: s.id, label: s.name }))}
          />
        </Field>
      )}
      <Field id={id("nome_tutor")} label="Nome Completo" required error={errors.nome_tutor}>
        <Input {...props("nome_tutor")} autoComplete="name" required />
      </Field>
      <Field id={id("whatsapp")} label="WhatsApp" required error={errors.whatsapp}>
        <PhoneInput {...props("whatsapp")} required />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("nome_pet")} label="Nome do Pet" required error={errors.nome_pet}>
          <Input {...props("nome_pet")} required />
        </Field>
        <Field id={id("raca_porte")} label="Raça e Porte" required error={errors.raca_porte}>
          <Input {...props("raca_porte")} placeholder="Ex.: Shih-tzu, pequeno" required />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("data_desejada")} label="Data desejada" error={errors.data_desejada}>
          <Input {...props("data_desejada")} type="date" />
        </Field>
        <Field
          id={id("horario_desejado")}
          label="Horário preferido"
          error={errors.horario_desejado}
        >
          <Input {...props("horario_desejado")} placeholder="Ex.: manhã, 14h" />
        </Field>
      </div>
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox
          id={id("leva_traz")}
          name="leva_traz"
          defaultChecked={values.leva_traz === "on"}
        />
        <Label htmlFor={id("leva_traz")}>Quero o serviço de leva e traz</Label>
      </div>
      <div
        className="grid gap-4 rounded-xl bg-slate-50 p-3 data-[hidden=true]:hidden"
        data-hidden={service !== null && values.leva_traz !== "on"}
        data-endereco=""
      >
        <Field id={id("endereco")} label="Endereço" error={errors.endereco}>
          <Input {...props("endereco")} autoComplete="address-line1" />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id("bairro")} label="Bairro" error={errors.bairro}>
            <Input {...props("bairro")} />
          </Field>
          <Field id={id("referencia")} label="Ponto de referência" error={errors.referencia}>
            <Input {...props("referencia")} />
          </Field>
        </div>
      </div>
      <Field id={id("observacoes")} label="Observações" error={errors.observacoes}>
        <Textarea
          {...props("observacoes")}
          rows={3}
          placeholder="Conte algo importante sobre o seu pet (temperamento, alergias...)"
        />
      </Field>
    </>
  );
}

/**
 * The quote form before JavaScript has loaded (or without it): a plain multipart post to
 * the /servicos action, which answers with the page and the result.
 */
export function QuotePlainForm({
  service,
  result,
  prefill = {},
}: {
  service: TipoServico | null;
  result?: QuoteActionData;
  /** Fields that come filled in (the booking page's "Pedir orçamento com fotos"). */
  prefill?: Record<string, string>;
}) {
  const failed = result && !result.ok ? result : undefined;
  return (
    <form method="post" action="/servicos" encType="multipart/form-data" className="grid gap-4">
      {result?.ok ? (
        <div
          role="status"
          className="rounded-xl border border-brand-200 bg-brand-50 p-4 text-brand-800"
        >
          <p className="font-bold">Solicitação enviada com sucesso!</p>
          <p>Entraremos em contato em breve com seu orçamento personalizado.</p>
        </div>
      ) : null}
      {failed ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-800">
          <p className="font-bold">{failed.toast.title}</p>
          <p>{failed.toast.description}</p>
        </div>
      ) : null}
      <QuoteFields
        prefix="pagina"
        errors={failed?.fields ?? {}}
        values={failed?.values ?? { ...prefill, ...(service ? { tipo_servico: service } : {}) }}
        service={null}
      />
      <Field
        id="pagina-fotos"
        label={`Fotos do pet (de 1 a ${MAX_PHOTOS}, até 10MB cada)`}
        required
      >
        <Input id="pagina-fotos" name="fotos" type="file" accept="image/*" multiple required />
      </Field>
      <ConsentNote action="Ao enviar" />
      <Button type="submit" size="lg">
        Enviar Solicitação
      </Button>
    </form>
  );
}
