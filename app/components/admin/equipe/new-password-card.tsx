// The page of a team link (invitation or password reset): the person's own password, twice,
// or why the link no longer opens. A plain form.
import { Form, Link, useNavigation } from "react-router";
import { AuthCard, FormNotice } from "~/components/admin/auth-card";
import { Button } from "~/components/ui/button";
import { Field } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { SaveButton } from "~/components/ui/save-button";
import type { FieldErrors } from "~/lib/forms";

export function NewPasswordCard({
  title,
  description,
  email,
  refusal,
  done,
  errors = {},
  submitLabel,
}: {
  title: string;
  description: string;
  email?: string;
  /** Why the link does not open (used, expired, revoked, unknown). */
  refusal?: string | null;
  /** A success to show instead of the form (the reset, then sign in). */
  done?: string | null;
  errors?: FieldErrors;
  submitLabel: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  if (refusal || done) {
    return (
      <AuthCard title={title} description={description}>
        <FormNotice tone={done ? "info" : "error"}>{refusal ?? done}</FormNotice>
        <Button asChild size="lg" className="w-full">
          <Link to="/admin/login">Ir para o login</Link>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title} description={description}>
      {errors.form ? <FormNotice>{errors.form}</FormNotice> : null}
      <Form method="post" className="grid gap-4">
        {/* The account's name for password managers. */}
        <input type="email" name="email" autoComplete="username" value={email} readOnly hidden />
        <Field
          id="senha"
          label="Nova senha"
          required
          error={errors.senha}
          hint="Pelo menos 12 caracteres. Uma frase com palavras suas, pouco comuns, é o melhor."
        >
          <Input type="password" autoComplete="new-password" maxLength={200} />
        </Field>
        <Field id="confirmacao" label="Repita a senha" required error={errors.confirmacao}>
          <Input type="password" autoComplete="new-password" maxLength={200} />
        </Field>
        <SaveButton size="lg" saving={submitting} className="mt-2 w-full">
          {submitLabel}
        </SaveButton>
      </Form>
    </AuthCard>
  );
}
