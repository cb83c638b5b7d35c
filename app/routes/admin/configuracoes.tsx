import { Form, useNavigation } from "react-router";
import { adminPage } from "~/components/admin/page";
import { AdminScreen } from "~/components/admin/screen";
import { type TextFieldSpec, TextFields } from "~/components/admin/text-fields";
import { IntentForm } from "~/components/forms/intent-form";
import { useCheckedForm } from "~/components/forms/use-checked-fetcher";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SaveButton } from "~/components/ui/save-button";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import { generalSettingsSchema } from "~/modules/shop";
import { getGeneralSettings, getSettings, saveGeneralSettings } from "~/modules/shop/index.server";
import { adminIntent, fail } from "~/platform/admin/action.server";
import { demoCompanyFields } from "~/startup/demo-company";
import { demoDataLeft, hasDemoData, removeDemoData } from "~/startup/demo-removal.server";
import type { Route } from "./+types/configuracoes";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Configurações",
  capability: "site.configurar",
  failure: "Erro ao carregar configurações",
});

/** The company fields' names on this form, for the demo notice. */
const COMPANY_LABELS = {
  razaoSocial: "razão social",
  cnpj: "CNPJ",
  emailContato: "e-mail de atendimento",
  encarregadoNome: "encarregado de dados",
  encarregadoEmail: "e-mail do encarregado",
} as const;

export const loader = adminLoader(handle, async (_: Route.LoaderArgs) => {
  const [settings, raw, left] = await Promise.all([
    getGeneralSettings(),
    getSettings(),
    demoDataLeft(),
  ]);
  return {
    settings,
    // The demo's made-up company, flagged until the shop types its own (decision 0057).
    demoCompany: demoCompanyFields(raw).map((field) => COMPANY_LABELS[field]),
    demo: hasDemoData(left) ? left : null,
  };
});

export const action = adminAction(
  {
    "remover-demo": adminIntent({
      failure: "Erro ao remover os dados de demonstração",
      run: async (_data, { fields, actor }) => {
        if (fields.confirmar !== "on") {
          return fail(
            "remover-demo",
            "Marque a confirmação para remover os dados de demonstração.",
          );
        }
        const removed = await removeDemoData(actor);
        return [
          "Dados de demonstração removidos",
          `${removed.produtos} produtos, ${removed.cupons} cupons, ${removed.bairros} bairros e ${removed.servicos} serviços de banho e tosa.`,
        ];
      },
    }),
    configuracoes: adminIntent({
      schema: generalSettingsSchema,
      failure: "Erro ao salvar configurações",
      run: async (data, { request, user }) => {
        await saveGeneralSettings(data, request, user.id);
        return "Configurações salvas com sucesso!";
      },
    }),
  },
  { capability: handle.capability, defaultIntent: "configuracoes" },
);

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

/** A general setting, by the name of its field. */
type Setting = keyof Route.ComponentProps["loaderData"]["settings"] & string;

/** The cards of plain settings after the webhooks: each a list of text fields. */
const SECTIONS: {
  title: string;
  description: string;
  contentClassName?: string;
  fields: TextFieldSpec<Setting>[];
}[] = [
  {
    title: "WhatsApp",
    description: "Número que recebe as conversas do site e da loja. Vazio: usa o telefone da loja.",
    fields: [
      {
        name: "whatsapp_numero",
        label: "Número do WhatsApp (com DDD)",
        hint: "Ex.: (47) 99999-0416. O código do país 55 é incluído automaticamente.",
        type: "tel",
        inputMode: "tel",
        placeholder: "(47) 99999-0416",
      },
    ],
  },
  {
    title: "E-mails",
    contentClassName: "grid gap-4",
    description:
      "Cada pedido novo também chega por e-mail neste endereço. Os e-mails aos clientes mostram o CNPJ no rodapé.",
    fields: [
      {
        name: "email_novos_pedidos",
        email: true,
        label: "E-mail para novos pedidos",
        hint: "Vazio: a loja não recebe e-mail de novos pedidos.",
        placeholder: "pedidos@agropetlitoral.com.br",
      },
      { name: "cnpj", label: "CNPJ", inputMode: "numeric", placeholder: "12.345.678/0001-90" },
    ],
  },
  {
    title: "Dados da empresa",
    contentClassName: "grid gap-4",
    description:
      "Aparecem no rodapé de todas as páginas e nas páginas de privacidade, trocas e termos, como pede a lei do comércio eletrônico. O endereço é o da primeira unidade aberta (Unidades).",
    fields: [
      {
        name: "razao_social",
        label: "Razão social",
        maxLength: 200,
        placeholder: "Agropet Litoral Comércio de Produtos Agropecuários Ltda.",
      },
      {
        name: "email_contato",
        email: true,
        label: "E-mail de atendimento",
        hint: "Vazio: usa o e-mail do site.",
        placeholder: "contato@agropetlitoral.com.br",
      },
      {
        name: "encarregado_nome",
        label: "Encarregado de dados (LGPD)",
        hint: "Quem responde pelos pedidos de cópia ou exclusão de dados.",
        maxLength: 200,
      },
      {
        name: "encarregado_email",
        email: true,
        label: "E-mail do encarregado",
        hint: "Vazio: usa o e-mail de atendimento.",
        placeholder: "privacidade@agropetlitoral.com.br",
      },
    ],
  },
];

export default function GeneralSettings({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const { errors, formProps } = useCheckedForm(actionData, generalSettingsSchema);
  const s = loaderData.settings;
  // A setting's field: its id and name are the setting's, filled with what is saved.
  const field = (name: Setting) => ({
    id: name,
    name,
    error: errors[name],
    defaultValue: String(s[name] ?? ""),
    autoComplete: "off",
  });

  return (
    <AdminScreen
      width="3xl"
      title="Configurações"
      description="Para onde vão os avisos de pedidos, orçamentos e currículos, o número do WhatsApp, o e-mail e os dados da empresa."
    >
      {loaderData.demoCompany.length > 0 ? (
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="empresa-demonstracao"
        >
          <strong>Dados de demonstração:</strong> {loaderData.demoCompany.join(", ")} são inventados
          e aparecem no rodapé e nas páginas legais. Troque pelos dados reais da empresa antes de
          vender.
        </p>
      ) : null}
      <Form {...formProps} className="grid gap-6">
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
        {SECTIONS.map(({ fields, ...section }) => (
          <SectionCard key={section.title} {...section}>
            <TextFields fields={fields} field={field} />
          </SectionCard>
        ))}
        <div className="flex justify-end">
          <SaveButton size="lg" icon saving={saving}>
            Salvar configurações
          </SaveButton>
        </div>
      </Form>
      {loaderData.demo ? <RemoveDemo left={loaderData.demo} /> : null}
    </AdminScreen>
  );
}

/** "Remover dados de demonstração": what goes, what stays, and a confirmation to tick. */
function RemoveDemo({ left }: { left: NonNullable<Route.ComponentProps["loaderData"]["demo"]> }) {
  const navigation = useNavigation();
  const removing = navigation.formData?.get("intent") === "remover-demo";
  return (
    <SectionCard
      title="Dados de demonstração"
      contentClassName="grid gap-3 text-sm"
      description="A loja começou com produtos, cupons, bairros, serviços e dados da empresa de exemplo."
    >
      <p data-testid="demo-restante">
        Ainda há {left.produtos} produtos, {left.cupons} cupons, {left.bairros} bairros de entrega e{" "}
        {left.servicos} serviços de banho e tosa de demonstração.
        {left.produtosEmPedidos > 0
          ? ` ${left.produtosEmPedidos} produtos já estão em pedidos e ficam.`
          : ""}
      </p>
      <IntentForm intent="remover-demo" className="grid gap-3">
        <CheckboxField
          id="confirmar"
          label="Entendi: os produtos, cupons, bairros e serviços de exemplo que nenhum pedido ou agendamento usa serão apagados, e os dados inventados da empresa ficam em branco."
        />
        <div>
          <Button type="submit" variant="destructive" disabled={removing}>
            {removing ? "Removendo..." : "Remover dados de demonstração"}
          </Button>
        </div>
      </IntentForm>
    </SectionCard>
  );
}
