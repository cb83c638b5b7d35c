import { MapPinIcon } from "lucide-react";
import { ChatLink } from "~/components/site/chat-link";
import { shop } from "~/content/shop";
import { externalLinkProps } from "~/domain/whatsapp";

/** Both units (SPEC §2.2): the open one with a maps link, the new one 'Em breve'. */
export function UnitCards({
  chatNumber,
  headingLevel = 3,
}: {
  chatNumber: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {shop.units.map((unit) => (
        <li
          key={unit.id}
          className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <div className="flex flex-wrap items-center gap-2">
            <MapPinIcon className="size-6 text-brand-700" aria-hidden="true" />
            <Heading className="text-xl font-bold text-slate-900">{unit.name}</Heading>
            {unit.comingSoon ? (
              <span className="rounded-full bg-accent-400 px-3 py-0.5 text-xs font-bold text-slate-900">
                Em breve
              </span>
            ) : (
              <span className="rounded-full bg-brand-100 px-3 py-0.5 text-xs font-bold text-brand-800">
                Aberta
              </span>
            )}
          </div>
          <p className="mt-2 text-slate-700">
            {unit.street}, {unit.neighbourhood} – {unit.city}/{unit.state}
          </p>
          <ul className="mt-3 flex flex-wrap gap-2">
            {unit.services.map((service) => (
              <li
                key={service}
                className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
              >
                {service}
              </li>
            ))}
          </ul>
          <div className="mt-auto flex flex-wrap gap-2 pt-5">
            {unit.comingSoon ? (
              <ChatLink
                number={chatNumber}
                text={`Olá! Quero saber mais sobre a ${unit.name} (${unit.street}) e fazer um pré-agendamento de banho e tosa.`}
                className="inline-flex min-h-11 items-center rounded-lg border-2 border-brand-600 px-4 font-semibold text-brand-800 hover:bg-brand-50"
              >
                Saiba mais<span className="sr-only"> sobre a {unit.name}</span>
              </ChatLink>
            ) : (
              <>
                <a
                  href={unit.mapsUrl}
                  {...externalLinkProps}
                  className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
                >
                  Abrir no mapa<span className="sr-only"> ({unit.name})</span>
                </a>
                <ChatLink
                  number={chatNumber}
                  text={`Olá! Gostaria de informações sobre a ${unit.name} (${unit.street}).`}
                  className="inline-flex min-h-11 items-center rounded-lg border-2 border-brand-600 px-4 font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Informações<span className="sr-only"> sobre a {unit.name}</span>
                </ChatLink>
              </>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
