import { data } from "react-router";
import { NewPasswordCard } from "~/components/admin/equipe/new-password-card";
import { privateMeta } from "~/components/admin/meta";
import { PAPEL_LABEL } from "~/domain/permissions";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import { newPasswordSchema, staffHome } from "~/modules/accounts";
import {
  acceptInvitation,
  HASHING_BUSY_MESSAGE,
  HASHING_RETRY_AFTER_S,
  openInvitation,
  PasswordHashingBusyError,
} from "~/modules/accounts/index.server";
import { shopPasswordWords } from "~/modules/shop/index.server";
import { readForm } from "~/platform/request-info.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/convite";

export const meta = privateMeta("Convite para a equipe");

export async function loader({ params }: Route.LoaderArgs) {
  const state = await openInvitation(params.token);
  if (!state.ok) return data({ refusal: state.message, convite: null }, { status: 410 });
  const { nome, email, papel } = state.row;
  return { refusal: null, convite: { nome, email, papel: PAPEL_LABEL[papel] } };
}

export async function action({ request, params }: Route.ActionArgs) {
  const parsed = newPasswordSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  try {
    const outcome = await acceptInvitation(
      request,
      params.token,
      parsed.data.senha,
      await shopPasswordWords(),
    );
    if (!outcome.ok) {
      return data({ errors: { [outcome.field]: outcome.message } as FieldErrors }, { status: 400 });
    }
    return redirectWithToast(
      staffHome(outcome.user.papel!),
      { type: "success", title: "Bem-vindo(a) à equipe! Sua senha foi criada." },
      { headers: outcome.headers },
    );
  } catch (error) {
    if (!(error instanceof PasswordHashingBusyError)) throw error;
    return data(
      { errors: { form: HASHING_BUSY_MESSAGE } as FieldErrors },
      { status: 503, headers: { "Retry-After": String(HASHING_RETRY_AFTER_S) } },
    );
  }
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
