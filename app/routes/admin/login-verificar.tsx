import { data, Form, redirect, useNavigation } from "react-router";
import { AuthCard, FormNotice } from "~/components/admin/auth-card";
import { privateMeta } from "~/components/admin/meta";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { type FieldErrors, fieldErrors } from "~/lib/forms";
import { secondFactorSchema } from "~/modules/accounts";
import {
  AUTH_MESSAGES,
  attemptSecondFactor,
  clearSessionCookie,
  loginPageState,
  safeAdminRedirect,
} from "~/modules/accounts/index.server";
import { readForm } from "~/platform/request-info.server";
import { redirectWithToast } from "~/platform/toast.server";
import type { Route } from "./+types/login-verificar";

export const meta = privateMeta("Verificação em duas etapas");

export async function loader({ request }: Route.LoaderArgs) {
  const state = await loginPageState(request);
  if (state.kind === "admin") throw redirect("/admin/dashboard");
  if (state.kind !== "mfa") throw redirect("/admin/login?motivo=expirada");
  return { redirectTo: new URL(request.url).searchParams.get("redirectTo") ?? "" };
}

export async function action({ request }: Route.ActionArgs) {
  const parsed = secondFactorSchema.safeParse(Object.fromEntries(await readForm(request)));
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  const outcome = await attemptSecondFactor(request, parsed.data.codigo);
  if (!outcome.ok) {
    if (outcome.reason === "invalid") {
      return data({ errors: { codigo: outcome.message } as FieldErrors }, { status: 401 });
    }
    const params = new URLSearchParams({
      motivo: outcome.reason === "blocked" ? "bloqueado" : "expirada",
    });
    return redirect(`/admin/login?${params}`, {
      headers: { "Set-Cookie": clearSessionCookie(request) },
    });
  }
  return redirectWithToast(
    safeAdminRedirect(parsed.data.redirectTo),
    { type: "success", title: AUTH_MESSAGES.success },
    { headers: outcome.headers },
  );
}

export default function SecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const errors: FieldErrors = actionData?.errors ?? {};
  return (
    <AuthCard
      title="Verificação em duas etapas"
      description="Digite o código de 6 dígitos do seu aplicativo autenticador ou um código de recuperação."
    >
      {errors.form ? <FormNotice>{errors.form}</FormNotice> : null}
      <Form method="post" className="grid gap-4">
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field id="codigo" label="Código" required error={errors.codigo}>
          <Input autoComplete="one-time-code" inputMode="text" autoFocus maxLength={16} />
        </Field>
        <Button type="submit" size="lg" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? "Verificando..." : "Verificar"}
        </Button>
      </Form>
      <Form method="post" action="/admin/logout" className="mt-3">
        <Button type="submit" variant="ghost" className="w-full">
          Cancelar e voltar ao login
        </Button>
      </Form>
    </AuthCard>
  );
}
