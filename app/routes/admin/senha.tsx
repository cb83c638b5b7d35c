import { data } from "react-router";
import { NewPasswordCard } from "~/components/admin/equipe/new-password-card";
import { privateMeta } from "~/components/admin/meta";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import { newPasswordSchema } from "~/modules/accounts";
import {
  completePasswordReset,
  HASHING_BUSY_MESSAGE,
  HASHING_RETRY_AFTER_S,
  openPasswordReset,
  PasswordHashingBusyError,
} from "~/modules/accounts/index.server";
import { shopPasswordWords } from "~/modules/shop/index.server";
import { readForm } from "~/platform/request-info.server";
import type { Route } from "./+types/senha";

export const meta = privateMeta("Nova senha");

export async function loader({ params }: Route.LoaderArgs) {
  const state = await openPasswordReset(params.token);
  if (!state.ok) return data({ refusal: state.message, pessoa: null }, { status: 410 });
  return { refusal: null, pessoa: state.row };
}

const DONE =
  "Senha alterada. Todas as sessões da sua conta foram encerradas: entre com a nova senha.";

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = newPasswordSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success)
    return data({ errors: fieldErrors(parsed.error), done: null }, { status: 400 });
  try {
    const outcome = await completePasswordReset(
      request,
      params.token,
      parsed.data.senha,
      await shopPasswordWords(),
    );
    if (!outcome.ok) {
      return data(
        { errors: { [outcome.field]: outcome.message } as FieldErrors, done: null },
        { status: 400 },
      );
    }
    return { errors: {} as FieldErrors, done: DONE };
  } catch (error) {
    if (!(error instanceof PasswordHashingBusyError)) throw error;
    return data(
      { errors: { form: HASHING_BUSY_MESSAGE } as FieldErrors, done: null },
      { status: 503, headers: { "Retry-After": String(HASHING_RETRY_AFTER_S) } },
    );
  }
}

export default function NovaSenha({ loaderData, actionData }: Route.ComponentProps) {
  const p = loaderData.pessoa;
  return (
    <NewPasswordCard
      title="Nova senha"
      description={
        p ? `Olá, ${p.nome || p.email}! Crie uma nova senha para o painel.` : "Nova senha"
      }
      email={p?.email}
      refusal={actionData?.done ? null : loaderData.refusal}
      done={actionData?.done}
      errors={actionData?.errors}
      submitLabel="Salvar nova senha"
    />
  );
}
