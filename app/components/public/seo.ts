import { shop } from "~/content/shop";
import { seoTags } from "~/domain/seo";
import { DEFAULT_SHOP_FACTS, type PublicUnit, type ShopFacts } from "~/modules/shop";

export const PUBLIC_LAYOUT_ID = "routes/public/layout";

export interface PublicLayoutData {
  chatNumber: string;
  origin: string;
  facts: ShopFacts;
  /** The active units, in order (decision 0027). */
  units: PublicUnit[];
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

/** The units as the public layout loaded them, for meta functions (structured data). */
export function layoutUnits(matches: Matches): PublicUnit[] {
  return layoutData(matches)?.units ?? [];
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
