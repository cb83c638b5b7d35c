// The server's fragment cache (app/lib/fragment-cache.ts): static markup by key, the least
// recently used dropped first. A key names everything the markup shows, so an entry never
// goes stale; a changed product simply makes a new key. A fragment renders inside a static
// router of its own, so its links work (and the router stays out of the browser's bundles).
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { FragmentCache } from "~/lib/fragment-cache";

/** Values by key, up to `maxEntries`, the least recently used dropped first. */
export function keptByKey<T>(maxEntries: number) {
  const entries = new Map<string, T>();
  return {
    get(key: string, make: () => T): T {
      const kept = entries.get(key);
      if (kept !== undefined) {
        entries.delete(key);
        entries.set(key, kept);
        return kept;
      }
      const value = make();
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, value);
      return value;
    },
  };
}

/** The static markup of an element, inside a static router (its links work). */
export function renderFragment(render: () => ReactElement): string {
  return renderToStaticMarkup(<StaticRouter location="/">{render()}</StaticRouter>);
}

export function fragmentCache(maxEntries = 2000): FragmentCache {
  const kept = keptByKey<string>(maxEntries);
  return { html: (key, render) => kept.get(key, () => renderFragment(render)) };
}

/** This process's cache, for the documents React renders. */
export const pageFragments = fragmentCache();
