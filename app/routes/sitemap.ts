import { siteOrigin } from "~/infra/site-url.server";
import type { Route } from "./+types/sitemap";

const PATHS = [
  "/",
  "/sobre",
  "/produtos",
  "/servicos",
  "/contato",
  "/faq",
  "/trabalhe-conosco",
  "/loja",
];

export function loader({ request }: Route.LoaderArgs) {
  const origin = siteOrigin(request);
  const urls = PATHS.map((p) => `  <url><loc>${origin}${p}</loc></url>`).join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, { headers: { "Content-Type": "application/xml; charset=utf-8" } });
}
