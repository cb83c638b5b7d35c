// Per-page SEO tags: title, description, canonical URL and Open Graph (no I/O).
export interface PageSeo {
  title: string;
  description: string;
  path: string;
  /** Absolute origin of the site (PUBLIC_URL, else the request's origin). */
  origin: string;
  siteName: string;
  image?: string;
}

export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, origin.endsWith("/") ? origin : `${origin}/`).toString();
}

export function seoTags(page: PageSeo) {
  const url = absoluteUrl(page.origin, page.path);
  const tags: Record<string, string>[] = [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "pt_BR" },
    { property: "og:site_name", content: page.siteName },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
  ];
  if (page.image)
    tags.push({ property: "og:image", content: absoluteUrl(page.origin, page.image) });
  return tags;
}
