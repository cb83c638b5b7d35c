import { ImagePlusIcon, Trash2Icon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Field, fieldProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Textarea } from "~/components/ui/textarea";
import { groomingServices } from "~/content/services";
import type { TipoServico } from "~/domain/statuses";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import {
  checkPhotoSelection,
  checkPhotosForSubmit,
  groomingQuoteSchema,
  MAX_PHOTOS,
  type ToastMessage,
} from "~/schemas/grooming-quote";

export type QuoteActionData =
  | { ok: true; numero: string }
  | { ok: false; toast: ToastMessage; fields: FieldErrors; values: Record<string, string> };

/** The text fields of the quote (SPEC §5.3), shared by the dialog and the plain form. */
function QuoteFields({
  prefix,
  errors,
  values,
  service,
}: {
  prefix: string;
  errors: FieldErrors;
  values: Record<string, string>;
  service: TipoServico | null;
}) {
  const [levaTraz, setLevaTraz] = useState(values.leva_traz === "on");
  const id = (name: string) => `${prefix}-${name}`;
  const props = (name: string) => ({ ...fieldProps(id(name), errors[name]), name });
  return (
    <>
      {service ? (
        <input type="hidden" name="tipo_servico" value={service} />
      ) : (
        <Field id={id("tipo_servico")} label="Serviço" required error={errors.tipo_servico}>
          <Select {...props("tipo_servico")} defaultValue={values.tipo_servico ?? ""} required>
            <option value="" disabled>
              Escolha o serviço
            </option>
            {groomingServices.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <Field id={id("nome_tutor")} label="Nome Completo" required error={errors.nome_tutor}>
        <Input
          {...props("nome_tutor")}
          defaultValue={values.nome_tutor}
          autoComplete="name"
          required
        />
      </Field>
      <Field id={id("whatsapp")} label="WhatsApp" required error={errors.whatsapp}>
        <Input
          {...props("whatsapp")}
          defaultValue={values.whatsapp}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="(47) 99999-9999"
          required
        />
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("nome_pet")} label="Nome do Pet" required error={errors.nome_pet}>
          <Input {...props("nome_pet")} defaultValue={values.nome_pet} required />
        </Field>
        <Field id={id("raca_porte")} label="Raça e Porte" required error={errors.raca_porte}>
          <Input
            {...props("raca_porte")}
            defaultValue={values.raca_porte}
            placeholder="Ex.: Shih-tzu, pequeno"
            required
          />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id("data_desejada")} label="Data desejada" error={errors.data_desejada}>
          <Input {...props("data_desejada")} defaultValue={values.data_desejada} type="date" />
        </Field>
        <Field
          id={id("horario_desejado")}
          label="Horário preferido"
          error={errors.horario_desejado}
        >
          <Input
            {...props("horario_desejado")}
            defaultValue={values.horario_desejado}
            placeholder="Ex.: manhã, 14h"
          />
        </Field>
      </div>
      <div className="flex min-h-11 items-center gap-3">
        <Checkbox
          id={id("leva_traz")}
          name="leva_traz"
          defaultChecked={levaTraz}
          onChange={(e) => setLevaTraz(e.currentTarget.checked)}
        />
        <Label htmlFor={id("leva_traz")}>Quero o serviço de leva e traz</Label>
      </div>
      {/* Without JavaScript the address fields stay visible: they are ignored unless ticked. */}
      <div
        className="grid gap-4 rounded-xl bg-slate-50 p-3 data-[hidden=true]:hidden"
        data-hidden={!levaTraz && prefix !== "pagina"}
      >
        <Field id={id("endereco")} label="Endereço" error={errors.endereco}>
          <Input
            {...props("endereco")}
            defaultValue={values.endereco}
            autoComplete="street-address"
          />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id={id("bairro")} label="Bairro" error={errors.bairro}>
            <Input {...props("bairro")} defaultValue={values.bairro} />
          </Field>
          <Field id={id("referencia")} label="Ponto de referência" error={errors.referencia}>
            <Input {...props("referencia")} defaultValue={values.referencia} />
          </Field>
        </div>
      </div>
      <Field id={id("observacoes")} label="Observações" error={errors.observacoes}>
        <Textarea
          {...props("observacoes")}
          defaultValue={values.observacoes}
          rows={3}
          placeholder="Conte algo importante sobre o seu pet (temperamento, alergias...)"
        />
      </Field>
    </>
  );
}

interface Photo {
  file: File;
  url: string;
}

/** The enhanced form of the quote dialog: photo previews, client checks, fetcher post. */
export function QuoteDialogForm({
  service,
  onSuccess,
}: {
  service: TipoServico;
  onSuccess: () => void;
}) {
  const prefix = useId().replace(/:/g, "");
  const fetcher = useFetcher<QuoteActionData>();
  const formRef = useRef<HTMLFormElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [errors, setErrors] = useState<FieldErrors>({});
  const sending = fetcher.state !== "idle";

  // Object URLs of the previews are released when the photos go away.
  const photosRef = useRef(photos);
  photosRef.current = photos;
  useEffect(
    () => () => {
      for (const p of photosRef.current) URL.revokeObjectURL(p.url);
    },
    [],
  );

  const handled = useRef<unknown>(null);
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (data.ok) {
      toast.success("Solicitação enviada com sucesso!", {
        description: "Entraremos em contato em breve com seu orçamento personalizado.",
      });
      formRef.current?.reset();
      for (const p of photosRef.current) URL.revokeObjectURL(p.url);
      setPhotos([]);
      setErrors({});
      onSuccess();
    } else {
      toast.error(data.toast.title, { description: data.toast.description });
      setErrors(data.fields);
    }
  }, [fetcher.state, fetcher.data, onSuccess]);

  function addPhotos(list: FileList | null) {
    const selection = Array.from(list ?? []);
    if (fileRef.current) fileRef.current.value = "";
    if (selection.length === 0) return;
    const problem = checkPhotoSelection(photos.length, selection);
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    setPhotos((current) => [
      ...current,
      ...selection.map((file) => ({ file, url: URL.createObjectURL(file) })),
    ]);
  }

  function removePhoto(index: number) {
    setPhotos((current) => {
      const removed = current[index];
      if (removed) URL.revokeObjectURL(removed.url);
      return current.filter((_, i) => i !== index);
    });
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    data.delete("fotos");
    const values = Object.fromEntries(
      [...data.entries()].filter((e): e is [string, string] => typeof e[1] === "string"),
    );
    const parsed = groomingQuoteSchema.safeParse(values);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error);
      setErrors(found);
      const first = Object.keys(found)[0];
      form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    const problem = checkPhotosForSubmit(photos.map((p) => p.file));
    if (problem) {
      toast.error(problem.title, { description: problem.description });
      return;
    }
    for (const p of photos) data.append("fotos", p.file, p.file.name);
    fetcher.submit(data, { method: "post", action: "/servicos", encType: "multipart/form-data" });
  }

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action="/servicos"
      encType="multipart/form-data"
      onSubmit={submit}
      noValidate
      className="grid gap-4"
    >
      <fieldset disabled={sending} className="grid gap-4">
        <QuoteFields prefix={prefix} errors={errors} values={{}} service={service} />
        <div className="grid gap-2">
          <p className="text-sm font-semibold text-slate-900">
            Fotos do pet{" "}
            <span className="text-red-700" aria-hidden="true">
              *
            </span>
            <span className="font-normal text-slate-600">
              {" "}
              (de 1 a {MAX_PHOTOS}, até 10MB cada)
            </span>
          </p>
          {photos.length > 0 ? (
            <ul className="grid grid-cols-3 gap-2" aria-label="Fotos escolhidas">
              {photos.map((photo, index) => (
                <li key={photo.url} className="relative">
                  <img
                    src={photo.url}
                    alt={`Foto ${index + 1} do pet`}
                    width={120}
                    height={120}
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                  <button
                    type="button"
                    onClick={() => removePhoto(index)}
                    className="absolute top-1 right-1 inline-flex size-11 items-center justify-center rounded-full bg-white/95 text-red-700 shadow hover:bg-white"
                    aria-label={`Remover foto ${index + 1}`}
                  >
                    <Trash2Icon className="size-5" aria-hidden="true" />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          <input
            ref={fileRef}
            type="file"
            accept="image/*"
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            id={`${prefix}-fotos`}
            onChange={(e) => addPhotos(e.currentTarget.files)}
          />
          <Button
            type="button"
            variant="outline"
            onClick={() => fileRef.current?.click()}
            disabled={photos.length >= MAX_PHOTOS}
          >
            <ImagePlusIcon aria-hidden="true" />
            Adicionar fotos ({photos.length}/{MAX_PHOTOS})
          </Button>
        </div>
      </fieldset>
      <Button type="submit" size="lg" disabled={sending || photos.length === 0}>
        {sending ? "Enviando..." : "Enviar Solicitação"}
      </Button>
    </fetcher.Form>
  );
}

/**
 * The quote form before JavaScript has loaded (or without it): a plain multipart post to
 * the /servicos action, which answers with the page and the result.
 */
export function QuotePlainForm({
  service,
  result,
}: {
  service: TipoServico | null;
  result?: QuoteActionData;
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
        values={failed?.values ?? (service ? { tipo_servico: service } : {})}
        service={null}
      />
      <Field
        id="pagina-fotos"
        label={`Fotos do pet (de 1 a ${MAX_PHOTOS}, até 10MB cada)`}
        required
      >
        <Input id="pagina-fotos" name="fotos" type="file" accept="image/*" multiple required />
      </Field>
      <Button type="submit" size="lg">
        Enviar Solicitação
      </Button>
    </form>
  );
}
