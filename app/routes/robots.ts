import type { PageCacheHandle } from "~/lib/page-cache";
import { siteOrigin } from "~/platform/site-url.server";
import type { Route } from "./+types/robots";

/** The same for every visitor: kept by the shared page cache. */
export const handle: PageCacheHandle = { pageCache: { params: [] } };

export function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
}
