// "Servidor de envio (SMTP)" on E-mails enviados: where the shop's e-mails go out. The
// password is never shown back (blank keeps it); when the environment names the server the
// form only says so.
import { Form, useNavigation } from "react-router";
import { useCheckedForm } from "~/components/forms/use-checked-fetcher";
import { SectionCard } from "~/components/ui/card";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SaveButton } from "~/components/ui/save-button";
import type { FormResult } from "~/lib/form-result";
import { type MailSettingsView, mailSettingsSchema } from "~/modules/mail";

export function SmtpSettings({
  values,
  result,
}: {
  values: MailSettingsView;
  result: FormResult | undefined;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "smtp";
  const { errors, formProps } = useCheckedForm(result, mailSettingsSchema);

  return (
    <SectionCard
      title="Servidor de envio (SMTP)"
      className="mb-6"
      description={
        values.doAmbiente
          ? "O servidor SMTP está definido no ambiente do servidor (SMTP_URL ou SMTP_HOST) e vale no lugar destes campos."
          : "Os dados do seu provedor de e-mail (ex.: o e-mail do domínio da loja). Sem servidor, as mensagens ficam guardadas em arquivos .eml e aparecem aqui como os clientes as veriam."
      }
    >
      <Form {...formProps} className="grid gap-4">
        <input type="hidden" name="intent" value="smtp" />
        <fieldset disabled={values.doAmbiente} className="grid gap-4 sm:grid-cols-[1fr_8rem]">
          <Field
            id="smtpHost"
            label="Servidor"
            hint="Vazio: as mensagens ficam guardadas em arquivos."
            error={errors.smtpHost}
          >
            <Input
              defaultValue={values.smtpHost}
              placeholder="smtp.exemplo.com.br"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={253}
            />
          </Field>
          <Field
            id="smtpPorta"
            label="Porta"
            hint="587 (STARTTLS) ou 465 (TLS); também 25 ou 2525"
            error={errors.smtpPorta}
          >
            <Input
              defaultValue={String(values.smtpPorta)}
              inputMode="numeric"
              autoComplete="off"
              maxLength={5}
            />
          </Field>
          <Field id="smtpUsuario" label="Usuário" error={errors.smtpUsuario}>
            <Input
              defaultValue={values.smtpUsuario}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={254}
            />
          </Field>
          <Field
            id="smtpSenha"
            label="Senha"
            hint={
              values.senhaDefinida
                ? "Guardada. Em branco: mantém a atual, se o servidor, a porta e o usuário não mudarem."
                : "Enviada só com conexão segura (TLS)."
            }
            error={errors.smtpSenha}
          >
            <Input
              type="password"
              autoComplete="new-password"
              placeholder={values.senhaDefinida ? "••••••••" : ""}
              maxLength={500}
            />
          </Field>
        </fieldset>
        {values.senhaDefinida && !values.doAmbiente ? (
          <CheckboxField id="limparSenha" label="Remover a senha guardada" />
        ) : null}
        <Field
          id="emailRemetente"
          label="Remetente"
          hint={
            values.remetenteDoAmbiente
              ? "Definido no ambiente (MAIL_FROM), que vale no lugar deste campo."
              : "Ex.: Agropet Litoral <contato@agropetlitoral.com.br>. Vazio: um endereço de não responda do site."
          }
          error={errors.emailRemetente}
        >
          <Input
            defaultValue={values.emailRemetente}
            autoComplete="off"
            maxLength={200}
            disabled={values.remetenteDoAmbiente}
          />
        </Field>
        {values.doAmbiente ? null : (
          <div className="flex justify-end">
            <SaveButton icon saving={saving}>
              Salvar servidor de envio
            </SaveButton>
          </div>
        )}
      </Form>
    </SectionCard>
  );
}
