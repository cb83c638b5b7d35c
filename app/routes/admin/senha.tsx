import { data } from "react-router";
import { NewPasswordCard } from "~/components/admin/equipe/new-password-card";
import { privateMeta } from "~/components/admin/meta";
import type { FieldErrors } from "~/lib/forms";
import { completePasswordReset, openPasswordReset } from "~/modules/accounts/index.server";
import type { Route } from "./+types/senha";
import { linkPasswordAction } from "./link-password.server";

export const meta = privateMeta("Nova senha");

export async function loader({ params }: Route.LoaderArgs) {
  const state = await openPasswordReset(params.token);
  if (!state.ok) return data({ refusal: state.message, pessoa: null }, { status: 410 });
  return { refusal: null, pessoa: state.row };
}

const DONE =
  "Senha alterada. Todas as sessões da sua conta foram encerradas: entre com a nova senha.";

export async function action({ request, params }: Route.ActionArgs) {
  return linkPasswordAction(
    request,
    (senha, shopWords) => completePasswordReset(request, params.token, senha, shopWords),
    () => ({ errors: {} as FieldErrors, done: DONE }),
    { done: null },
  );
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
