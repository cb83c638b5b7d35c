import { Download, Search, UserX } from "lucide-react";
import { useRef } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { z } from "zod";
import { adminPage } from "~/components/admin/page";
import { AdminScreen } from "~/components/admin/screen";
import { useCheckedForm } from "~/components/forms/use-checked-fetcher";
import { useFormResult } from "~/components/forms/use-form-result";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SaveButton } from "~/components/ui/save-button";
import { Textarea } from "~/components/ui/textarea";
import { countText } from "~/domain/text";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import {
  DEFAULT_LEGAL_TEXTS,
  LEGAL_PAGES,
  LEGAL_PLACEHOLDERS,
  type LegalPageKey,
  legalTextsSchema,
  subjectSchema,
} from "~/modules/privacy";
import {
  anonymiseSubject,
  legalTextsForAdmin,
  parseSubject,
  saveLegalTexts,
  subjectSummary,
} from "~/modules/privacy/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import type { Route } from "./+types/privacidade";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Privacidade",
  capability: "privacidade.gerenciar",
  failure: "Erro ao carregar a privacidade",
});

export const loader = adminLoader(handle, async ({ request }: Route.LoaderArgs) => {
  const asked = new URL(request.url).searchParams.get("titular");
  const parsed = asked === null ? null : subjectSchema.safeParse({ titular: asked });
  return {
    legal: await legalTextsForAdmin(),
    titular: asked ?? "",
    titularErro: parsed && !parsed.success ? parsed.error.issues[0]!.message : null,
    resumo: parsed?.success ? await subjectSummary(parseSubject(parsed.data.titular)) : null,
  };
});

export const action = adminAction(
  {
    textos: adminIntent({
      schema: legalTextsSchema,
      failure: "Erro ao salvar os textos",
      run: async (data, { actor }) => {
        await saveLegalTexts(data, actor);
        return "Textos salvos com sucesso!";
      },
    }),
    anonimizar: adminIntent({
      schema: subjectSchema.extend({
        confirmar: z.literal("sim", { error: "Confirme a anonimização" }),
      }),
      failure: "Erro ao anonimizar os dados",
      run: async (data, { actor }) => {
        const done = await anonymiseSubject(parseSubject(data.titular), actor);
        return [
          "Dados anonimizados",
          `${countText(done.pedidos, "pedido")} sem dados pessoais (valores mantidos), ${countText(done.servicos, "pedido")} de banho e tosa e ${countText(done.curriculos, "currículo")} apagados.`,
        ];
      },
    }),
  },
  { capability: handle.capability },
);

const TEXT_FIELDS: { key: LegalPageKey; name: string }[] = [
  { key: "privacidade", name: "texto_privacidade" },
  { key: "trocas", name: "texto_trocas" },
  { key: "termos", name: "texto_termos" },
];

/** The retention periods, each a whole number of months or days kept in `setting`. */
const RETENTION_FIELDS = [
  { id: "retencao_meses", label: "Prazo em meses", setting: "retencaoMeses" },
  {
    id: "retencao_envios_dias",
    label: "E-mails e webhooks enviados: prazo em dias",
    hint: "Depois dele, o conteúdo das mensagens é apagado; fica só o registro do envio (de 7 a 3650 dias).",
    setting: "retencaoEnviosDias",
  },
] as const;

export default function Privacy({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const { errors, formProps } = useCheckedForm(
    actionData?.intent === "textos" ? actionData : undefined,
    legalTextsSchema,
  );
  const anonymise = useFetcher<typeof action>();
  useFormResult(anonymise);
  const { legal, titular, titularErro, resumo } = loaderData;
  const empty =
    resumo !== null &&
    resumo.pedidos + resumo.servicos + resumo.agendamentos + resumo.curriculos + resumo.contas ===
      0;

  return (
    <AdminScreen
      title="Privacidade"
      description="Os textos de privacidade, trocas e termos do site, o prazo de guarda de currículos e fotos, e os dados de um cliente: baixar uma cópia ou anonimizar."
    >
      <SectionCard
        title="Dados de um cliente (LGPD)"
        contentClassName="grid gap-4"
        description="Procure pelo telefone ou e-mail usado nos pedidos, no orçamento de banho e tosa ou no currículo. A cópia sai em um arquivo ZIP; a anonimização apaga os dados pessoais e mantém os valores dos pedidos para a contabilidade."
      >
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <Field
            id="titular"
            label="Telefone ou e-mail"
            error={titularErro}
            className="min-w-64 flex-1"
          >
            <Input name="titular" defaultValue={titular} autoComplete="off" />
          </Field>
          <Button type="submit" variant="outline">
            <Search aria-hidden="true" />
            Procurar
          </Button>
        </Form>
        {resumo ? (
          <div
            className="grid gap-3 rounded-lg border border-slate-200 p-4"
            data-testid="titular-resumo"
          >
            <p className="text-sm text-slate-700">
              Encontrado para <strong className="break-all">{titular}</strong>:{" "}
              {countText(resumo.pedidos, "pedido")} da loja, {countText(resumo.servicos, "pedido")}{" "}
              de orçamento de banho e tosa ({countText(resumo.fotos, "foto")}),{" "}
              {countText(resumo.agendamentos, "agendamento")} de banho e tosa e{" "}
              {countText(resumo.curriculos, "currículo")}. {countText(resumo.contas, "conta")} de
              cliente ({countText(resumo.pets, "pet")}).
            </p>
            {empty ? null : (
              <div className="flex flex-wrap gap-3">
                <Button asChild variant="outline">
                  <a
                    href={`/admin/privacidade/exportar?titular=${encodeURIComponent(titular)}`}
                    download
                  >
                    <Download aria-hidden="true" />
                    Baixar cópia (ZIP)
                  </a>
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button variant="destructive" disabled={anonymise.state !== "idle"}>
                      <UserX aria-hidden="true" />
                      Anonimizar
                    </Button>
                  }
                  title="Anonimizar os dados deste cliente?"
                  description="Nome, telefone, e-mail, endereço e observações saem dos pedidos (os valores ficam); os pedidos de banho e tosa perdem os dados e as fotos; os currículos e os PDFs são apagados. Não há como desfazer. A ação fica registrada na auditoria."
                  confirmLabel="Anonimizar"
                  onConfirm={() =>
                    anonymise.submit(
                      { intent: "anonimizar", titular, confirmar: "sim" },
                      { method: "post" },
                    )
                  }
                />
              </div>
            )}
          </div>
        ) : null}
      </SectionCard>
      <Form {...formProps} className="grid gap-6">
        <input type="hidden" name="intent" value="textos" />
        <SectionCard
          title="Prazo de guarda"
          description="Currículos (com o PDF) e fotos de pets dos pedidos de banho e tosa são apagados automaticamente depois deste prazo, contado do envio."
        >
          {RETENTION_FIELDS.map(({ setting, ...field }) => (
            <Field key={field.id} {...field} error={errors[field.id]}>
              <Input
                inputMode="numeric"
                autoComplete="off"
                defaultValue={String(legal[setting])}
                className="max-w-32"
              />
            </Field>
          ))}
        </SectionCard>
        <SectionCard
          title="Textos legais"
          contentClassName="grid gap-6"
          description={
            <>
              Em Markdown: <code>## Título</code>, <code>**negrito**</code>, <code>- item</code>,{" "}
              <code>[link](/privacidade)</code>. HTML não é aceito. Estas marcas são trocadas pelos
              dados atuais: {LEGAL_PLACEHOLDERS.join(", ")}.
            </>
          }
        >
          {TEXT_FIELDS.map(({ key, name }) => (
            <LegalTextField
              key={key}
              name={name}
              page={key}
              value={legal.textos[key]}
              custom={legal.personalizados[key]}
              error={errors[name]}
            />
          ))}
        </SectionCard>
        <div className="flex justify-end">
          <SaveButton size="lg" icon saving={saving}>
            Salvar textos
          </SaveButton>
        </div>
      </Form>
    </AdminScreen>
  );
}

function LegalTextField({
  name,
  page,
  value,
  custom,
  error,
}: {
  name: string;
  page: LegalPageKey;
  value: string;
  custom: boolean;
  error?: string;
}) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const { title, path } = LEGAL_PAGES[page];
  return (
    <div className="grid gap-2">
      <Field
        id={name}
        label={title}
        hint={
          <>
            Página{" "}
            <a className="underline" href={path}>
              {path}
            </a>
            {custom ? " · texto personalizado" : " · texto padrão"}
          </>
        }
        error={error}
      >
        <Textarea ref={ref} defaultValue={value} rows={14} className="font-mono text-sm" />
      </Field>
      <div>
        <Button
          type="button"
          variant="ghost"
          size="sm"
          onClick={() => {
            if (ref.current) ref.current.value = DEFAULT_LEGAL_TEXTS[page];
          }}
        >
          Usar o texto padrão
        </Button>
      </div>
    </div>
  );
}
