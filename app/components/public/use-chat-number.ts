import { useRouteLoaderData } from "react-router";
import { PUBLIC_LAYOUT_ID, type PublicLayoutData } from "~/components/public/seo";
import { shop } from "~/content/shop";
import { DEFAULT_SHOP_FACTS, type PublicUnit, type ShopFacts, withShopFacts } from "~/modules/shop";

/** The chat number resolved by the public layout (admin setting, else the shop's phone). */
export function useChatNumber(): string {
  const data = useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
  return data?.chatNumber ?? shop.phone;
}

/** The shop's facts (free-delivery minimum, Pix discount) loaded by the public layout. */
export function useShopFacts(): ShopFacts {
  const data = useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
  return data?.facts ?? DEFAULT_SHOP_FACTS;
}

/** Fills a content text's placeholders ({freteGratis}, {respostaPix}...) with the facts. */
export function useShopText(): (text: string) => string {
  const facts = useShopFacts();
  return (text) => withShopFacts(text, facts);
}

/** The active units loaded by the public layout (read from the database, decision 0027). */
export function useUnits(): PublicUnit[] {
  const data = useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
  return data?.units ?? [];
}
