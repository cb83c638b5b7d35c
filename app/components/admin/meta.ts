import { shop } from "~/content/shop";

/** The meta of an admin screen: its title, under the panel's name. */
export function adminMeta(title: string) {
  return () => [{ title: `${title} | Painel Administrativo` }];
}

/** The meta of a page outside the site's index (sign-in, the panel's frame): kept out of search. */
export function privateMeta(title: string) {
  return () => [{ title: `${title} | ${shop.name}` }, { name: "robots", content: "noindex" }];
}
