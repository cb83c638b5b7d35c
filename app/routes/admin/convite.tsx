import { data } from "react-router";
import { NewPasswordCard } from "~/components/admin/equipe/new-password-card";
import { privateMeta } from "~/components/admin/meta";
import { PAPEL_LABEL } from "~/domain/permissions";
import { staffHome } from "~/modules/accounts";
import { acceptInvitation, openInvitation } from "~/modules/accounts/index.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/convite";
import { linkPasswordAction } from "./link-password.server";

export const meta = privateMeta("Convite para a equipe");

export async function loader({ params }: Route.LoaderArgs) {
  const state = await openInvitation(params.token);
  if (!state.ok) return data({ refusal: state.message, convite: null }, { status: 410 });
  const { nome, email, papel } = state.row;
  return { refusal: null, convite: { nome, email, papel: PAPEL_LABEL[papel] } };
}

export async function action({ request, params }: Route.ActionArgs) {
  return linkPasswordAction(
    request,
    (senha, shopWords) => acceptInvitation(request, params.token, senha, shopWords),
    (outcome) =>
      redirectWithToast(
        staffHome(outcome.user.papel!),
        { type: "success", title: "Bem-vindo(a) à equipe! Sua senha foi criada." },
        { headers: outcome.headers },
      ),
    {},
  );
}

export default function Convite({ loaderData, actionData }: Route.ComponentProps) {
  const c = loaderData.convite;
  return (
    <NewPasswordCard
      title="Convite para a equipe"
      description={
        c ? `Olá, ${c.nome}! Crie sua senha para entrar no painel como ${c.papel}.` : "Convite"
      }
      email={c?.email}
      refusal={loaderData.refusal}
      errors={actionData?.errors}
      submitLabel="Criar senha e entrar"
    />
  );
}
