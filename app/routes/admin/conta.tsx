import { data } from "react-router";
import type { AccountResult } from "~/components/admin/conta/cards";
import { PasswordCard, SessionsCard, TwoFactorCard } from "~/components/admin/conta/cards";
import { adminPage } from "~/components/admin/page";
import { AdminScreen } from "~/components/admin/screen";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import { passwordChangeSchema, totpCodeSchema } from "~/modules/accounts";
import * as accounts from "~/modules/accounts/index.server";
import { adminAction, adminLoader } from "~/modules/accounts/index.server";
import { shopPasswordWords } from "~/modules/shop/index.server";
import { type AdminWrite, adminIntent } from "~/platform/admin/action.server";
import { AdminError } from "~/platform/admin/actor.server";
import type { Route } from "./+types/conta";

export const { handle, meta, ErrorBoundary } = adminPage({
  title: "Minha conta",
  capability: "painel.entrar",
  failure: "Erro ao carregar dados da conta",
});

export const loader = adminLoader(handle, async (_: Route.LoaderArgs, { user, session }) => {
  return {
    email: user.email,
    outrasSessoes: await accounts.countOtherSessions(user.id, session.id),
    totpAtivo: user.totpAtivo,
    codigosRestantes: user.codigosRecuperacao.length,
    enrolment: await accounts.enrolmentView(user),
  };
});

/** The form result, and the recovery codes shown once after 2FA is turned on. */
type Result = AccountResult;

const fail = (intent: string, errors: FieldErrors, status = 400) =>
  data<Result>({ intent, ok: false, errors }, { status });
const refuse = (intent: string, message: string) =>
  data<Result>({ intent, ok: false, message }, { status: 400 });

/**
 * One write of the person's own account: it reads the whole account (the password hash, the
 * 2FA state), and a password check that finds the hashing pool busy answers 503 with
 * Retry-After, as the login does.
 */
function own(
  run: (
    form: Record<string, string>,
    user: accounts.Usuario,
    write: AdminWrite,
  ) => Promise<ReturnType<typeof data<Result>>>,
) {
  return adminIntent<Record<string, string>, ReturnType<typeof data<Result>>>({
    failure: "Erro ao salvar",
    run: async (form, write) => {
      const user = await accounts.findUserByEmail(write.user.email);
      if (!user) throw new AdminError("Conta não encontrada.");
      try {
        return await run(form, user, write);
      } catch (error) {
        if (!(error instanceof accounts.PasswordHashingBusyError)) throw error;
        return data<Result>(
          { intent: write.intent, ok: false, message: accounts.HASHING_BUSY_MESSAGE },
          { status: 503, headers: { "Retry-After": String(accounts.HASHING_RETRY_AFTER_S) } },
        );
      }
    },
  });
}

export const action = adminAction(
  {
    senha: own(async (form, user, { request, sessionId, intent }) => {
      const parsed = passwordChangeSchema.safeParse(form);
      if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
      const outcome = await accounts.changeOwnPassword(
        request,
        user,
        sessionId,
        parsed.data,
        await shopPasswordWords(),
      );
      if (!outcome.ok) return fail(intent, { [outcome.field]: outcome.message }, 400);
      return data<Result>({
        intent,
        ok: true,
        message: "Senha alterada com sucesso! As outras sessões foram encerradas.",
      });
    }),
    encerrar_sessoes: own(async (_form, user, { request, sessionId, intent }) => {
      const ended = await accounts.endOtherSessions(request, user, sessionId);
      return data<Result>({
        intent,
        ok: true,
        message:
          ended === 1
            ? "1 outra sessão foi encerrada."
            : `${ended} outras sessões foram encerradas.`,
      });
    }),
    totp_iniciar: own(async (_form, user, { intent }) => {
      if (user.totpAtivo) return refuse(intent, "A verificação em duas etapas já está ativa.");
      await accounts.startTotpEnrolment(user.id);
      return data<Result>({ intent, ok: true });
    }),
    totp_confirmar: own(async (form, user, { request, intent }) => {
      const parsed = totpCodeSchema.safeParse(form);
      if (!parsed.success) return fail(intent, fieldErrors(parsed.error));
      const codes = await accounts.confirmTotpEnrolment(user, parsed.data.codigo, request);
      if (!codes) {
        return fail(intent, {
          codigo: "Código inválido. Confira o horário do celular e tente de novo.",
        });
      }
      return data<Result>({
        intent,
        ok: true,
        message: "Verificação em duas etapas ativada!",
        codes,
      });
    }),
    totp_desativar: own(async (form, user, { request, intent }) => {
      const senha = form.senhaAtual ?? "";
      if (
        !(await accounts.withPasswordHashing(() => accounts.verifyPassword(user.senhaHash, senha)))
      ) {
        return fail(intent, { senhaAtualTotp: "Senha atual incorreta" });
      }
      await accounts.disableTotp(user, request);
      return data<Result>({ intent, ok: true, message: "Verificação em duas etapas desativada." });
    }),
  },
  { capability: handle.capability },
);

export default function Account({ loaderData }: Route.ComponentProps) {
  return (
    <AdminScreen width="3xl" title="Minha conta" description={`Conectado como ${loaderData.email}`}>
      <PasswordCard />
      <SessionsCard outrasSessoes={loaderData.outrasSessoes} />
      <TwoFactorCard {...loaderData} />
    </AdminScreen>
  );
}
