import { CheckIcon, InfoIcon, ScissorsIcon } from "lucide-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, useActionData, useSearchParams } from "react-router";
import { toast } from "sonner";
import { QuoteDialog } from "~/components/public/quote-dialog";
import { type QuoteActionData, QuotePlainForm } from "~/components/public/quote-form";
import { PageHero, Section } from "~/components/public/section";
import { publicMeta } from "~/components/public/seo";
import { useChatNumber } from "~/components/public/use-chat-number";
import { useHydrated } from "~/components/public/use-hydrated";
import { ChatLink, WhatsappIcon } from "~/components/site/chat-link";
import { groomingBenefits, groomingServices } from "~/content/services";
import { shop } from "~/content/shop";
import { TIPOS_SERVICO, type TipoServico } from "~/domain/statuses";
import { QUOTE_MESSAGES } from "~/schemas/grooming-quote";
import { submitGroomingQuote } from "~/server/grooming.server";
import { allowPublicForm } from "~/server/rate-limits.server";
import type { Route } from "./+types/servicos";

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Banho & Tosa Profissional",
    description: `Plano de banho, banho fitoterápico e banho com tosa higiênica na ${shop.name}. Envie as fotos do seu pet e receba um orçamento personalizado.`,
    path: "/servicos",
  });

export async function action({
  request,
}: Route.ActionArgs): Promise<ReturnType<typeof data<QuoteActionData>>> {
  if (!(await allowPublicForm("orcamento", request))) {
    return data(
      { ok: false, toast: QUOTE_MESSAGES.rateLimited, fields: {}, values: {} },
      { status: 429 },
    );
  }
  const result = await submitGroomingQuote(request);
  return data(result, { status: result.ok ? 200 : 400 });
}

const quoteOpenerClass =
  "inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700";

export default function Servicos() {
  const chatNumber = useChatNumber();
  const hydrated = useHydrated();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const [open, setOpen] = useState<TipoServico | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const close = useCallback((isOpen: boolean) => {
    if (!isOpen) setOpen(null);
  }, []);
  const requested = params.get("servico");
  const preselected = (TIPOS_SERVICO as readonly string[]).includes(requested ?? "")
    ? (requested as TipoServico)
    : null;

  // A shared link such as /servicos?servico=banho_tosa opens that service's dialog.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only on the first render
  useEffect(() => {
    if (preselected && !actionData) setOpen(preselected);
  }, []);

  // A form posted before the page became interactive: show its answer as a toast too.
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!actionData || shown.current === actionData) return;
    shown.current = actionData;
    if (actionData.ok)
      toast.success(QUOTE_MESSAGES.success.title, {
        description: QUOTE_MESSAGES.success.description,
      });
    else toast.error(actionData.toast.title, { description: actionData.toast.description });
  }, [actionData]);

  return (
    <main>
      <PageHero eyebrow="Serviços" title="Banho & Tosa Profissional">
        <p>Carinho, higiene e bem-estar para o seu pet, com profissionais que amam o que fazem.</p>
        <p className="mx-auto mt-5 flex max-w-xl items-start gap-2 rounded-xl border border-brand-200 bg-white p-4 text-left text-base text-slate-800">
          <InfoIcon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          Os valores são informados somente após a análise das fotos do seu pet, porque cada porte e
          pelagem pede um cuidado diferente.
        </p>
      </PageHero>

      <section aria-labelledby="servicos-lista" className="px-4 py-10">
        <h2 id="servicos-lista" className="sr-only">
          Nossos serviços
        </h2>
        <ul className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-3">
          {groomingServices.map((service) => (
            <li
              key={service.id}
              className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${service.badge ? "border-brand-600 ring-2 ring-brand-600" : "border-slate-200"}`}
            >
              {service.badge ? (
                <p className="absolute -top-3 left-6 rounded-full bg-accent-400 px-3 py-1 text-xs font-bold text-slate-900">
                  {service.badge}
                </p>
              ) : null}
              <h3 className="mt-2 flex items-center gap-2 text-xl font-bold text-slate-900">
                <ScissorsIcon className="size-5 text-brand-700" aria-hidden="true" />
                {service.name}
              </h3>
              <p className="mt-2 text-slate-700">{service.description}</p>
              <ul className="mt-4 grid gap-2">
                {service.features.map((feature) => (
                  <li key={feature} className="flex items-start gap-2 text-slate-800">
                    <CheckIcon
                      className="mt-0.5 size-5 shrink-0 text-brand-600"
                      aria-hidden="true"
                    />
                    {feature}
                  </li>
                ))}
              </ul>
              <div className="mt-auto pt-6">
                {hydrated ? (
                  // Once React runs, the control opens a dialog: a button, not a link.
                  <button
                    type="button"
                    onClick={(event) => {
                      opener.current = event.currentTarget;
                      setOpen(service.id);
                    }}
                    aria-haspopup="dialog"
                    aria-label={`Solicitar Orçamento: ${service.name}`}
                    className={quoteOpenerClass}
                  >
                    Solicitar Orçamento
                  </button>
                ) : (
                  // Without JavaScript: a link to the form on the page itself.
                  <a
                    href={`?servico=${service.id}#orcamento`}
                    aria-label={`Solicitar Orçamento: ${service.name}`}
                    className={quoteOpenerClass}
                  >
                    Solicitar Orçamento
                  </a>
                )}
              </div>
            </li>
          ))}
        </ul>
      </section>

      <Section id="beneficios" title="Por que escolher nosso banho e tosa?" className="bg-slate-50">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {groomingBenefits.map((benefit) => (
            <li key={benefit.title} className="rounded-2xl bg-white p-6 shadow-sm">
              <h3 className="text-lg font-bold text-slate-900">{benefit.title}</h3>
              <p className="mt-2 text-slate-700">{benefit.text}</p>
            </li>
          ))}
        </ul>
      </Section>

      {hydrated ? null : (
        <section id="orcamento" aria-labelledby="orcamento-titulo" className="px-4 py-10">
          <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 p-6 shadow-sm">
            <h2 id="orcamento-titulo" className="text-2xl font-extrabold text-slate-900">
              Solicitar Orçamento
            </h2>
            <p className="mt-2 text-slate-700">
              Preencha os dados e envie de 1 a 3 fotos do seu pet.
            </p>
            <div className="mt-6">
              <QuotePlainForm service={preselected} result={actionData} />
            </div>
          </div>
        </section>
      )}

      <section aria-labelledby="servicos-cta" className="px-4 py-14">
        <div className="mx-auto max-w-4xl rounded-3xl bg-brand-800 px-6 py-10 text-center text-white">
          <h2 id="servicos-cta" className="text-2xl font-extrabold sm:text-3xl">
            Prefere conversar antes?
          </h2>
          <p className="mt-3 text-brand-50">
            Chame a nossa equipe no {shop.messenger} e tire suas dúvidas sobre o banho e tosa.
          </p>
          <ChatLink
            number={chatNumber}
            text="Olá! Gostaria de solicitar um orçamento de banho e tosa para o meu pet."
            className="mt-6 inline-flex min-h-12 items-center gap-2 rounded-lg bg-whatsapp-dark px-6 font-semibold text-white hover:bg-brand-800"
          >
            <WhatsappIcon className="size-5" /> Pedir orçamento no {shop.messenger}
          </ChatLink>
        </div>
      </section>

      <QuoteDialog service={open} onOpenChange={close} returnFocusTo={opener} />
    </main>
  );
}
