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

/**
 * Previous/next links of a list read by keyset (the orders): each link names the row it
 * goes on from (?antes= the last shown, ?depois= the first), so a deep page costs what the
 * first does. The page number only follows along.
 */
export function KeysetPagination({
  page,
  newer,
  older,
  keys = { previous: "depois", next: "antes" },
}: {
  page: number;
  /** The first row's cursor when there are newer rows (a previous page). */
  newer: string | null;
  /** The last row's cursor when there are older rows (a next page). */
  older: string | null;
  /**
   * The parameter each link carries its cursor in: the orders, newest first, go on "antes"
   * (older than) the last; a list in name order (the stock) goes on "depois" (after) it.
   */
  keys?: { previous: "antes" | "depois"; next: "antes" | "depois" };
}) {
  const location = useLocation();
  if (!newer && !older) return null;
  const href = (p: number, key: "antes" | "depois", cursor: string) => {
    const params = new URLSearchParams(location.search);
    params.delete("antes");
    params.delete("depois");
    params.set("pagina", String(p));
    if (p > 1) params.set(key, cursor);
    return `?${params}`;
  };
  return (
    <nav aria-label="Paginação" className="flex items-center justify-between gap-3">
      {newer ? (
        <Link
          to={href(page - 1, keys.previous, newer)}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Anterior
        </Link>
      ) : (
        <span />
      )}
      <span className="text-sm text-slate-600">Página {page}</span>
      {older ? (
        <Link
          to={href(page + 1, keys.next, older)}
          className={buttonVariants({ variant: "outline", size: "sm" })}
        >
          Próxima
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
