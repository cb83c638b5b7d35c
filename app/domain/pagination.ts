// Page numbers of the admin lists: '?pagina=N' read leniently, and kept within the pages.

/** The page asked for in '?pagina=' (1 when missing or not a positive number). */
export function pageParam(url: URL): number {
  const n = Number(url.searchParams.get("pagina"));
  return Number.isSafeInteger(n) && n >= 1 ? n : 1;
}

/** The page to show: at least 1, at most the last page of `total` rows. */
export function clampPage(page: number | undefined, total: number, pageSize: number): number {
  const last = Math.max(1, Math.ceil(total / pageSize));
  const n = Number.isSafeInteger(page) && (page as number) >= 1 ? (page as number) : 1;
  return Math.min(n, last);
}
