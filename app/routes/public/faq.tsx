import { MessageCircleQuestionIcon, TriangleAlertIcon } from "lucide-react";
import { Disclosure } from "~/components/public/disclosure";
import { ContentIcon } from "~/components/public/icons";
import { PageHero } from "~/components/public/section";
import { layoutFacts, publicMeta } from "~/components/public/seo";
import { useChatNumber, useShopText } from "~/components/public/use-chat-number";
import { ChatLink, WhatsappIcon } from "~/components/site/chat-link";
import { faqCategories, quickTips } from "~/content/faq";
import { shop } from "~/content/shop";
import { STATIC_PAGE_HANDLE } from "~/lib/page-cache";
import { withShopFacts } from "~/modules/shop";
import type { Route } from "./+types/faq";

// Questions and answers: plain HTML, without React (decision 0009). Native disclosures open
// one answer at a time per category; a few inline lines keep aria-expanded.
export const handle = STATIC_PAGE_HANDLE;

export const meta: Route.MetaFunction = ({ matches }) => [
  ...publicMeta(matches, {
    title: "Perguntas Frequentes",
    description: `Pagamentos, Pix, trocas, entrega grátis, receitas veterinárias, banho e tosa e unidades: as respostas para as dúvidas mais comuns sobre a ${shop.name}.`,
    path: "/faq",
  }),
  {
    "script:ld+json": {
      "@context": "https://schema.org",
      "@type": "FAQPage",
      mainEntity: faqCategories.flatMap((c) =>
        c.items.map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: {
            "@type": "Answer",
            text: withShopFacts(item.answer, layoutFacts(matches)),
          },
        })),
      ),
    },
  },
];

export default function Faq() {
  const chatNumber = useChatNumber();
  const text = useShopText();
  return (
    <main>
      <PageHero eyebrow="Dúvidas" title="Perguntas Frequentes">
        <p>
          Reunimos aqui as dúvidas mais comuns dos nossos clientes. Não encontrou o que procurava?
          Chame a gente no {shop.messenger} que respondemos rapidinho.
        </p>
      </PageHero>
      <div className="mx-auto grid max-w-4xl gap-8 px-4 pb-8">
        {faqCategories.map((category) => (
          <section
            key={category.id}
            aria-labelledby={`faq-${category.id}`}
            className="rounded-2xl border border-slate-200 p-5 shadow-sm sm:p-6"
            data-testid={`faq-${category.id}`}
          >
            <h2
              id={`faq-${category.id}`}
              className="flex items-center gap-3 text-xl font-bold text-slate-900"
            >
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <ContentIcon name={category.icon} className="size-5" />
              </span>
              {category.title}
            </h2>
            {/* One question open at a time per category (same `name`); all may be closed.
                Answers are in the HTML for search engines and screen readers. */}
            <div className="mt-3">
              {category.items.map((item) => (
                <Disclosure
                  key={item.question}
                  group={`faq-${category.id}`}
                  summary={item.question}
                >
                  {text(item.answer)}
                </Disclosure>
              ))}
            </div>
          </section>
        ))}

        <aside
          aria-labelledby="lembrete"
          className="rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
        >
          <h2 id="lembrete" className="flex items-center gap-2 font-bold">
            <TriangleAlertIcon className="size-5" aria-hidden="true" /> Lembrete importante
          </h2>
          <p className="mt-2">
            Medicamentos controlados exigem receita do médico-veterinário. Este site não substitui o
            atendimento de um veterinário: em caso de emergência, procure uma clínica imediatamente.
          </p>
        </aside>

        <section
          aria-labelledby="nao-encontrou"
          className="rounded-3xl bg-brand-800 p-8 text-center text-white"
        >
          <MessageCircleQuestionIcon className="mx-auto size-10" aria-hidden="true" />
          <h2 id="nao-encontrou" className="mt-3 text-2xl font-extrabold">
            Não encontrou sua resposta?
          </h2>
          <p className="mt-2 text-brand-50">
            Mande sua pergunta para a nossa equipe. A gente responde rapidinho.
          </p>
          <ChatLink
            number={chatNumber}
            text={`Olá! Tenho uma dúvida que não encontrei nas Perguntas Frequentes do site da ${shop.name}.`}
            className="mt-5 inline-flex min-h-12 items-center gap-2 rounded-lg bg-whatsapp-dark px-6 font-semibold text-white hover:bg-brand-800"
          >
            <WhatsappIcon className="size-5" /> Fazer Pergunta no {shop.messenger}
          </ChatLink>
        </section>

        <section aria-labelledby="dicas">
          <h2 id="dicas" className="text-center text-2xl font-extrabold text-slate-900">
            Dicas Rápidas da Equipe
          </h2>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2">
            {quickTips.map((tip) => (
              <li
                key={tip.title}
                className="flex gap-4 rounded-2xl border border-slate-200 p-5 shadow-sm"
              >
                <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-accent-400/30 text-brand-800">
                  <ContentIcon name={tip.icon} className="size-5" />
                </span>
                <div>
                  <h3 className="font-bold text-slate-900">{tip.title}</h3>
                  <p className="mt-1 text-slate-700">{text(tip.text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
