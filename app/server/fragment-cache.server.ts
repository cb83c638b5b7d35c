// The server's fragment cache (app/lib/fragment-cache.ts): static markup by key, the least
// recently used dropped first. A key names everything the markup shows, so an entry never
// goes stale; a changed product simply makes a new key.
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
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
      const html = renderToStaticMarkup(render());
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, html);
      return html;
    },
  };
}
