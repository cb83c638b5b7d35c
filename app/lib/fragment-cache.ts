// Markup that depends only on its data, rendered once on the server and reused: a page served
// without React (decision 0013) repeats the same product cards on every request. The server
// entry provides the cache; in the browser there is none and components render as usual.
import { createContext, type ReactElement, useContext } from "react";

export interface FragmentCache {
  /** The static HTML of `render()`, rendered once per `key` (the data it depends on). */
  html(key: string, render: () => ReactElement): string;
}

export const FragmentCacheContext = createContext<FragmentCache | null>(null);

/** The server's fragment cache, or null in the browser. */
export function useFragmentCache(): FragmentCache | null {
  return useContext(FragmentCacheContext);
}
