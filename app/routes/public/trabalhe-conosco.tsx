import { BriefcaseIcon, HeartHandshakeIcon } from "lucide-react";
import { data, useActionData } from "react-router";
import { FormSender } from "~/components/public/form-sender";
import { PromptSelect } from "~/components/public/prompt-select";
import { PageHero } from "~/components/public/section";
import { publicMeta } from "~/components/public/seo";
import { ConsentNote } from "~/components/site/consent-note";
import { Button } from "~/components/ui/button";
import { Field, fieldProps, resentFieldProps } from "~/components/ui/field";
import { Input, PhoneInput } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { jobs } from "~/content/jobs";
import { shop } from "~/content/shop";
import { STATIC_PAGE_HANDLE } from "~/lib/page-cache";
import { MAX_RESUME_BYTES, RESUME_MESSAGES } from "~/modules/careers";
import { submitResume } from "~/modules/careers/index.server";
import type { Route } from "./+types/trabalhe-conosco";

// Served as plain HTML, without React (decision 0009): the form posts to this page; a small
// inline script sends it in place instead (same server function, same messages).
export const handle = STATIC_PAGE_HANDLE;

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Trabalhe Conosco",
    description: `Venha fazer parte da equipe da ${shop.name} em ${shop.city}/${shop.state}: vagas de vendedor, banho e tosa, caixa e auxiliar. Envie seu currículo em PDF.`,
    path: "/trabalhe-conosco",
  });

export async function action({ request }: Route.ActionArgs) {
  const result = await submitResume(request);
  return data(result, { status: result.ok ? 200 : result.status });
}

const FORM_ID = "curriculo-form";

export default function TrabalheConosco() {
  const result = useActionData<typeof action>();
  const failed = result && !result.ok ? result : undefined;
  const values = failed?.values ?? {};
  const shownErrors = failed?.fields ?? {};
  const props = resentFieldProps(shownErrors, values);
  return (
    <main>
      <PageHero eyebrow="Carreiras" title="Trabalhe Conosco">
        <p>
          Gosta de bicho, de gente e de trabalhar em equipe? A {shop.name} está sempre de portas
          abertas para quem quer crescer com a gente. Envie seu currículo!
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-8 lg:grid-cols-[1fr_1.4fr]">
        <section aria-labelledby="vagas">
          <h2 id="vagas" className="flex items-center gap-2 text-2xl font-extrabold text-slate-900">
            <BriefcaseIcon className="size-6 text-brand-700" aria-hidden="true" /> Vagas
          </h2>
          <ul className="mt-4 grid gap-3">
            {jobs.map((job) => (
              <li key={job.value} className="rounded-2xl border border-slate-200 p-4 shadow-sm">
                <h3 className="font-bold text-slate-900">{job.label}</h3>
                <p className="mt-1 text-slate-700">{job.description}</p>
              </li>
            ))}
          </ul>
          <p className="mt-6 flex items-start gap-2 rounded-2xl bg-brand-50 p-4 text-slate-800">
            <HeartHandshakeIcon
              className="mt-0.5 size-5 shrink-0 text-brand-700"
              aria-hidden="true"
            />
            Seus dados são usados apenas para este processo seletivo e o currículo fica guardado com
            acesso restrito à nossa equipe.
          </p>
        </section>
        <section
          aria-labelledby="formulario"
          className="rounded-2xl border border-slate-200 p-6 shadow-sm"
        >
          <h2 id="formulario" className="text-2xl font-extrabold text-slate-900">
            Envie seu currículo
          </h2>
          {result?.ok ? (
            <p
              role="status"
              className="mt-4 rounded-xl bg-brand-50 p-4 font-semibold text-brand-800"
            >
              {RESUME_MESSAGES.success}
            </p>
          ) : null}
          {failed ? (
            <p role="alert" className="mt-4 rounded-xl bg-red-50 p-4 font-semibold text-red-800">
              {failed.message}
            </p>
          ) : null}
          <form
            id={FORM_ID}
            method="post"
            action="/trabalhe-conosco"
            encType="multipart/form-data"
            noValidate
            className="mt-5 grid gap-4"
          >
            <fieldset className="grid gap-4">
              <Field
                id="nomeCompleto"
                label="Nome completo"
                required
                error={shownErrors.nomeCompleto}
              >
                <Input {...props("nomeCompleto")} autoComplete="name" required />
              </Field>
              <div className="grid gap-4 sm:grid-cols-2">
                <Field id="email" label="E-mail" required error={shownErrors.email}>
                  <Input {...props("email")} type="email" autoComplete="email" required />
                </Field>
                <Field id="telefone" label="Telefone" required error={shownErrors.telefone}>
                  <PhoneInput {...props("telefone")} required />
                </Field>
              </div>
              <Field id="vaga" label="Vaga de interesse" required error={shownErrors.vaga}>
                <PromptSelect
                  {...props("vaga")}
                  defaultValue={values.vaga ?? ""}
                  required
                  prompt="Selecione uma vaga"
                  options={jobs}
                />
              </Field>
              <Field id="mensagem" label="Mensagem" error={shownErrors.mensagem}>
                <Textarea
                  {...props("mensagem")}
                  rows={4}
                  placeholder="Conte um pouco sobre você e sua experiência (opcional)"
                />
              </Field>
              <Field
                id="curriculo"
                label="Currículo em PDF"
                required
                error={shownErrors.curriculo}
                hint="Apenas PDF, até 10MB."
              >
                <Input
                  {...fieldProps("curriculo", shownErrors.curriculo)}
                  type="file"
                  accept=".pdf,application/pdf"
                  required
                  aria-describedby={
                    shownErrors.curriculo ? "curriculo-error curriculo-hint" : "curriculo-hint"
                  }
                />
              </Field>
            </fieldset>
            <FormSender
              alertClassName="rounded-xl bg-red-50 p-4 font-semibold text-red-800"
              statusClassName="rounded-xl bg-brand-50 p-4 font-semibold text-brand-800"
              formId={FORM_ID}
              endpoint="/trabalhe-conosco/enviar"
              failure={RESUME_MESSAGES.failure}
              success={{ title: RESUME_MESSAGES.success }}
              file={{
                name: "curriculo",
                maxBytes: MAX_RESUME_BYTES,
                tooLarge: RESUME_MESSAGES.tooLarge,
              }}
            >
              <ConsentNote action="Ao enviar" className="mb-3" />
              <Button type="submit" size="lg">
                Enviar Currículo
              </Button>
            </FormSender>
          </form>
        </section>
      </div>
    </main>
  );
}
