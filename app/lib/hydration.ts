import { useEffect } from "react";
import { useMatches } from "react-router";

/** A route declares `handle = { hydrate: false }` to be served as plain HTML, without React. */
export type HydrationHandle = { hydrate?: boolean };

/**
 * Whether the page ships React to the browser: false for a page whose matched routes include
 * one with `handle.hydrate === false`. Such a page is only ever rendered by the server: every
 * link into it loads the document (`reloadDocument`), and `useDocumentLoadOfIslandPages`
 * catches a client navigation that would still reach one.
 */
export function usePageHydrates(): boolean {
  const matches = useMatches();
  return !matches.some((m) => (m.handle as HydrationHandle | undefined)?.hydrate === false);
}

/**
 * In the running app (a page that hydrates): a client navigation into a page served without
 * React (a link without `reloadDocument`, a redirect) loads that page as a document, so its
 * islands run; React never renders it in the browser.
 */
export function useDocumentLoadOfIslandPages(): void {
  const hydrates = usePageHydrates();
  useEffect(() => {
    if (!hydrates) window.location.reload();
  }, [hydrates]);
}
