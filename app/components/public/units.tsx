import { MapPinIcon } from "lucide-react";
import { ChatLink } from "~/components/site/chat-link";
import { externalLinkProps } from "~/domain/whatsapp";
import { Island } from "~/islands/island";
import type { PublicUnit } from "~/modules/shop";
import { openStateAt, openStates } from "~/modules/shop";

/** "Aberta agora · fecha às 20h" or "Fechada — abre às 9h", from the unit's hours (issue 39). */
function OpenNow({ unit, now }: { unit: PublicUnit; now: number }) {
  const state = openStateAt(unit.horarios, now);
  return (
    <span
      className="rounded-full bg-slate-100 px-3 py-0.5 text-xs font-bold text-slate-800 data-[aberta=1]:bg-brand-100 data-[aberta=1]:text-brand-800"
      data-horario-agora={unit.id}
      data-aberta={state.aberta ? "1" : "0"}
      data-testid="unidade-agora"
    >
      {state.texto}
    </span>
  );
}

/** A unit 'em breve' that will offer grooming invites its pre-booking in the chat text. */
function offersGrooming(unit: PublicUnit): boolean {
  return unit.servicos.some((service) => /banho|tosa/i.test(service));
}

/** The active units (SPEC §2.2): an open one with a maps link, a new one 'Em breve'. */
export function UnitCards({
  units,
  chatNumber,
  headingLevel = 3,
}: {
  units: readonly PublicUnit[];
  chatNumber: string;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  // The moment of the render; the island shows the visitor's (the page may be cached).
  const now = Date.now();
  const open = units.filter((u) => !u.emBreve);
  return (
    <>
      {open.length > 0 ? (
        <Island
          name="unit-hours"
          props={{
            unidades: open.map((u) => ({ id: u.id, estados: openStates(u.horarios, now) })),
          }}
        />
      ) : null}
      <ul className="grid gap-6 md:grid-cols-2">
        {units.map((unit) => (
          <li
            key={unit.id}
            className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
          >
            <div className="flex flex-wrap items-center gap-2">
              <MapPinIcon className="size-6 text-brand-700" aria-hidden="true" />
              <Heading className="text-xl font-bold text-slate-900">{unit.nome}</Heading>
              {unit.emBreve ? (
                <span className="rounded-full bg-accent-400 px-3 py-0.5 text-xs font-bold text-slate-900">
                  Em breve
                </span>
              ) : (
                <OpenNow unit={unit} now={now} />
              )}
            </div>
            <p className="mt-2 text-slate-700">
              {unit.endereco}, {unit.bairro} – {unit.cidade}/{unit.uf}
            </p>
            {unit.servicos.length > 0 ? (
              <ul className="mt-3 flex flex-wrap gap-2">
                {unit.servicos.map((service) => (
                  <li
                    key={service}
                    className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800"
                  >
                    {service}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="mt-auto flex flex-wrap gap-2 pt-5">
              {unit.emBreve ? (
                <ChatLink
                  number={chatNumber}
                  text={`Olá! Quero saber mais sobre a ${unit.nome} (${unit.endereco})${offersGrooming(unit) ? " e fazer um pré-agendamento de banho e tosa" : ""}.`}
                  className="inline-flex min-h-11 items-center rounded-lg border-2 border-brand-600 px-4 font-semibold text-brand-800 hover:bg-brand-50"
                >
                  Saiba mais<span className="sr-only"> sobre a {unit.nome}</span>
                </ChatLink>
              ) : (
                <>
                  {unit.mapsUrl ? (
                    <a
                      href={unit.mapsUrl}
                      {...externalLinkProps}
                      className="inline-flex min-h-11 items-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
                    >
                      Abrir no mapa<span className="sr-only"> ({unit.nome})</span>
                    </a>
                  ) : null}
                  <ChatLink
                    number={chatNumber}
                    text={`Olá! Gostaria de informações sobre a ${unit.nome} (${unit.endereco}).`}
                    className="inline-flex min-h-11 items-center rounded-lg border-2 border-brand-600 px-4 font-semibold text-brand-800 hover:bg-brand-50"
                  >
                    Informações<span className="sr-only"> sobre a {unit.nome}</span>
                  </ChatLink>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
