import { PageHero } from "~/components/public/section";
import { publicMeta } from "~/components/public/seo";
import { shop } from "~/content/shop";
import { STATIC_PAGE_HANDLE } from "~/lib/page-cache";
import { LEGAL_PAGES, type LegalPageKey } from "~/modules/privacy";
import { legalPage } from "~/modules/privacy/index.server";
import type { Route } from "./+types/legal";

// /privacidade, /trocas-e-devolucoes and /termos: the admin's Markdown (or the default text),
// rendered on the server without raw HTML (decision 0044). Plain HTML, without React.
export const handle = STATIC_PAGE_HANDLE;

function pageKey(pathname: string): LegalPageKey {
  const found = (Object.keys(LEGAL_PAGES) as LegalPageKey[]).find(
    (key) => LEGAL_PAGES[key].path === pathname.replace(/\/+$/, ""),
  );
  if (!found) throw new Response("Página não encontrada", { status: 404 });
  return found;
}

export async function loader({ request }: Route.LoaderArgs) {
  const key = pageKey(new URL(request.url).pathname);
  return { key, path: LEGAL_PAGES[key].path, ...(await legalPage(key)) };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  publicMeta(matches, {
    title: loaderData?.title ?? "Informações legais",
    description: `${loaderData?.title ?? "Informações legais"} da ${shop.name}: o que vale para as suas compras, seus dados e seus direitos.`,
    path: loaderData?.path ?? "/privacidade",
  });

export default function LegalPage({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <PageHero eyebrow="Informações legais" title={loaderData.title}>
        <p>O que vale para as suas compras, os seus dados e os seus direitos na {shop.name}.</p>
      </PageHero>
      <article
        className="legal-text mx-auto max-w-3xl px-4 pb-8 text-slate-700"
        // Safe: markdown-it with raw HTML off (app/modules/privacy/markdown.server.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: server-rendered Markdown, no raw HTML
        dangerouslySetInnerHTML={{ __html: loaderData.html }}
      />
    </main>
  );
}
