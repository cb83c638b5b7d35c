// The one error screen of an admin page whose data could not be loaded: inside the panel
// (sidebar and header stay), with the page's title, the loader's message (SPEC §8 texts)
// and a way to try again.
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { ACESSO_NEGADO } from "~/domain/permissions";

export function AdminLoadError({
  title,
  message = "Erro ao carregar dados",
}: {
  title: string;
  /** Shown when the error carries no message of its own. */
  message?: string;
}) {
  const error = useRouteError();
  const response = isRouteErrorResponse(error) ? error : null;
  const said = typeof response?.data?.message === "string" ? response.data.message : null;
  if (response?.status === 403) {
    // The person's role lacks this area (decision 0068): trying again would not help.
    return (
      <div className="grid gap-4" role="alert">
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="text-slate-700" data-testid="acesso-negado">
          {ACESSO_NEGADO}
        </p>
        <Link to="/admin/dashboard" className={buttonVariants({ variant: "outline" })}>
          Ir para o início do painel
        </Link>
      </div>
    );
  }
  const text = response?.status === 404 ? "Registro não encontrado." : (said ?? message);
  return (
    <div className="grid gap-4" role="alert">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{text}</p>
      <p className="text-sm text-slate-600">Tente novamente em instantes.</p>
      <Link to="." reloadDocument className={buttonVariants({ variant: "outline" })}>
        Tentar novamente
      </Link>
    </div>
  );
}
