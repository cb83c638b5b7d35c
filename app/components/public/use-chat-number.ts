import { useRouteLoaderData } from "react-router";
import { shop } from "~/content/shop";
import { PUBLIC_LAYOUT_ID, type PublicLayoutData } from "./seo";

/** The chat number resolved by the public layout (admin setting, else the shop's phone). */
export function useChatNumber(): string {
  const data = useRouteLoaderData(PUBLIC_LAYOUT_ID) as PublicLayoutData | undefined;
  return data?.chatNumber ?? shop.phone;
}
