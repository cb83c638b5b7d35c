import { shop } from "~/content/shop";
import { seoTags } from "~/domain/seo";
import { DEFAULT_SHOP_FACTS, type ShopFacts } from "~/modules/shop";

export const PUBLIC_LAYOUT_ID = "routes/public/layout";

export interface PublicLayoutData {
  chatNumber: string;
  origin: string;
  facts: ShopFacts;
}

type Matches = readonly ({ id: string; data?: unknown; loaderData?: unknown } | undefined)[];

function layoutData(matches: Matches): PublicLayoutData | undefined {
  const layout = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID);
  return (layout?.loaderData ?? layout?.data) as PublicLayoutData | undefined;
}

/** The shop's facts (settings) as the public layout loaded them, for meta functions. */
export function layoutFacts(matches: Matches): ShopFacts {
  return layoutData(matches)?.facts ?? DEFAULT_SHOP_FACTS;
}

/** Meta tags of a public page; the origin comes from the public layout's loader. */
export function publicMeta(
  matches: Matches,
  page: { title: string; description: string; path: string },
) {
  const data = layoutData(matches);
  return seoTags({
    ...page,
    title: page.path === "/" ? page.title : `${page.title} | ${shop.name}`,
    origin: data?.origin ?? "http://localhost",
    siteName: shop.name,
  });
}
