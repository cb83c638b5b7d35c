import { useMatches } from "react-router";

/** A route declares `handle = { hydrate: false }` to be served as plain HTML, without React. */
export type HydrationHandle = { hydrate?: boolean };

/**
 * Whether the page ships React to the browser. False only on the server for a page whose
 * matched routes include one with `handle.hydrate === false`; in the browser React is running,
 * so it is always true there (a client navigation into such a route keeps the app).
 */
export function usePageHydrates(): boolean {
  const matches = useMatches();
  if (typeof document !== "undefined") return true;
  return !matches.some((m) => (m.handle as HydrationHandle | undefined)?.hydrate === false);
}
