import { data } from "react-router";
import {
  type AccountResult,
  PasswordCard,
  SessionsCard,
  TwoFactorCard,
} from "~/components/admin/conta/cards";
import { AdminLoadError } from "~/components/admin/load-error";
import { adminMeta } from "~/components/admin/meta";
import { AdminPageHeader } from "~/components/admin/page-header";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import { passwordChangeSchema, totpCodeSchema } from "~/modules/accounts";
import type { Usuario } from "~/modules/accounts/index.server";
import {
  changeOwnPassword,
  confirmTotpEnrolment,
  countOtherSessions,
  disableTotp,
  endOtherSessions,
  enrolmentView,
  HASHING_BUSY_MESSAGE,
  HASHING_RETRY_AFTER_S,
  PasswordHashingBusyError,
  requireAdmin,
  startTotpEnrolment,
  verifyPassword,
  withPasswordHashing,
} from "~/modules/accounts/index.server";
import { shopPasswordWords } from "~/modules/shop/index.server";
import { readForm } from "~/platform/request-info.server";
import type { Route } from "./+types/conta";

export const meta = adminMeta("Minha conta");

export async function loader({ request }: Route.LoaderArgs) {
  const { user, session } = await requireAdmin(request);
  return {
    email: user.email,
    outrasSessoes: await countOtherSessions(user.id, session.id),
    totpAtivo: user.totpAtivo,
    codigosRestantes: user.codigosRecuperacao.length,
    enrolment: await enrolmentView(user),
  };
}

/** The form result, and the recovery codes shown once after 2FA is turned on. */
type Result = AccountResult;

export async function action({ request }: Route.ActionArgs) {
  const { user, session } = await requireAdmin(request);
  const form = Object.fromEntries(await readForm(request));
  const intent = String(form.intent ?? "");
  try {
    return await accountAction(request, user, session.id, form, intent);
  } catch (error) {
    if (!(error instanceof PasswordHashingBusyError)) throw error;
    return data<Result>(
      { intent, ok: false, message: HASHING_BUSY_MESSAGE },
      { status: 503, headers: { "Retry-After": String(HASHING_RETRY_AFTER_S) } },
    );
  }
}

async function accountAction(
  request: Request,
  user: Usuario,
  sessionId: string,
  form: Record<string, FormDataEntryValue>,
  intent: string,
) {
  const fail = (errors: FieldErrors, status = 400) =>
    data<Result>({ intent, ok: false, errors }, { status });
  const refuse = (message: string) => data<Result>({ intent, ok: false, message }, { status: 400 });

  if (intent === "senha") {
    const parsed = passwordChangeSchema.safeParse(form);
    if (!parsed.success) return fail(fieldErrors(parsed.error));
    const outcome = await changeOwnPassword(
      request,
      user,
      sessionId,
      parsed.data,
      await shopPasswordWords(),
    );
    if (!outcome.ok) return fail({ [outcome.field]: outcome.message }, 400);
    return data<Result>({
      intent,
      ok: true,
      message: "Senha alterada com sucesso! As outras sessões foram encerradas.",
    });
  }
  if (intent === "encerrar_sessoes") {
    const ended = await endOtherSessions(request, user, sessionId);
    return data<Result>({
      intent,
      ok: true,
      message:
        ended === 1 ? "1 outra sessão foi encerrada." : `${ended} outras sessões foram encerradas.`,
    });
  }
  if (intent === "totp_iniciar") {
    if (user.totpAtivo) return refuse("A verificação em duas etapas já está ativa.");
    await startTotpEnrolment(user.id);
    return data<Result>({ intent, ok: true });
  }
  if (intent === "totp_confirmar") {
    const parsed = totpCodeSchema.safeParse(form);
    if (!parsed.success) return fail(fieldErrors(parsed.error));
    const codes = await confirmTotpEnrolment(user, parsed.data.codigo, request);
    if (!codes)
      return fail({ codigo: "Código inválido. Confira o horário do celular e tente de novo." });
    return data<Result>({
      intent,
      ok: true,
      message: "Verificação em duas etapas ativada!",
      codes,
    });
  }
  if (intent === "totp_desativar") {
    const senha = String(form.senhaAtual ?? "");
    if (!(await withPasswordHashing(() => verifyPassword(user.senhaHash, senha)))) {
      return fail({ senhaAtualTotp: "Senha atual incorreta" });
    }
    await disableTotp(user, request);
    return data<Result>({ intent, ok: true, message: "Verificação em duas etapas desativada." });
  }
  return refuse("Ação desconhecida");
}

export default function Account({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto grid w-full max-w-3xl grid-cols-1 gap-6">
      <AdminPageHeader
        title="Minha conta"
        description={`Conectado como ${loaderData.email}`}
        className="mb-0"
      />
      <PasswordCard />
      <SessionsCard outrasSessoes={loaderData.outrasSessoes} />
      <TwoFactorCard {...loaderData} />
    </div>
  );
}

export function ErrorBoundary() {
  return <AdminLoadError title="Minha conta" message="Erro ao carregar dados da conta" />;
}
