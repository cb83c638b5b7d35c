import { Save } from "lucide-react";
import { useRef, useState } from "react";
import { Form, useNavigation } from "react-router";
import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { useFormResult } from "~/components/forms/use-form-result";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { readForm } from "~/infra/request-info.server";
import { checkOnSubmit, type FieldErrors, formFields } from "~/lib/forms";
import { attempt, invalid, ok, requireAdmin } from "~/modules/accounts/index.server";
import { generalSettingsSchema } from "~/modules/shop";
import { getGeneralSettings, saveGeneralSettings } from "~/modules/shop/index.server";
import type { Route } from "./+types/configuracoes";

export const meta = adminMeta("Configurações");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return { settings: await getGeneralSettings() };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const parsed = generalSettingsSchema.safeParse(formFields(await readForm(request)));
  if (!parsed.success) return invalid("configuracoes", parsed.error);
  return attempt("configuracoes", "Erro ao salvar configurações", async () => {
    await saveGeneralSettings(parsed.data, request, user.id);
    return ok("configuracoes", "Configurações salvas com sucesso!");
  });
}

const FIELDS = [
  {
    id: "webhook_url",
    switchId: "webhook_ativo",
    switchLabel: "Enviar pedidos da loja",
    label: "Webhook de pedidos (URL geral)",
    hint: "Recebe os pedidos da loja; também é usada quando as URLs abaixo ficam vazias.",
    placeholder: "https://exemplo.com/webhook",
  },
  {
    id: "webhook_servicos",
    switchId: "webhook_servicos_ativo",
    switchLabel: "Enviar pedidos de banho & tosa",
    label: "Webhook de banho & tosa",
    hint: "Pedidos de orçamento de banho e tosa. Vazio: usa a URL geral.",
    placeholder: "https://exemplo.com/webhook-servicos",
  },
  {
    id: "webhook_curriculos",
    switchId: "webhook_curriculos_ativo",
    switchLabel: "Enviar currículos",
    label: "Webhook de currículos",
    hint: "Currículos do Trabalhe Conosco. Vazio: usa a URL geral.",
    placeholder: "https://exemplo.com/webhook-curriculos",
  },
] as const;

export default function GeneralSettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const { errors: serverErrors } = useFormResult(actionData, { form: formRef });
  const errors: FieldErrors = clientErrors ?? serverErrors;
  const s = loaderData.settings;

  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6">
      <AdminPageHeader
        title="Configurações"
        description="Para onde vão os avisos de pedidos, orçamentos e currículos, o número do WhatsApp, o e-mail e os dados da empresa."
        className="mb-0"
      />
      <Form
        ref={formRef}
        method="post"
        noValidate
        className="grid gap-6"
        onSubmit={(event) => setClientErrors(checkOnSubmit(generalSettingsSchema, event))}
      >
        <SectionCard
          title="Webhooks"
          contentClassName="grid gap-4"
          description="Endereços que recebem um POST em JSON a cada novo registro. Cada tipo tem sua chave liga/desliga; uma URL vazia usa a URL geral."
        >
          {FIELDS.map((field) => (
            <div key={field.id} className="grid gap-2">
              <Field id={field.id} label={field.label} hint={field.hint} error={errors[field.id]}>
                <Input
                  type="url"
                  inputMode="url"
                  defaultValue={s[field.id]}
                  placeholder={field.placeholder}
                  autoComplete="off"
                />
              </Field>
              <CheckboxField
                id={field.switchId}
                label={field.switchLabel}
                defaultChecked={s[field.switchId]}
              />
            </div>
          ))}
        </SectionCard>
        <SectionCard
          title="WhatsApp"
          description="Número que recebe as conversas do site e da loja. Vazio: usa o telefone da loja."
        >
          <Field
            id="whatsapp_numero"
            label="Número do WhatsApp (com DDD)"
            hint="Ex.: (47) 99999-0416. O código do país 55 é incluído automaticamente."
            error={errors.whatsapp_numero}
          >
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="off"
              defaultValue={s.whatsapp_numero}
              placeholder="(47) 99999-0416"
            />
          </Field>
        </SectionCard>
        <SectionCard
          title="E-mails"
          contentClassName="grid gap-4"
          description="Cada pedido novo também chega por e-mail neste endereço. Os e-mails aos clientes mostram o CNPJ no rodapé."
        >
          <Field
            id="email_novos_pedidos"
            label="E-mail para novos pedidos"
            hint="Vazio: a loja não recebe e-mail de novos pedidos."
            error={errors.email_novos_pedidos}
          >
            <Input
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={254}
              defaultValue={s.email_novos_pedidos}
              placeholder="pedidos@agropetlitoral.com.br"
            />
          </Field>
          <Field id="cnpj" label="CNPJ" error={errors.cnpj}>
            <Input
              inputMode="numeric"
              autoComplete="off"
              defaultValue={s.cnpj}
              placeholder="12.345.678/0001-90"
            />
          </Field>
        </SectionCard>
        <SectionCard
          title="Dados da empresa"
          contentClassName="grid gap-4"
          description="Aparecem no rodapé de todas as páginas e nas páginas de privacidade, trocas e termos, como pede a lei do comércio eletrônico. O endereço é o da primeira unidade aberta (Unidades)."
        >
          <Field id="razao_social" label="Razão social" error={errors.razao_social}>
            <Input
              autoComplete="off"
              maxLength={200}
              defaultValue={s.razao_social}
              placeholder="Agropet Litoral Comércio de Produtos Agropecuários Ltda."
            />
          </Field>
          <Field
            id="email_contato"
            label="E-mail de atendimento"
            hint="Vazio: usa o e-mail do site."
            error={errors.email_contato}
          >
            <Input
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={254}
              defaultValue={s.email_contato}
              placeholder="contato@agropetlitoral.com.br"
            />
          </Field>
          <Field
            id="encarregado_nome"
            label="Encarregado de dados (LGPD)"
            hint="Quem responde pelos pedidos de cópia ou exclusão de dados."
            error={errors.encarregado_nome}
          >
            <Input autoComplete="off" maxLength={200} defaultValue={s.encarregado_nome} />
          </Field>
          <Field
            id="encarregado_email"
            label="E-mail do encarregado"
            hint="Vazio: usa o e-mail de atendimento."
            error={errors.encarregado_email}
          >
            <Input
              type="email"
              inputMode="email"
              autoComplete="off"
              maxLength={254}
              defaultValue={s.encarregado_email}
              placeholder="privacidade@agropetlitoral.com.br"
            />
          </Field>
        </SectionCard>
        <div className="flex justify-end">
          <Button type="submit" size="lg" disabled={saving}>
            <Save aria-hidden="true" />
            {saving ? "Salvando..." : "Salvar configurações"}
          </Button>
        </div>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError title="Configurações" message="Erro ao carregar configurações" />;
}
