// Markup that depends only on its data, rendered once on the server and reused: a page served
// without React (decision 0013) repeats the same product cards, header and footer on every
// request. The server entry provides the cache to such a page only; on a page that hydrates,
// and in the browser, there is none and components render as usual.
import { createContext, type ReactElement, useContext } from "react";

export interface FragmentCache {
  /**
   * The static HTML of `render()`, rendered once per `key` (the data it depends on). Resource
   * hints React puts ahead of the markup (an image preload) are not part of it: a component
   * that needs one asks for it in the page's own render, which puts it in the head.
   */
  html(key: string, render: () => ReactElement): string;
}

export const FragmentCacheContext = createContext<FragmentCache | null>(null);

/** The server's fragment cache on a page served without React, or null. */
export function useFragmentCache(): FragmentCache | null {
  return useContext(FragmentCacheContext);
}

/**
 * The content of an element that shows only what `key()` names, as props to spread on it: on
 * a page served without React, its kept markup, rendered once (`alone` gives it the providers
 * it reads, outside the page); elsewhere the content itself, rendered as usual.
 */
export function useKeptContent(
  key: () => string,
  content: ReactElement,
  alone: (content: ReactElement) => ReactElement = (c) => c,
): { dangerouslySetInnerHTML: { __html: string } } | { children: ReactElement } {
  const fragments = useFragmentCache();
  if (!fragments) return { children: content };
  return { dangerouslySetInnerHTML: { __html: fragments.html(key(), () => alone(content)) } };
}
