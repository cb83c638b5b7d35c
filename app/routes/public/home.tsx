import {
  ArrowRightIcon,
  BathIcon,
  BirdIcon,
  CatIcon,
  DogIcon,
  FishIcon,
  HeartIcon,
  ScissorsIcon,
  ShieldCheckIcon,
  ShoppingBagIcon,
  TractorIcon,
  TruckIcon,
  UsersIcon,
} from "lucide-react";
import { Link } from "react-router";
import { SceneImage } from "~/components/public/scene-image";
import { CtaBand, IconCard, Section } from "~/components/public/section";
import {
  layoutFacts,
  layoutUnits,
  PUBLIC_LAYOUT_ID,
  type PublicLayoutData,
  publicMeta,
} from "~/components/public/seo";
import { Stars } from "~/components/public/stars";
import { UnitCards } from "~/components/public/units";
import { useChatNumber, useShopFacts, useUnits } from "~/components/public/use-chat-number";
import { ChatLink, WhatsappIcon } from "~/components/site/chat-link";
import { productAreas, whyChooseUs } from "~/content/about";
import { heroScene } from "~/content/illustrations";
import { shop } from "~/content/shop";
import { testimonials } from "~/content/testimonials";
import { petStoreJsonLd } from "~/domain/structured-data";
import { STATIC_PAGE_HANDLE } from "~/lib/page-cache";
import { freeDeliveryFrom, structuredDataUnit, unitsIntro, withShopFacts } from "~/modules/shop";
import type { Route } from "./+types/home";

// Static marketing content: served as plain HTML, without React (decision 0009).
export const handle = STATIC_PAGE_HANDLE;

export const meta: Route.MetaFunction = ({ matches }) => {
  const layout = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID)?.loaderData as
    | PublicLayoutData
    | undefined;
  return [
    ...publicMeta(matches, {
      title: `${shop.name} | Pet shop e agropecuária em ${shop.city}/${shop.state}`,
      description: `Rações, petiscos, acessórios, aquarismo, produtos agropecuários e banho e tosa em ${shop.freeDeliveryNeighbourhood}, ${shop.city}/${shop.state}. Entrega grátis em compras ${freeDeliveryFrom(layoutFacts(matches).freteGratisMinimo)}.`,
      path: "/",
    }),
    {
      "script:ld+json": petStoreJsonLd(
        shop,
        layout?.origin ?? "http://localhost",
        layout?.chatNumber ?? shop.phone,
        layoutUnits(matches).map(structuredDataUnit),
      ),
    },
  ];
};

// Only the icons the home shows (the shared icon map would ship every content icon).
const HOME_ICONS = {
  heart: HeartIcon,
  truck: TruckIcon,
  shield: ShieldCheckIcon,
  users: UsersIcon,
  dog: DogIcon,
  cat: CatIcon,
  bird: BirdIcon,
  fish: FishIcon,
  tractor: TractorIcon,
  bath: BathIcon,
} as const;

function HomeIcon({ name, className }: { name: keyof typeof HOME_ICONS; className?: string }) {
  const Icon = HOME_ICONS[name];
  return <Icon className={className} aria-hidden="true" />;
}

const primaryButton =
  "inline-flex min-h-12 items-center justify-center gap-2 rounded-lg px-6 text-base font-semibold";

/** The green button that opens the chat (the hero's and the closing call to action's). */
function WhatsappButton({ number, text, label }: { number: string; text: string; label: string }) {
  return (
    <ChatLink
      number={number}
      text={text}
      className={`${primaryButton} bg-whatsapp-dark text-white hover:bg-brand-800`}
    >
      <WhatsappIcon className="size-5" /> {label}
    </ChatLink>
  );
}

/** The hero scene's width: the column beside the text on a wide screen, else the screen. */
const HERO_SIZES = "(min-width: 1024px) 544px, (min-width: 480px) 448px, calc(100vw - 32px)";

export default function Home() {
  const chatNumber = useChatNumber();
  const facts = useShopFacts();
  const units = useUnits();
  return (
    <main>
      <section className="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 px-4 py-8 text-white sm:py-14">
        <div className="mx-auto grid max-w-6xl items-center gap-6 lg:grid-cols-[1fr_minmax(0,34rem)] lg:gap-10">
          {/* The shop front with its pets: on a phone it comes first, above the fold. */}
          <SceneImage
            scene={heroScene}
            sizes={HERO_SIZES}
            priority
            className="mx-auto max-w-md rounded-3xl shadow-lg ring-4 ring-white/20 lg:order-last lg:max-w-none"
          />
          <div className="text-center lg:text-left">
            <p className="text-sm font-bold tracking-wide text-brand-100 uppercase">
              Pet shop e agropecuária em {shop.city}/{shop.state}
            </p>
            <h1 className="mt-3 text-3xl leading-tight font-extrabold sm:text-5xl">
              {shop.slogan}
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg text-brand-50 lg:mx-0">
              Rações, petiscos, brinquedos, aquarismo, produtos para aves e para o campo, com
              orientação de quem entende e entrega grátis em compras{" "}
              {freeDeliveryFrom(facts.freteGratisMinimo)}. Mais de 3 mil clientes já confiam na
              gente.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap lg:justify-start">
              <WhatsappButton
                number={chatNumber}
                text={`Olá! Vim pelo site da ${shop.name} e gostaria de atendimento.`}
                label={`Falar no ${shop.messenger}`}
              />
              <Link
                reloadDocument
                to="/loja"
                className={`${primaryButton} bg-accent-400 text-slate-900 hover:bg-accent-500`}
              >
                <ShoppingBagIcon className="size-5" aria-hidden="true" /> Loja Online
              </Link>
              <Link
                reloadDocument
                to="/servicos"
                className={`${primaryButton} border-2 border-white text-white hover:bg-white/10`}
              >
                <ScissorsIcon className="size-5" aria-hidden="true" /> Banho & Tosa
              </Link>
            </div>
          </div>
        </div>
      </section>

      <Section
        id="por-que"
        title={`Por que escolher a ${shop.name}?`}
        intro="Uma loja de bairro com tudo o que uma grande rede oferece, e o carinho que só quem é vizinho tem."
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {whyChooseUs.map((item) => (
            <IconCard
              key={item.title}
              icon={<HomeIcon name={item.icon} className="size-7" />}
              title={item.title}
            >
              {withShopFacts(item.text, facts)}
            </IconCard>
          ))}
        </ul>
      </Section>

      <Section
        id="areas"
        title="Tudo o que o seu pet e o seu campo precisam"
        intro="Seis áreas de produtos e serviços, num só lugar."
        className="bg-slate-50"
      >
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {productAreas.map((area) => (
            <li key={area.title} className="flex gap-4 rounded-2xl bg-white p-6 shadow-sm">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-accent-400/30 text-brand-800">
                <HomeIcon name={area.icon} className="size-6" />
              </span>
              <div>
                <h3 className="text-lg font-bold text-slate-900">{area.title}</h3>
                <p className="mt-1 text-slate-700">{area.text}</p>
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-center">
          <Link
            reloadDocument
            to="/produtos"
            className="inline-flex min-h-11 items-center gap-2 rounded-lg px-4 font-semibold text-brand-800 hover:bg-brand-50"
          >
            Ver todas as categorias <ArrowRightIcon className="size-4" aria-hidden="true" />
          </Link>
        </p>
      </Section>

      <Section
        id="depoimentos"
        title="O que nossos clientes dizem"
        intro={`${shop.satisfiedCustomers} clientes satisfeitos em ${shop.city} e região.`}
      >
        <ul className="grid gap-5 md:grid-cols-2">
          {testimonials.map((t) => (
            <li key={t.name}>
              <figure className="h-full rounded-2xl border border-slate-200 p-6 shadow-sm">
                <Stars rating={t.rating} />
                <blockquote className="mt-3 text-slate-800">“{t.text}”</blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-bold text-slate-900">{t.name}</span>
                  <span className="text-slate-600">, {t.pet}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      </Section>

      <Section
        id="unidades"
        title="Nossas unidades"
        intro={unitsIntro(units)}
        className="bg-slate-50"
      >
        <UnitCards units={units} chatNumber={chatNumber} />
      </Section>

      <CtaBand
        id="cta"
        title="Seu pet merece o melhor. A gente ajuda você a escolher."
        text={
          <>
            Chame no {shop.messenger}, compre na loja online ou peça um orçamento de banho e tosa.
          </>
        }
      >
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <WhatsappButton
            number={chatNumber}
            text="Olá! Gostaria de ajuda para escolher produtos para o meu pet."
            label={`Chamar no ${shop.messenger}`}
          />
          <Link
            reloadDocument
            to="/loja"
            className={`${primaryButton} bg-white text-brand-800 hover:bg-brand-50`}
          >
            Comprar online
          </Link>
        </div>
      </CtaBand>
    </main>
  );
}
