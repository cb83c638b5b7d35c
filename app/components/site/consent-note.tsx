// The sentence beside a form's send button that names the legal pages it agrees to. The links
// open in a new tab, so what was typed in the form stays.
import { externalLinkProps } from "~/domain/whatsapp";
import { cn } from "~/lib/utils";
import { LEGAL_PAGES } from "~/modules/privacy";

const link = "font-semibold underline hover:text-brand-800";

export function ConsentNote({
  action,
  withReturns = false,
  className,
}: {
  /** "Ao confirmar", "Ao enviar". */
  action: string;
  /** Name the returns policy too (a purchase). */
  withReturns?: boolean;
  className?: string;
}) {
  const { termos, privacidade, trocas } = LEGAL_PAGES;
  return (
    <p className={cn("text-sm text-slate-600", className)} data-testid="aviso-legal">
      {action}, você concorda com os{" "}
      <a href={termos.path} {...externalLinkProps} className={link}>
        Termos de uso
      </a>
      {withReturns ? ", a " : " e a "}
      <a href={privacidade.path} {...externalLinkProps} className={link}>
        Política de privacidade
      </a>
      {withReturns ? (
        <>
          {" "}
          e a política de{" "}
          <a href={trocas.path} {...externalLinkProps} className={link}>
            Trocas e devoluções
          </a>
        </>
      ) : null}
      .
    </p>
  );
}
