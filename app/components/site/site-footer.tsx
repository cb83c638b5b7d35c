import { ClockIcon, MailIcon, MapPinIcon, PhoneIcon } from "lucide-react";
import { Link } from "react-router";
import { ChatLink, InstagramIcon } from "~/components/site/chat-link";
import { HoursTables } from "~/components/site/hours-tables";
import { LegalFacts } from "~/components/site/legal-facts";
import { SITE_NAV } from "~/components/site/nav";
import { shop } from "~/content/shop";
import { formatPhoneDisplay } from "~/domain/phone";
import { withFullStop } from "~/domain/text";
import { externalLinkProps } from "~/domain/whatsapp";
import { type CompanyFacts, type PublicUnit, storeHours } from "~/modules/shop";

const footerLink =
  "inline-flex min-h-11 items-center gap-2 rounded text-slate-200 hover:text-white hover:underline";

/** Footer of every public page: contact, hours, the units (from the database), social links. */
export function SiteFooter({
  chatNumber,
  units,
  company,
}: {
  chatNumber: string;
  units: readonly PublicUnit[];
  company: CompanyFacts;
}) {
  const year = new Date().getFullYear();
  const hours = storeHours(units);
  return (
    <footer className="mt-16 bg-slate-900 pb-24 text-slate-200 sm:pb-10">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pt-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="rodape-contato">
          <h2 id="rodape-contato" className="text-lg font-bold text-white">
            {shop.name}
          </h2>
          <p className="mt-2 text-sm text-slate-300">{shop.slogan}.</p>
          <ul className="mt-3 grid gap-1 text-sm">
            <li>
              <ChatLink
                number={chatNumber}
                text={`Olá! Vim pelo site da ${shop.name}.`}
                className={footerLink}
              >
                <PhoneIcon className="size-4" aria-hidden="true" />
                {shop.messenger}: {formatPhoneDisplay(chatNumber)}
              </ChatLink>
            </li>
            <li>
              <a href={`mailto:${shop.email}`} className={footerLink}>
                <MailIcon className="size-4" aria-hidden="true" />
                {shop.email}
              </a>
            </li>
            <li>
              <a href={shop.social.url} {...externalLinkProps} className={footerLink}>
                <InstagramIcon className="size-4" />
                {shop.social.name} {shop.social.handle}
              </a>
            </li>
          </ul>
        </section>
        <section aria-labelledby="rodape-horario">
          <h2 id="rodape-horario" className="flex items-center gap-2 text-lg font-bold text-white">
            <ClockIcon className="size-5" aria-hidden="true" /> Horário
          </h2>
          <HoursTables hours={hours} tone="dark" />
        </section>
        <section aria-labelledby="rodape-unidades">
          <h2 id="rodape-unidades" className="text-lg font-bold text-white">
            Nossas unidades
          </h2>
          <ul className="mt-3 grid gap-3 text-sm">
            {units.map((unit) => (
              <li key={unit.id}>
                <p className="flex items-start gap-2">
                  <MapPinIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  <span>
                    <span className="font-semibold text-white">{unit.nome}</span>
                    {unit.emBreve ? (
                      <span className="ml-2 rounded-full bg-accent-400 px-2 py-0.5 text-xs font-bold text-slate-900">
                        Em breve
                      </span>
                    ) : null}
                    <br />
                    {unit.endereco}, {unit.bairro}, {unit.cidade}/{unit.uf}
                  </span>
                </p>
                {unit.emBreve || !unit.mapsUrl ? null : (
                  <a href={unit.mapsUrl} {...externalLinkProps} className={`${footerLink} ml-6`}>
                    Abrir no mapa<span className="sr-only"> ({unit.nome})</span>
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
        <nav aria-labelledby="rodape-paginas">
          <h2 id="rodape-paginas" className="text-lg font-bold text-white">
            Páginas
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-x-4 text-sm lg:grid-cols-1">
            {SITE_NAV.map((item) => (
              <li key={item.to}>
                <Link reloadDocument to={item.to} className={footerLink}>
                  {item.label}
                </Link>
              </li>
            ))}
            <li>
              <Link reloadDocument to="/loja" className={footerLink}>
                Loja Online
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="mx-auto mt-10 grid max-w-6xl gap-3 border-t border-slate-700 px-4 pt-6 text-center text-xs text-slate-300">
        <LegalFacts company={company} linkClassName="underline hover:text-white" />
        <p>
          © {year} {withFullStop(company.razaoSocial)} Todos os direitos reservados.
        </p>
      </div>
    </footer>
  );
}
