import { Link, useLocation } from "react-router";
import { buttonVariants } from "~/components/ui/button";

/** Previous/next links that keep the other query parameters. */
export function Pagination({
  page,
  total,
  pageSize,
}: {
  page: number;
  total: number;
  pageSize: number;
}) {
  const location = useLocation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(location.search);
    params.set("pagina", String(p));
    return `?${params}`;
  };
  return (
    <nav aria-label="Paginação" className="flex items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={href(page - 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          Anterior
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">
        Página {page} de {pages}
      </span>
      {page < pages ? (
        <Link to={href(page + 1)} className={buttonVariants({ variant: "outline", size: "sm" })}>
          Próxima
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
