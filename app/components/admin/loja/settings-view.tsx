import { Send, Trash2 } from "lucide-react";
import { href, useFetcher } from "react-router";
import { ActiveToggle } from "~/components/admin/active-toggle";
import { CountedTextField, PixKeyField } from "~/components/admin/loja/pix-fields";
import {
  PixOnlineSettings,
  type PixOnlineSettingsView,
} from "~/components/admin/loja/pix-online-settings";
import { FormSection } from "~/components/forms/form-section";
import { IntentFields } from "~/components/forms/intent-form";
import { useCheckedFetcher } from "~/components/forms/use-checked-fetcher";
import { useFormResult } from "~/components/forms/use-form-result";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Checkbox } from "~/components/ui/checkbox";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field, formControls } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SaveButton } from "~/components/ui/save-button";
import { Select } from "~/components/ui/select";
import { TextField } from "~/components/ui/text-field";
import { formatBRL, formatBRLNumber } from "~/domain/money";
import { countText } from "~/domain/text";
import { fieldErrors } from "~/lib/forms";
import { bairroSchema } from "~/modules/delivery";
import { PIX_CITY_MAX, PIX_NAME_MAX, storeSettingsSchema } from "~/modules/shop";

interface StoreSettingsView {
  whatsappNumero: string | null;
  whatsappAtivo: boolean;
  taxaEntregaPadrao: number;
  freteGratisMinimo: number;
  pixManualAtivo: boolean;
  pixChave: string | null;
  pixNomeRecebedor: string | null;
  pixCidade: string | null;
  pixDescontoPercentual: number;
  webhookUrl: string | null;
  webhookAtivo: boolean;
  hasSecret: boolean;
}

interface Bairro {
  id: string;
  nome: string;
  taxaEntrega: number;
  ativo: boolean;
  /** The unit that delivers here; null: the first unit that delivers. */
  unidadeId: string | null;
}

/** A unit as the "Unidade que entrega" select lists it. */
interface DeliveryUnit {
  id: string;
  nome: string;
  /** Active and delivering: the only ones a neighbourhood may be given. */
  entrega: boolean;
}

/** The options of "Unidade que entrega": automatic (blank), then the units that deliver. */
function DeliveryUnitOptions({
  unidades,
  current,
}: {
  unidades: DeliveryUnit[];
  current?: string | null;
}) {
  const first = unidades.find((u) => u.entrega);
  return (
    <>
      <option value="">
        {first ? `Automática (${first.nome})` : "Automática (nenhuma unidade entrega)"}
      </option>
      {unidades
        .filter((u) => u.entrega || u.id === current)
        .map((u) => (
          <option key={u.id} value={u.id} disabled={!u.entrega}>
            {u.entrega ? u.nome : `${u.nome} (não faz entregas)`}
          </option>
        ))}
    </>
  );
}

function SettingsForm({
  settings,
  pagamentos,
  mercadoPagoWebhookUrl,
}: {
  settings: StoreSettingsView;
  pagamentos: PixOnlineSettingsView;
  mercadoPagoWebhookUrl: string;
}) {
  const { fetcher, formRef, serverErrors, clientErrors, formProps, pending } = useCheckedFetcher();
  const tester = useFetcher();
  const { errors: testErrors } = useFormResult(tester);
  const errors = { ...serverErrors, ...testErrors, ...clientErrors };

  // The test goes to the URL on the screen, saved or not.
  function testWebhook() {
    const typed = formRef.current ? new FormData(formRef.current).get("webhookUrl") : null;
    tester.submit(
      { intent: "webhook-test", webhookUrl: typeof typed === "string" ? typed : "" },
      { method: "post", action: href("/admin/loja/configuracoes") },
    );
  }
  const { field, checkbox } = formControls("cfg", errors);

  return (
    <TitledCard
      title="Configurações da loja"
      description="Valores em reais no formato 5,00."
      contentClassName="grid gap-6"
    >
      <fetcher.Form
        {...formProps(storeSettingsSchema)}
        action={href("/admin/loja/configuracoes")}
        className="grid gap-6"
      >
        <input type="hidden" name="intent" value="settings-save" />
        <FormSection legend="WhatsApp">
          <TextField
            {...field("whatsappNumero")}
            label="Número do WhatsApp"
            hint="Com DDD, ex.: (47) 99999-0416"
            inputMode="tel"
            defaultValue={settings.whatsappNumero ?? ""}
          />
          <CheckboxLabel
            {...checkbox("whatsappAtivo")}
            defaultChecked={settings.whatsappAtivo}
            className="self-end"
            label="Enviar pedidos pelo WhatsApp"
          />
        </FormSection>
        <FormSection legend="Entrega">
          <TextField
            {...field("taxaEntregaPadrao")}
            label="Taxa de entrega padrão (R$)"
            required
            inputMode="decimal"
            defaultValue={formatBRLNumber(settings.taxaEntregaPadrao)}
          />
          <TextField
            {...field("freteGratisMinimo")}
            label="Frete grátis a partir de (R$)"
            required
            inputMode="decimal"
            defaultValue={formatBRLNumber(settings.freteGratisMinimo)}
          />
        </FormSection>
        <FormSection legend="Pix">
          <CheckboxLabel
            {...checkbox("pixManualAtivo")}
            defaultChecked={settings.pixManualAtivo}
            className="sm:col-span-2"
            label="Aceitar Pix (código copia e cola no pedido)"
          />
          <PixKeyField {...field("pixChave")} saved={settings.pixChave} className="sm:col-span-2" />
          <CountedTextField
            {...field("pixNomeRecebedor")}
            label="Nome do recebedor"
            max={PIX_NAME_MAX}
            hint={`O código Pix leva até ${PIX_NAME_MAX} caracteres, sem acentos: é o nome que o cliente vê no app do banco.`}
            defaultValue={settings.pixNomeRecebedor ?? ""}
          />
          <CountedTextField
            {...field("pixCidade")}
            label="Cidade"
            max={PIX_CITY_MAX}
            hint={`O código Pix leva até ${PIX_CITY_MAX} caracteres, sem acentos.`}
            defaultValue={settings.pixCidade ?? ""}
          />
          <TextField
            {...field("pixDescontoPercentual")}
            label="Desconto no Pix (%)"
            hint="0 = sem desconto. Vale para os produtos de pedidos pagos no Pix."
            inputMode="numeric"
            defaultValue={String(settings.pixDescontoPercentual)}
            maxLength={3}
          />
        </FormSection>
        <FormSection legend="Webhook de pedidos">
          <TextField
            {...field("webhookUrl")}
            label="URL do webhook"
            className="sm:col-span-2"
            type="url"
            inputMode="url"
            placeholder="https://"
            defaultValue={settings.webhookUrl ?? ""}
          />
          <CheckboxLabel
            {...checkbox("webhookAtivo")}
            defaultChecked={settings.webhookAtivo}
            label="Enviar pedidos da loja (webhook de pedidos ativo)"
          />
          <TextField
            {...field("webhookSecret")}
            label="Segredo de assinatura"
            hint={
              settings.hasSecret
                ? "Um segredo está salvo. Deixe em branco para mantê-lo."
                : "Opcional: assina cada envio (X-Signature)."
            }
            type="password"
            autoComplete="new-password"
          />
          {settings.hasSecret ? (
            <label htmlFor="cfg-limparSegredo" className="flex items-center gap-2 text-sm">
              <Checkbox id="cfg-limparSegredo" name="limparSegredo" /> Remover o segredo salvo
            </label>
          ) : null}
        </FormSection>
        <div className="flex flex-wrap gap-2">
          <SaveButton saving={pending}>Salvar configurações</SaveButton>
          <Button
            type="button"
            variant="outline"
            disabled={tester.state !== "idle"}
            onClick={testWebhook}
          >
            <Send aria-hidden="true" />
            {tester.state !== "idle" ? "Enviando teste..." : "Testar webhook"}
          </Button>
        </div>
      </fetcher.Form>
      <PixOnlineSettings pagamentos={pagamentos} webhookUrl={mercadoPagoWebhookUrl} />
    </TitledCard>
  );
}

function BairroRow({ bairro, unidades }: { bairro: Bairro; unidades: DeliveryUnit[] }) {
  const fee = useFetcher();
  const { errors } = useFormResult(fee);
  const unit = useFetcher();
  const { errors: unitErrors } = useFormResult(unit);
  const remove = useFetcher({ key: "bairro-delete" });
  const inputId = `taxa-${bairro.id}`;
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end lg:grid-cols-[1fr_auto_auto_auto_auto]">
      <div className="flex items-center gap-2">
        <span className="font-semibold">{bairro.nome}</span>
        <Badge variant={bairro.ativo ? "green" : "secondary"}>
          {bairro.ativo ? "Atendido" : "Desativado"}
        </Badge>
      </div>
      <fee.Form method="post" action={href("/admin/loja/bairros")} className="flex items-end gap-2">
        <IntentFields intent="bairro-fee" recordId={bairro.id} />
        <Field id={inputId} label={`Taxa de ${bairro.nome} (R$)`} error={errors.taxaEntrega}>
          <Input
            name="taxaEntrega"
            inputMode="decimal"
            className="w-28"
            defaultValue={formatBRLNumber(bairro.taxaEntrega)}
          />
        </Field>
        <Button type="submit" size="sm" variant="outline" disabled={fee.state !== "idle"}>
          Salvar<span className="sr-only"> taxa de {bairro.nome}</span>
        </Button>
      </fee.Form>
      <unit.Form
        method="post"
        action={href("/admin/loja/bairros")}
        className="flex items-end gap-2"
      >
        <IntentFields intent="bairro-unit" recordId={bairro.id} />
        <Field
          id={`unidade-${bairro.id}`}
          label={`Unidade que entrega em ${bairro.nome}`}
          error={unitErrors.unidadeId}
        >
          <Select name="unidadeId" className="w-52" defaultValue={bairro.unidadeId ?? ""}>
            <DeliveryUnitOptions unidades={unidades} current={bairro.unidadeId} />
          </Select>
        </Field>
        <Button type="submit" size="sm" variant="outline" disabled={unit.state !== "idle"}>
          Salvar<span className="sr-only"> unidade de {bairro.nome}</span>
        </Button>
      </unit.Form>
      <ActiveToggle
        action={href("/admin/loja/bairros")}
        intent="bairro-toggle"
        id={bairro.id}
        ativo={bairro.ativo}
        name={bairro.nome}
      />
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="ghost" className="text-red-700">
            <Trash2 aria-hidden="true" /> Remover<span className="sr-only"> {bairro.nome}</span>
          </Button>
        }
        title={<>Remover o bairro {bairro.nome}?</>}
        description="Ele deixa de aparecer no checkout. Pedidos já feitos não mudam."
        confirmLabel="Remover"
        onConfirm={() =>
          remove.submit(
            { intent: "bairro-delete", id: bairro.id },
            { method: "post", action: href("/admin/loja/bairros") },
          )
        }
      />
    </li>
  );
}

function BairrosPanel({ bairros, unidades }: { bairros: Bairro[]; unidades: DeliveryUnit[] }) {
  const { fetcher, errors, setClientErrors, formProps, pending } = useCheckedFetcher({
    resetOnSuccess: true,
  });
  // The removed row unmounts: the panel shows the result.
  useFormResult(useFetcher({ key: "bairro-delete" }));

  function validate(event: React.FormEvent<HTMLFormElement>) {
    const values = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    const parsed = bairroSchema.safeParse(values);
    let next: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error);
    if (parsed.success) {
      const taken = bairros.some((b) => b.nome.toLowerCase() === parsed.data.nome.toLowerCase());
      if (taken) next = { nome: "Este bairro já está cadastrado" };
    }
    setClientErrors(next);
    if (Object.keys(next).length > 0) event.preventDefault();
  }

  return (
    <TitledCard
      title="Bairros atendidos"
      description="O checkout oferece apenas os bairros ativos, com a taxa de cada um. A unidade que entrega sai das unidades que atendem entregas (em Unidades)."
      contentClassName="grid gap-4"
    >
      <fetcher.Form
        {...formProps(validate)}
        action={href("/admin/loja/bairros")}
        className="grid gap-3 sm:grid-cols-[1fr_10rem_auto] sm:items-start lg:grid-cols-[1fr_10rem_14rem_auto]"
      >
        <input type="hidden" name="intent" value="bairro-create" />
        <Field id="bairro-nome" label="Nome do bairro" required error={errors.nome}>
          <Input name="nome" maxLength={80} />
        </Field>
        <Field id="bairro-taxa" label="Taxa de entrega (R$)" required error={errors.taxaEntrega}>
          <Input name="taxaEntrega" inputMode="decimal" placeholder="5,00" />
        </Field>
        <Field id="bairro-unidade" label="Unidade que entrega" error={errors.unidadeId}>
          <Select name="unidadeId" defaultValue="">
            <DeliveryUnitOptions unidades={unidades} />
          </Select>
        </Field>
        <Button type="submit" className="sm:mt-6" disabled={pending}>
          Adicionar bairro
        </Button>
      </fetcher.Form>
      {bairros.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nenhum bairro cadastrado: o checkout não terá bairros para escolher.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200" aria-label="Bairros cadastrados">
          {bairros.map((b) => (
            <BairroRow
              key={`${b.id}-${b.taxaEntrega}-${b.ativo}-${b.unidadeId}`}
              bairro={b}
              unidades={unidades}
            />
          ))}
        </ul>
      )}
      <p className="text-xs text-slate-600">
        {`${countText(bairros.filter((b) => b.ativo).length, "bairro ativo", "bairros ativos")}; menor taxa `}
        {bairros.length ? formatBRL(Math.min(...bairros.map((b) => b.taxaEntrega))) : "—"}.
      </p>
    </TitledCard>
  );
}

export function LojaSettings({
  settings,
  bairros,
  unidades,
  pagamentos,
  mercadoPagoWebhookUrl,
}: {
  /** The shop's settings and credentials: null for who may edit the neighbourhoods only. */
  settings: StoreSettingsView | null;
  bairros: Bairro[];
  unidades: DeliveryUnit[];
  pagamentos: PixOnlineSettingsView | null;
  mercadoPagoWebhookUrl: string | null;
}) {
  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Configurações</h2>
      {settings && pagamentos && mercadoPagoWebhookUrl !== null ? (
        <SettingsForm
          settings={settings}
          pagamentos={pagamentos}
          mercadoPagoWebhookUrl={mercadoPagoWebhookUrl}
        />
      ) : null}
      <BairrosPanel bairros={bairros} unidades={unidades} />
    </div>
  );
}
