// A public page every anonymous visitor sees alike declares it in its route's `handle`
// (`pageCache`); the shared page cache (http/page-cache.ts) and `npm run size` read it from
// the server build's route modules (decision 0062).

import type { HydrationHandle } from "./hydration";

/** What a shared page's render reads of its address. */
export interface SharedPage {
  /**
   * The query parameters its render reads, in the order the cache key lists them: the page is
   * kept and rendered under its path with these only (first value each), so made-up
   * parameters neither fill the cache nor reach the render.
   */
  params: readonly string[];
  /** Parameters carrying a visitor's own data: an address with any of them is never shared. */
  personal?: readonly string[];
}

/** A route's `handle` declaring it a shared page. */
export type PageCacheHandle = { pageCache?: SharedPage };

/**
 * The `handle` of a static public page: plain HTML without React (decision 0009), one copy
 * for every visitor, rendered from its path alone.
 */
export const STATIC_PAGE_HANDLE: HydrationHandle & PageCacheHandle = {
  hydrate: false,
  pageCache: { params: [] },
};
