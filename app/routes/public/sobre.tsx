import { Link } from "react-router";
import { ContentIcon } from "~/components/public/icons";
import { SceneImage } from "~/components/public/scene-image";
import { IconCard, PageHero, Section } from "~/components/public/section";
import { publicMeta } from "~/components/public/seo";
import { mission, story, values } from "~/content/about";
import { aboutScene } from "~/content/illustrations";
import { shop } from "~/content/shop";
import { STATIC_PAGE_HANDLE } from "~/lib/page-cache";
import type { Route } from "./+types/sobre";

// Static content: served as plain HTML, without React (decision 0009).
export const handle = STATIC_PAGE_HANDLE;

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Sobre nós",
    description: `Conheça a história da ${shop.name}, pet shop e agropecuária de ${shop.city}/${shop.state}: nossa missão e nossos valores.`,
    path: "/sobre",
  });

export default function Sobre() {
  return (
    <main>
      <PageHero eyebrow="Sobre nós" title={`A história da ${shop.name}`}>
        <p>Do campo para o litoral, com amor pelos animais em cada detalhe.</p>
        <SceneImage
          scene={aboutScene}
          sizes="(min-width: 800px) 736px, calc(100vw - 32px)"
          priority
          className="mx-auto mt-6 rounded-3xl shadow-md"
        />
      </PageHero>
      <section aria-labelledby="historia" className="px-4 py-10">
        <div className="mx-auto max-w-3xl">
          <h2 id="historia" className="text-2xl font-extrabold text-slate-900">
            De onde vem o nosso nome
          </h2>
          {story.map((paragraph) => (
            <p key={paragraph.slice(0, 24)} className="mt-4 text-lg leading-relaxed text-slate-700">
              {paragraph}
            </p>
          ))}
        </div>
      </section>
      <section aria-labelledby="missao" className="px-4 py-10">
        <div className="mx-auto max-w-3xl rounded-3xl bg-brand-50 p-8 text-center">
          <h2 id="missao" className="text-2xl font-extrabold text-brand-800">
            Nossa missão
          </h2>
          <p className="mt-3 text-lg text-slate-800">{mission}</p>
        </div>
      </section>
      <Section id="valores" title="Nossos valores">
        <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {values.map((value) => (
            <IconCard
              key={value.title}
              icon={<ContentIcon name={value.icon} className="size-7" />}
              title={value.title}
            >
              {value.text}
            </IconCard>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link
            reloadDocument
            to="/contato"
            className="inline-flex min-h-12 items-center rounded-lg bg-brand-600 px-6 font-semibold text-white hover:bg-brand-700"
          >
            Venha nos conhecer
          </Link>
        </p>
      </Section>
    </main>
  );
}
