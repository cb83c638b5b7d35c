// The 'Pix automático (Mercado Pago)' part of the store settings card: its own form and
// intent, so saving the store's other settings never touches the credentials. Secrets go
// one way: the page only learns whether each one is set, and where from.
import { CopyIcon } from "lucide-react";
import { useCallback } from "react";
import { href } from "react-router";
import { useCheckedFetcher } from "~/components/forms/use-checked-fetcher";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { CheckboxLabel } from "~/components/ui/checkbox-field";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SaveButton } from "~/components/ui/save-button";
import { Select } from "~/components/ui/select";
import { copyWithToast } from "~/components/ui/toaster";
import {
  CARTAO_PARCELAS_MAX,
  PIX_EXPIRACAO_MAX,
  PIX_EXPIRACAO_MIN,
  paymentSettingsSchema,
} from "~/modules/payments";

interface SecretState {
  definido: boolean;
  doAmbiente: boolean;
}

export interface PixOnlineSettingsView {
  mercadopagoAtivo: boolean;
  pixExpiracaoMinutos: number;
  accessToken: SecretState;
  webhookSecret: SecretState;
  disponivel: boolean;
  cartao: { ativo: boolean; parcelasMax: number; parcelasSemJuros: number; disponivel: boolean };
}

const PARCELAS = Array.from({ length: CARTAO_PARCELAS_MAX }, (_, i) => i + 1);

function ParcelasSelect({ name, value }: { name: string; value: number }) {
  return (
    <Select name={name} defaultValue={String(value)}>
      {PARCELAS.map((n) => (
        <option key={n} value={n}>
          {n === 1 ? "1x (à vista)" : `${n}x`}
        </option>
      ))}
    </Select>
  );
}

/** The Mercado Pago credentials, each kept in `state` of the settings. */
const SECRETS = [
  {
    name: "mercadopagoAccessToken",
    clearName: "limparAccessToken",
    label: "Access token",
    envName: "MERCADOPAGO_ACCESS_TOKEN",
    state: "accessToken",
  },
  {
    name: "mercadopagoWebhookSecret",
    clearName: "limparWebhookSecret",
    label: "Assinatura secreta do webhook",
    envName: "MERCADOPAGO_WEBHOOK_SECRET",
    state: "webhookSecret",
  },
] as const;

/** What the store offers through Mercado Pago, switched on or off. */
function Switch({ name, checked, label }: { name: string; checked: boolean; label: string }) {
  return (
    <CheckboxLabel
      id={`mp-${name}`}
      name={name}
      role="switch"
      defaultChecked={checked}
      className="sm:col-span-2"
      label={label}
    />
  );
}

function SecretBadge({ state }: { state: SecretState }) {
  if (state.doAmbiente) return <Badge variant="blue">definido no servidor</Badge>;
  return state.definido ? (
    <Badge variant="green">configurado</Badge>
  ) : (
    <Badge variant="secondary">não configurado</Badge>
  );
}

function SecretField({
  name,
  clearName,
  label,
  envName,
  state,
  error,
}: {
  name: string;
  clearName: string;
  label: string;
  envName: string;
  state: SecretState;
  error?: string;
}) {
  const id = `mp-${name}`;
  return (
    <div className="grid gap-2">
      <Field
        id={id}
        label={
          <span className="flex flex-wrap items-center gap-2">
            {label} <SecretBadge state={state} />
          </span>
        }
        error={error}
        hint={
          state.doAmbiente
            ? `Vem da variável ${envName} do servidor, que vale sobre o que for salvo aqui.`
            : state.definido
              ? "Por segurança, o valor salvo não é exibido. Deixe em branco para mantê-lo."
              : "Cole aqui o valor copiado do painel do Mercado Pago."
        }
      >
        <Input
          name={name}
          type="password"
          autoComplete="new-password"
          spellCheck={false}
          maxLength={300}
          disabled={state.doAmbiente}
        />
      </Field>
      {state.definido && !state.doAmbiente ? (
        <label htmlFor={`mp-${clearName}`} className="flex items-center gap-2 text-sm">
          <Checkbox id={`mp-${clearName}`} name={clearName} /> Remover o valor salvo
        </label>
      ) : null}
    </div>
  );
}

export function PixOnlineSettings({
  pagamentos,
  webhookUrl,
}: {
  pagamentos: PixOnlineSettingsView;
  webhookUrl: string;
}) {
  // A saved secret leaves the screen at once: the fields are emptied, and the page shows
  // only 'configurado' from then on.
  const onSuccess = useCallback((form: HTMLFormElement | null) => {
    for (const input of form?.querySelectorAll<HTMLInputElement>('input[type="password"]') ?? []) {
      input.value = "";
    }
  }, []);
  const { fetcher, errors, formProps, pending } = useCheckedFetcher({ onSuccess });

  return (
    <fetcher.Form
      {...formProps(paymentSettingsSchema)}
      action={href("/admin/loja/configuracoes")}
      className="grid gap-4 border-t border-slate-200 pt-6"
      aria-label="Pix automático (Mercado Pago)"
    >
      <input type="hidden" name="intent" value="payment-settings-save" />
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-1 flex flex-wrap items-center gap-2 font-semibold">
          Pix automático (Mercado Pago)
          <Badge variant={pagamentos.disponivel ? "green" : "secondary"}>
            {pagamentos.disponivel ? "Ativo na loja" : "Desativado"}
          </Badge>
        </legend>
        <p className="text-sm text-slate-600 sm:col-span-2">
          O cliente paga um Pix gerado pelo Mercado Pago e o pedido é confirmado sozinho, sem
          conferir o extrato.
        </p>
        <Switch
          name="mercadopagoAtivo"
          checked={pagamentos.mercadopagoAtivo}
          label="Oferecer Pix automático no checkout"
        />
        {SECRETS.map(({ state, ...secret }) => (
          <SecretField
            key={secret.name}
            {...secret}
            state={pagamentos[state]}
            error={errors[secret.name]}
          />
        ))}
        <Field
          id="mp-pixExpiracaoMinutos"
          label="Prazo para pagar o Pix (minutos)"
          error={errors.pixExpiracaoMinutos}
          hint={`De ${PIX_EXPIRACAO_MIN} a ${PIX_EXPIRACAO_MAX} minutos (24 horas). Depois disso, o código vence.`}
        >
          <Input
            name="pixExpiracaoMinutos"
            inputMode="numeric"
            maxLength={4}
            defaultValue={String(pagamentos.pixExpiracaoMinutos)}
          />
        </Field>
        <div className="grid gap-3 rounded-md border border-slate-200 p-3 sm:col-span-2 sm:grid-cols-2">
          <Switch
            name="cartaoAtivo"
            checked={pagamentos.cartao.ativo}
            label="Oferecer cartão de crédito ou débito (Mercado Pago) no checkout"
          />
          <p className="text-sm text-slate-600 sm:col-span-2">
            O cliente paga na página segura do Mercado Pago, com as mesmas credenciais do Pix, e
            volta para o pedido. {pagamentos.cartao.disponivel ? "Ativo na loja." : ""}
          </p>
          <Field
            id="mp-cartaoParcelasMax"
            label="Máximo de parcelas"
            error={errors.cartaoParcelasMax}
          >
            <ParcelasSelect name="cartaoParcelasMax" value={pagamentos.cartao.parcelasMax} />
          </Field>
          <Field
            id="mp-cartaoParcelasSemJuros"
            label="Parcelas sem juros (até)"
            error={errors.cartaoParcelasSemJuros}
            hint="O cliente vê, por exemplo, “em até 3x sem juros”. Os juros acima disso ficam com o cliente."
          >
            <ParcelasSelect
              name="cartaoParcelasSemJuros"
              value={pagamentos.cartao.parcelasSemJuros}
            />
          </Field>
        </div>
        <div className="grid gap-1.5 sm:col-span-2">
          <label htmlFor="mp-webhook-url" className="text-sm font-medium">
            URL de notificação (webhook) para cadastrar no Mercado Pago
          </label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="mp-webhook-url"
              readOnly
              value={webhookUrl}
              className="min-w-0 flex-1 font-mono text-xs"
              onFocus={(e) => e.currentTarget.select()}
              aria-describedby="mp-webhook-url-hint"
            />
            <Button
              type="button"
              variant="outline"
              onClick={() => copyWithToast(webhookUrl, "URL do webhook copiada!", "a URL")}
            >
              <CopyIcon aria-hidden="true" />
              Copiar URL
            </Button>
          </div>
          <p id="mp-webhook-url-hint" className="text-xs text-slate-600">
            No Mercado Pago: Suas integrações → Webhooks, evento “Pagamentos”. A assinatura secreta
            mostrada lá é a que vai no campo acima.
          </p>
        </div>
      </fieldset>
      <div>
        <SaveButton saving={pending}>Salvar Pix automático</SaveButton>
      </div>
    </fetcher.Form>
  );
}
