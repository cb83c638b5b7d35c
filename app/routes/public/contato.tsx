import { ClockIcon, MailIcon, MapIcon, PhoneIcon } from "lucide-react";
import { data, redirect, useActionData } from "react-router";
import { FormSender } from "~/components/public/form-sender";
import { PageHero } from "~/components/public/section";
import { publicMeta } from "~/components/public/seo";
import { UnitCards } from "~/components/public/units";
import { useChatNumber, useUnits } from "~/components/public/use-chat-number";
import { ChatLink, InstagramIcon, WhatsappIcon } from "~/components/site/chat-link";
import { HoursTables } from "~/components/site/hours-tables";
import { Button } from "~/components/ui/button";
import { Field, resentFieldProps } from "~/components/ui/field";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import { shop } from "~/content/shop";
import { formatPhoneDisplay } from "~/domain/phone";
import { externalLinkProps } from "~/domain/whatsapp";
import { STATIC_PAGE_HANDLE } from "~/lib/page-cache";
import { CONTACT_MESSAGES, storeHours } from "~/modules/shop";
import { sendContact } from "~/modules/shop/index.server";
import type { Route } from "./+types/contato";

// Served as plain HTML, without React (decision 0009): the form posts (and the server
// redirects to the chat); a small inline script sends it in place and opens the chat.
export const handle = STATIC_PAGE_HANDLE;

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Contato",
    description: `Fale com a ${shop.name} pelo ${shop.messenger}, e-mail ou ${shop.social.name}. Horários de atendimento e endereço das unidades em ${shop.city}/${shop.state}.`,
    path: "/contato",
  });

export async function action({ request }: Route.ActionArgs) {
  const result = await sendContact(request);
  // Without JavaScript the browser goes straight to the chat.
  if (result.ok) return redirect(result.chatUrl);
  return data(result, { status: result.status });
}

const FORM_ID = "contato-form";

function ContactForm() {
  const failed = useActionData<typeof action>();
  const values = failed?.values ?? {};
  const errors = failed?.fields ?? {};
  const props = resentFieldProps(errors, values, (name) => `contato-${name}`);
  return (
    <form id={FORM_ID} method="post" action="/contato" noValidate className="grid gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="contato-nome" label="Nome" required error={errors.nome}>
          <Input {...props("nome")} autoComplete="name" required />
        </Field>
        <Field id="contato-telefone" label="Telefone" required error={errors.telefone}>
          <Input {...props("telefone")} type="tel" inputMode="tel" autoComplete="tel" required />
        </Field>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="contato-email" label="E-mail" error={errors.email}>
          <Input {...props("email")} type="email" autoComplete="email" />
        </Field>
        <Field id="contato-pet" label="Nome do pet" error={errors.pet}>
          <Input {...props("pet")} />
        </Field>
      </div>
      <Field id="contato-mensagem" label="Mensagem" required error={errors.mensagem}>
        <Textarea {...props("mensagem")} rows={5} required />
      </Field>
      <FormSender
        alertClassName="rounded-lg bg-red-50 p-3 text-sm text-red-800"
        alert={failed?.message}
        statusClassName="rounded-lg border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900"
        formId={FORM_ID}
        endpoint="/contato/enviar"
        success={CONTACT_MESSAGES.success}
        failure="Não foi possível enviar agora. Tente novamente."
        chatFallback={{ text: "A conversa não abriu?", link: `Abrir o ${shop.messenger}` }}
      >
        <Button
          type="submit"
          variant="whatsapp"
          size="lg"
          className="bg-whatsapp-dark hover:bg-brand-800"
        >
          <WhatsappIcon className="size-5" />
          Enviar pelo {shop.messenger}
        </Button>
      </FormSender>
    </form>
  );
}

export default function Contato() {
  const chatNumber = useChatNumber();
  const units = useUnits();
  const hours = storeHours(units);
  const phone = formatPhoneDisplay(chatNumber);
  const card = "flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm";
  const cardLink =
    "mt-auto inline-flex min-h-11 items-center font-semibold text-brand-800 underline-offset-4 hover:underline";
  return (
    <main>
      <PageHero eyebrow="Contato" title="Fale com a gente">
        <p>Estamos prontos para ajudar você e o seu pet. Escolha o canal que preferir.</p>
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-8">
        <section aria-labelledby="canais">
          <h2 id="canais" className="sr-only">
            Canais de atendimento
          </h2>
          <ul className="grid gap-5 md:grid-cols-3">
            <li className={card}>
              <PhoneIcon className="size-7 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-bold text-slate-900">{shop.messenger} e telefone</h3>
              <p className="mt-1 text-slate-700">{phone}</p>
              <p className="mb-3 text-sm text-slate-600">
                {hours.map((h) => (h.unit ? `${h.unit}: ${h.short}` : h.short)).join(" · ")}
              </p>
              <ChatLink
                number={chatNumber}
                text={`Olá! Vim pela página de contato da ${shop.name}.`}
                className={cardLink}
              >
                Chamar no {shop.messenger}
              </ChatLink>
            </li>
            <li className={card}>
              <MailIcon className="size-7 text-brand-700" aria-hidden="true" />
              <h3 className="mt-3 text-lg font-bold text-slate-900">E-mail</h3>
              <p className="mt-1 break-all text-slate-700">{shop.email}</p>
              <p className="mb-3 text-sm text-slate-600">Respondemos em até 24 horas</p>
              <a href={`mailto:${shop.email}`} className={cardLink}>
                Enviar e-mail
              </a>
            </li>
            <li className={card}>
              <InstagramIcon className="size-7 text-brand-700" />
              <h3 className="mt-3 text-lg font-bold text-slate-900">{shop.social.name}</h3>
              <p className="mt-1 text-slate-700">{shop.social.handle}</p>
              <p className="mb-3 text-sm text-slate-600">Novidades, promoções e dicas</p>
              <a href={shop.social.url} {...externalLinkProps} className={cardLink}>
                Seguir no {shop.social.name}
              </a>
            </li>
          </ul>
        </section>

        <div className="grid gap-10 lg:grid-cols-2">
          <section
            aria-labelledby="mensagem"
            className="rounded-2xl border border-slate-200 p-6 shadow-sm"
          >
            <h2 id="mensagem" className="text-2xl font-extrabold text-slate-900">
              Envie uma mensagem
            </h2>
            <p className="mt-1 mb-5 text-slate-700">
              Preencha os campos e continue a conversa no {shop.messenger}.
            </p>
            <ContactForm />
          </section>
          <div className="grid content-start gap-6">
            <section aria-labelledby="horarios" className="rounded-2xl bg-brand-50 p-6">
              <h2
                id="horarios"
                className="flex items-center gap-2 text-xl font-bold text-brand-800"
              >
                <ClockIcon className="size-5" aria-hidden="true" /> Horário de funcionamento
              </h2>
              <HoursTables hours={hours} tone="light" />
            </section>
            <div
              role="img"
              aria-label="Mapa em breve"
              className="flex min-h-48 flex-col items-center justify-center rounded-2xl border-2 border-dashed border-slate-300 bg-slate-50 text-slate-700"
            >
              <MapIcon className="size-10" aria-hidden="true" />
              <p className="mt-2 font-semibold">Mapa em breve</p>
            </div>
          </div>
        </div>

        <section aria-labelledby="unidades-contato">
          <h2 id="unidades-contato" className="mb-5 text-2xl font-extrabold text-slate-900">
            Nossas unidades
          </h2>
          <UnitCards units={units} chatNumber={chatNumber} />
        </section>
      </div>
    </main>
  );
}
