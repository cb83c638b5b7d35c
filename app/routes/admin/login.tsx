import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { AuthCard, FormNotice } from "~/components/admin/auth-card";
import { privateMeta } from "~/components/admin/meta";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { checkOnSubmit, type FieldErrors, fieldErrors } from "~/lib/forms";
import { adminLoginSchema } from "~/modules/accounts";
import {
  AUTH_MESSAGES,
  attemptLogin,
  HASHING_BUSY_MESSAGE,
  HASHING_RETRY_AFTER_S,
  LOGIN_RETRY_AFTER_S,
  LoginRefusedError,
  loginPageState,
  PasswordHashingBusyError,
  safeAdminRedirect,
} from "~/modules/accounts/index.server";
import { logger } from "~/platform/logger.server";
import { readForm } from "~/platform/request-info.server";
import { redirectWithToast } from "~/platform/toast.server";
import { rethrowIfUnavailable } from "~/platform/unavailable.server";
import type { Route } from "./+types/login";

export const meta = privateMeta("Login administrativo");

const NOTICES: Record<string, string> = {
  inatividade: AUTH_MESSAGES.idle,
  expirada: AUTH_MESSAGES.expired,
  bloqueado: AUTH_MESSAGES.blocked,
};

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const redirectTo = url.searchParams.get("redirectTo") ?? "";
  const state = await loginPageState(request);
  if (state.kind === "admin") throw redirect("/admin/dashboard");
  if (state.kind === "mfa") {
    throw redirect(`/admin/login/verificar?${new URLSearchParams({ redirectTo })}`);
  }
  if (state.kind === "denied") {
    return data({ notice: AUTH_MESSAGES.denied, redirectTo }, { headers: state.headers });
  }
  const notice = NOTICES[url.searchParams.get("motivo") ?? ""] ?? null;
  return { notice, redirectTo };
}

export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await readForm(request));
  const parsed = adminLoginSchema.safeParse(form);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error) }, { status: 400 });
  try {
    const outcome = await attemptLogin(request, parsed.data);
    if (!outcome.ok) {
      const status =
        outcome.reason === "blocked"
          ? 429
          : outcome.reason === "denied" || outcome.reason === "inactive"
            ? 403
            : 401;
      return data({ errors: { form: outcome.message } as FieldErrors }, { status });
    }
    const { headers } = outcome;
    if (outcome.mfa) {
      const params = new URLSearchParams({ redirectTo: parsed.data.redirectTo ?? "" });
      return redirect(`/admin/login/verificar?${params}`, { headers });
    }
    return redirectWithToast(
      safeAdminRedirect(parsed.data.redirectTo),
      { type: "success", title: AUTH_MESSAGES.success },
      { headers },
    );
  } catch (error) {
    if (error instanceof LoginRefusedError) {
      return data(
        { errors: { form: error.refusal.message } as FieldErrors },
        { status: error.refusal.status, headers: { "Retry-After": String(LOGIN_RETRY_AFTER_S) } },
      );
    }
    if (error instanceof PasswordHashingBusyError) {
      return data(
        { errors: { form: HASHING_BUSY_MESSAGE } as FieldErrors },
        { status: 503, headers: { "Retry-After": String(HASHING_RETRY_AFTER_S) } },
      );
    }
    rethrowIfUnavailable(error);
    logger.error({ err: error }, "login falhou");
    return data({ errors: { form: "Erro ao fazer login" } as FieldErrors }, { status: 500 });
  }
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const errors: FieldErrors = clientErrors ?? actionData?.errors ?? {};

  return (
    <AuthCard
      title="Painel Administrativo"
      description="Entre com seu e-mail e senha de administrador."
    >
      {errors.form ? (
        <FormNotice>{errors.form}</FormNotice>
      ) : loaderData.notice ? (
        <FormNotice tone="info">{loaderData.notice}</FormNotice>
      ) : null}
      <Form
        method="post"
        noValidate
        className="grid gap-4"
        onSubmit={(event) => {
          setClientErrors(checkOnSubmit(adminLoginSchema, event));
        }}
      >
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field id="email" label="E-mail" required error={errors.email}>
          <Input type="email" autoComplete="username" inputMode="email" autoFocus />
        </Field>
        <Field id="password" label="Senha" required error={errors.password}>
          <Input type="password" autoComplete="current-password" />
        </Field>
        <Button type="submit" size="lg" disabled={submitting} className="mt-2 w-full">
          {submitting ? "Entrando..." : "Entrar"}
        </Button>
      </Form>
    </AuthCard>
  );
}
