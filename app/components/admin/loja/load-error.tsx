import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** The error screen of an admin page whose data could not be loaded (SPEC §8 texts). */
export function AdminLoadError({ title, message }: { title: string; message: string }) {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="grid gap-4" role="alert">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <p className="text-slate-700">{notFound ? "Registro não encontrado." : message}</p>
      <p className="text-sm text-slate-600">Tente novamente em instantes.</p>
      <Link to="." reloadDocument className={buttonVariants({ variant: "outline" })}>
        Tentar novamente
      </Link>
    </div>
  );
}
