// The server's fragment cache (app/lib/fragment-cache.ts): static markup by key, the least
// recently used dropped first. A key names everything the markup shows, so an entry never
// goes stale; a changed product simply makes a new key. A fragment renders inside a static
// router of its own, so its links work (and the router stays out of the browser's bundles).
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { StaticRouter } from "react-router";
import type { FragmentCache } from "~/lib/fragment-cache";

export function fragmentCache(maxEntries = 2000): FragmentCache {
  const entries = new Map<string, string>();
  return {
    html(key: string, render: () => ReactElement): string {
      const kept = entries.get(key);
      if (kept !== undefined) {
        entries.delete(key);
        entries.set(key, kept);
        return kept;
      }
      const html = renderToStaticMarkup(<StaticRouter location="/">{render()}</StaticRouter>);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, html);
      return html;
    },
  };
}
