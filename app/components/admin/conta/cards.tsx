// The account screen's cards: change the password, end the other sessions, and turn the
// two-step verification on (QR code, confirmation code, recovery codes) or off.
import { KeyRound, MonitorSmartphone, ShieldCheck } from "lucide-react";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useFormResult } from "~/components/forms/use-form-result";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { SectionCard } from "~/components/ui/card";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SaveButton } from "~/components/ui/save-button";
import type { FormResult } from "~/lib/form-result";
import { checkOnSubmit, type FieldErrors } from "~/lib/forms";
import { passwordChangeSchema } from "~/modules/accounts";

/** What the account actions answer: the form result, and the recovery codes shown once. */
export type AccountResult = FormResult & { codes?: string[] };
type Result = AccountResult;

export function PasswordCard() {
  const fetcher = useFetcher<Result>();
  const formRef = useRef<HTMLFormElement>(null);
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const { errors: serverErrors } = useFormResult(fetcher, { form: formRef, reset: true });
  const errors = clientErrors ?? serverErrors;
  return (
    <SectionCard
      title="Alterar senha"
      icon={KeyRound}
      description="Informe a senha atual. Ao trocar, todas as outras sessões desta conta são encerradas."
    >
      <fetcher.Form
        ref={formRef}
        method="post"
        noValidate
        className="grid gap-4"
        onSubmit={(event) => setClientErrors(checkOnSubmit(passwordChangeSchema, event))}
      >
        <input type="hidden" name="intent" value="senha" />
        <input type="text" name="username" autoComplete="username" hidden readOnly />
        <Field id="senhaAtual" label="Senha atual" required error={errors.senhaAtual}>
          <Input type="password" autoComplete="current-password" />
        </Field>
        <Field
          id="novaSenha"
          label="Nova senha"
          required
          error={errors.novaSenha}
          hint="Pelo menos 12 caracteres; prefira uma frase com palavras pouco comuns."
        >
          <Input type="password" autoComplete="new-password" />
        </Field>
        <Field id="confirmacao" label="Confirme a nova senha" required error={errors.confirmacao}>
          <Input type="password" autoComplete="new-password" />
        </Field>
        <div className="flex justify-end">
          <SaveButton saving={fetcher.state !== "idle"}>Alterar senha</SaveButton>
        </div>
      </fetcher.Form>
    </SectionCard>
  );
}

export function SessionsCard({ outrasSessoes }: { outrasSessoes: number }) {
  const fetcher = useFetcher<Result>();
  useFormResult(fetcher);
  return (
    <SectionCard
      title="Sessões abertas"
      icon={MonitorSmartphone}
      contentClassName="flex flex-wrap items-center justify-between gap-3"
      description="Esqueceu o painel aberto em outro computador ou celular? Encerre lá sem sair daqui."
    >
      <p className="text-sm text-slate-700" data-testid="outras-sessoes">
        {outrasSessoes === 0
          ? "Nenhuma outra sessão aberta nesta conta."
          : outrasSessoes === 1
            ? "1 outra sessão aberta nesta conta."
            : `${outrasSessoes} outras sessões abertas nesta conta.`}
      </p>
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="encerrar_sessoes" />
        <Button
          type="submit"
          variant="outline"
          disabled={outrasSessoes === 0 || fetcher.state !== "idle"}
        >
          Encerrar outras sessões
        </Button>
      </fetcher.Form>
    </SectionCard>
  );
}

export function TwoFactorCard({
  totpAtivo,
  codigosRestantes,
  enrolment,
}: {
  totpAtivo: boolean;
  codigosRestantes: number;
  enrolment: { qrDataUrl: string; secret: string } | null;
}) {
  const fetcher = useFetcher<Result>();
  useFormResult(fetcher);
  const result = fetcher.data;
  const errors = (result && !result.ok ? result.errors : null) ?? {};
  const codes = result?.intent === "totp_confirmar" && result.ok ? result.codes : undefined;
  const busy = fetcher.state !== "idle";

  return (
    <SectionCard
      title={
        <>
          Verificação em duas etapas
          {totpAtivo ? (
            <Badge variant="green">Ativa</Badge>
          ) : (
            <Badge variant="secondary">Desativada</Badge>
          )}
        </>
      }
      icon={ShieldCheck}
      contentClassName="grid gap-4"
      description="Além da senha, o login pede um código do aplicativo autenticador do celular (Google Authenticator, Microsoft Authenticator, 1Password...)."
    >
      {codes ? (
        <div
          className="grid gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
          role="status"
        >
          <p className="font-semibold text-amber-900">
            Guarde estes códigos de recuperação agora: eles não serão mostrados de novo.
          </p>
          <p className="text-sm text-amber-900">
            Cada um vale para um login, caso você perca o celular.
          </p>
          <ul
            className="grid grid-cols-2 gap-2 font-mono text-sm"
            data-testid="codigos-recuperacao"
          >
            {codes.map((code) => (
              <li key={code} className="rounded bg-white px-2 py-1 text-center">
                {code}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {totpAtivo ? (
        <>
          <p className="text-sm text-slate-700">
            Códigos de recuperação restantes: <strong>{codigosRestantes}</strong>
          </p>
          <fetcher.Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
            <input type="hidden" name="intent" value="totp_desativar" />
            <Field
              id="senhaAtualTotp"
              label="Senha atual para desativar"
              error={errors.senhaAtualTotp}
            >
              <Input name="senhaAtual" type="password" autoComplete="current-password" />
            </Field>
            <Button type="submit" variant="destructive" disabled={busy}>
              Desativar
            </Button>
          </fetcher.Form>
        </>
      ) : enrolment ? (
        <div className="grid gap-4 sm:grid-cols-[auto_1fr]">
          <img
            src={enrolment.qrDataUrl}
            alt="QR code para cadastrar a conta no aplicativo autenticador"
            width={220}
            height={220}
            className="rounded-lg border border-slate-200"
          />
          <div className="grid content-start gap-3">
            <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
              <li>Abra o aplicativo autenticador e leia o QR code.</li>
              <li>
                Sem câmera? Digite a chave:{" "}
                <code
                  className="break-all rounded bg-slate-100 px-1 font-mono"
                  data-testid="totp-chave"
                >
                  {enrolment.secret}
                </code>
              </li>
              <li>Digite o código de 6 dígitos que aparece no aplicativo.</li>
            </ol>
            <fetcher.Form method="post" className="grid gap-3">
              <input type="hidden" name="intent" value="totp_confirmar" />
              <Field id="codigo" label="Código do aplicativo" required error={errors.codigo}>
                <Input inputMode="numeric" autoComplete="one-time-code" maxLength={7} />
              </Field>
              <Button type="submit" disabled={busy}>
                Confirmar e ativar
              </Button>
            </fetcher.Form>
          </div>
        </div>
      ) : (
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="totp_iniciar" />
          <Button type="submit" disabled={busy}>
            Ativar verificação em duas etapas
          </Button>
        </fetcher.Form>
      )}
    </SectionCard>
  );
}
