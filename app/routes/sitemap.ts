import { SITE_NAV } from "~/components/site/nav";
import type { PageCacheHandle } from "~/lib/page-cache";
import { LEGAL_PAGES } from "~/modules/privacy";
import { siteOrigin } from "~/platform/site-url.server";
import type { Route } from "./+types/sitemap";

/** The pages of the site's header, the store, then the legal pages. */
const PATHS = [
  ...SITE_NAV.map((link) => link.to),
  "/loja",
  ...Object.values(LEGAL_PAGES).map((page) => page.path),
];

/** The same for every visitor: kept by the shared page cache. */
export const handle: PageCacheHandle = { pageCache: { params: [] } };

export function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const urls = PATHS.map((p) => `  <url><loc>${origin}${p}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
