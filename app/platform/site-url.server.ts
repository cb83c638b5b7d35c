// The one source of the shop's absolute addresses (canonical, og:url, og:image, JSON-LD,
// sitemap.xml, robots.txt, the payment notification address): PUBLIC_URL when set, else
// the origin the request came in at. That origin is built from Host and the scheme only:
// server.ts drops X-Forwarded-Host before anything reads it, so the shared page cache,
// which keys pages on scheme and Host, holds exactly what the render used
// (docs/decisions/0018-enderecos-absolutos-e-falhas.md).
import { absoluteUrl } from "~/domain/seo";
import { env } from "~/platform/env.server";

/** The site's origin, without a trailing slash: `https://agropetlitoral.com.br`. */
export function siteOrigin(request: Request): string {
  const configured = env().PUBLIC_URL;
  return configured ? new URL(configured).origin : new URL(request.url).origin;
}

/** An absolute address of the site for `pathOrUrl` (an absolute URL, e.g. a CDN's, stays). */
export function siteUrl(request: Request, pathOrUrl: string): string {
  return absoluteUrl(siteOrigin(request), pathOrUrl);
}
