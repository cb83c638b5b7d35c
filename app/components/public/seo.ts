import { shop } from "~/content/shop";
import { seoTags } from "~/domain/seo";

export const PUBLIC_LAYOUT_ID = "routes/public/layout";

export interface PublicLayoutData {
  chatNumber: string;
  origin: string;
}

/** Meta tags of a public page; the origin comes from the public layout's loader. */
export function publicMeta(
  matches: readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[],
  page: { title: string; description: string; path: string },
) {
  const layout = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID);
  const data = (layout?.loaderData ?? layout?.data) as PublicLayoutData | undefined;
  return seoTags({
    ...page,
    title: page.path === "/" ? page.title : `${page.title} | ${shop.name}`,
    origin: data?.origin ?? "http://localhost",
    siteName: shop.name,
  });
}
