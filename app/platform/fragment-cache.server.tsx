// The server's fragment cache (app/lib/fragment-cache.ts): static markup by key, the least
// recently used dropped first. A key names everything the markup shows, so an entry never
// goes stale; a changed product simply makes a new key. A fragment renders inside a static
// router of its own, so its links work (and the router stays out of the browser's bundles).
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { FragmentCache } from "~/lib/fragment-cache";

/** The resource links (an image's preload) React puts in front of a fragment's markup. */
const LEADING_LINKS = /^(?:<link [^>]*\/>)*/;

/** The static markup of an element, inside a static router (its links work). */
function renderFragment(render: () => ReactElement): string {
  const html = renderToStaticMarkup(<StaticRouter location="/">{render()}</StaticRouter>);
  return html.slice(LEADING_LINKS.exec(html)?.[0].length ?? 0);
}

export function fragmentCache(maxEntries = 3000): FragmentCache {
  const entries = new Map<string, string>();
  return {
    html(key, render) {
      const kept = entries.get(key);
      if (kept !== undefined) {
        entries.delete(key);
        entries.set(key, kept);
        return kept;
      }
      const html = renderFragment(render);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, html);
      return html;
    },
  };
}

/** This process's cache, for the documents React renders. */
export const pageFragments = fragmentCache();
