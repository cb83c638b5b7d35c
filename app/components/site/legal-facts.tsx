// Who sells (Decreto 7.962/2013): razão social, CNPJ, address and contacts, and the links to
// the legal pages. At the foot of every page, the site's and the store's.
import { LEGAL_PAGES } from "~/modules/privacy";
import type { CompanyFacts } from "~/modules/shop";

const LINKS = [LEGAL_PAGES.privacidade, LEGAL_PAGES.trocas, LEGAL_PAGES.termos];

export function LegalFacts({
  company,
  linkClassName,
}: {
  company: CompanyFacts;
  linkClassName: string;
}) {
  return (
    <div data-testid="dados-empresa" className="grid gap-2 [overflow-wrap:anywhere]">
      <p>
        <span>{company.razaoSocial}</span>
        {company.cnpj ? <span> · CNPJ {company.cnpj}</span> : null}
        {company.endereco ? <span> · {company.endereco}</span> : null}
        <span>
          {" "}
          ·{" "}
          <a href={`tel:+55${company.telefoneDigitos}`} className={linkClassName}>
            {company.telefone}
          </a>
        </span>
        <span>
          {" "}
          ·{" "}
          <a href={`mailto:${company.email}`} className={linkClassName}>
            {company.email}
          </a>
        </span>
      </p>
      <nav aria-label="Informações legais">
        <ul className="flex flex-wrap justify-center gap-x-4">
          {LINKS.map((page) => (
            <li key={page.path}>
              <a href={page.path} className={linkClassName}>
                {page.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}
