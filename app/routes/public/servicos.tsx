import { CheckIcon, InfoIcon, ScissorsIcon } from "lucide-react";
import { data, useActionData, useSearchParams } from "react-router";
import { QUOTE_DIALOG_ID, QuoteDialog } from "~/components/public/quote-dialog";
import { QuotePlainForm } from "~/components/public/quote-form";
import { CtaBand, PageHero, Section } from "~/components/public/section";
import { publicMeta } from "~/components/public/seo";
import { useChatNumber } from "~/components/public/use-chat-number";
import { ChatLink, WhatsappIcon } from "~/components/site/chat-link";
import { groomingBenefits, groomingServices } from "~/content/services";
import { shop } from "~/content/shop";
import { TIPOS_SERVICO, type TipoServico } from "~/domain/statuses";
import { Island } from "~/islands/island";
import type { HydrationHandle } from "~/lib/hydration";
import type { PageCacheHandle } from "~/lib/page-cache";
import {
  MAX_PHOTO_BYTES,
  MAX_PHOTOS,
  QUOTE_FIELD_CHECKS,
  QUOTE_MESSAGES,
} from "~/modules/grooming";
import { sendGroomingQuote } from "~/modules/grooming/index.server";
import type { Route } from "./+types/servicos";

// Served as plain HTML, without React (decision 0009): the quote form posts to this page;
// the `quote-dialog` island turns it into the native dialog with photo previews.
export const handle: HydrationHandle & PageCacheHandle = {
  hydrate: false,
  // The service chosen in the address; the quote form filled from the booking page
  // ("Pedir orçamento com fotos", decision 0056) is that visitor's alone, never kept.
  pageCache: {
    params: ["servico"],
    personal: ["nome_tutor", "whatsapp", "nome_pet", "raca_porte"],
  },
};

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Banho & Tosa Profissional",
    description: `Plano de banho, banho fitoterápico e banho com tosa higiênica na ${shop.name}. Envie as fotos do seu pet e receba um orçamento personalizado.`,
    path: "/servicos",
  });

/** Fields the booking page's "Pedir orçamento com fotos" fills in (decision 0056). */
const PREFILL = ["nome_tutor", "whatsapp", "nome_pet", "raca_porte"] as const;

function prefillOf(params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of PREFILL) {
    const value = params.get(name)?.trim().slice(0, 120);
    if (value) values[name] = value;
  }
  return values;
}

// A form filled from the address is this visitor's: never kept by the shared page cache.
export function loader({ request }: Route.LoaderArgs) {
  const filled = Object.keys(prefillOf(new URL(request.url).searchParams)).length > 0;
  return data(null, filled ? { headers: { "Cache-Control": "private, no-store" } } : undefined);
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export async function action({ request }: Route.ActionArgs) {
  const { status, ...result } = await sendGroomingQuote(request);
  return data(result, { status });
}

const PLAIN_FORM_ID = "orcamento";

const quoteOpenerClass =
  "inline-flex min-h-12 w-full items-center justify-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700";

export default function Servicos() {
  const chatNumber = useChatNumber();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  const requested = params.get("servico");
  const preselected = (TIPOS_SERVICO as readonly string[]).includes(requested ?? "")
    ? (requested as TipoServico)
    : null;
  const prefill = prefillOf(params);

  return (
    <main>
      <PageHero eyebrow="Serviços" title="Banho & Tosa Profissional">
        <p>Carinho, higiene e bem-estar para o seu pet, com profissionais que amam o que fazem.</p>
        <p className="mx-auto mt-5 flex max-w-xl items-start gap-2 rounded-xl border border-brand-200 bg-white p-4 text-left text-base text-slate-800">
          <InfoIcon className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          Já é cliente? O agendamento online mostra o preço pelo porte na hora. Na primeira visita
          ou para porte GG, o valor vem depois da análise das fotos do seu pet, porque cada porte e
          pelagem pede um cuidado diferente.
        </p>
        <p className="mt-5">
          <a
            href="/servicos/agendar"
            className="inline-flex min-h-12 items-center justify-center rounded-lg bg-accent-400 px-6 font-semibold text-slate-900 hover:bg-accent-500"
          >
            Já é cliente? Agende online
          </a>
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
                {/* Without JavaScript: a link to the form on the page itself. The island
                    makes it a button that opens the dialog. */}
                <a
                  href={`?servico=${service.id}#${PLAIN_FORM_ID}`}
                  aria-label={`Solicitar Orçamento: ${service.name}`}
                  className={quoteOpenerClass}
                  data-orcamento={service.id}
                >
                  Solicitar Orçamento
                </a>
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

      <section id={PLAIN_FORM_ID} aria-labelledby="orcamento-titulo" className="px-4 py-10">
        <div className="mx-auto max-w-2xl rounded-2xl border border-slate-200 p-6 shadow-sm">
          <h2 id="orcamento-titulo" className="text-2xl font-extrabold text-slate-900">
            Solicitar Orçamento
          </h2>
          <p className="mt-2 text-slate-700">
            Preencha os dados e envie de 1 a 3 fotos do seu pet.
          </p>
          <div className="mt-6">
            <QuotePlainForm service={preselected} result={actionData} prefill={prefill} />
          </div>
        </div>
      </section>

      <CtaBand
        id="servicos-cta"
        title="Prefere conversar antes?"
        text={
          <>Chame a nossa equipe no {shop.messenger} e tire suas dúvidas sobre o banho e tosa.</>
        }
      >
        <ChatLink
          number={chatNumber}
          text="Olá! Gostaria de solicitar um orçamento de banho e tosa para o meu pet."
          className="mt-6 inline-flex min-h-12 items-center gap-2 rounded-lg bg-whatsapp-dark px-6 font-semibold text-white hover:bg-brand-800"
        >
          <WhatsappIcon className="size-5" /> Pedir orçamento no {shop.messenger}
        </ChatLink>
      </CtaBand>

      <QuoteDialog prefill={prefill} />
      <Island
        name="quote-dialog"
        props={{
          dialogId: QUOTE_DIALOG_ID,
          plainFormId: PLAIN_FORM_ID,
          endpoint: "/servicos/enviar",
          services: Object.fromEntries(groomingServices.map((s) => [s.id, s.name])),
          maxPhotos: MAX_PHOTOS,
          maxPhotoBytes: MAX_PHOTO_BYTES,
          checks: QUOTE_FIELD_CHECKS,
          messages: QUOTE_MESSAGES,
          sending: "Enviando...",
          answer: actionData
            ? {
                ok: actionData.ok,
                message: actionData.ok ? QUOTE_MESSAGES.success : actionData.toast,
              }
            : null,
        }}
      />
    </main>
  );
}
