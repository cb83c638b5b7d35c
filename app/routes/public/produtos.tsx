import { TriangleAlertIcon } from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { Catalog } from "~/components/public/catalog";
import { PageHero } from "~/components/public/section";
import { publicMeta } from "~/components/public/seo";
import { useChatNumber } from "~/components/public/use-chat-number";
import { categories } from "~/content/categories";
import { shop } from "~/content/shop";
import type { HydrationHandle } from "~/lib/hydration";
import type { PageCacheHandle } from "~/lib/page-cache";
import { parseSpeciesFilter } from "~/modules/catalog";
import type { Route } from "./+types/produtos";

// Served as plain HTML, without React (decision 0009): the filter is a small inline script.
export const handle: HydrationHandle & PageCacheHandle = {
  hydrate: false,
  // The catalogue's search and species chip, read by its render.
  pageCache: { params: ["q", "especie"] },
};

export const meta: Route.MetaFunction = ({ matches }) =>
  publicMeta(matches, {
    title: "Produtos",
    description: `Rações, petiscos, brinquedos, higiene, acessórios, aquarismo, aves, medicamentos veterinários e ferramentas agropecuárias na ${shop.name}.`,
    path: "/produtos",
  });

export default function Produtos() {
  const chatNumber = useChatNumber();
  const [params] = useSearchParams();
  return (
    <main>
      <PageHero eyebrow="Catálogo" title="Nossos Produtos">
        <p>
          Conheça as categorias que temos na loja e chame a gente no {shop.messenger} para ver os
          produtos, preços e disponibilidade. Prefere comprar agora?{" "}
          <Link
            reloadDocument
            to="/loja"
            className="font-semibold text-brand-800 underline underline-offset-2"
          >
            Visite a loja online
          </Link>
          .
        </p>
      </PageHero>
      <div className="mx-auto max-w-6xl px-4 pb-8">
        <Catalog
          categories={categories}
          chatNumber={chatNumber}
          initialSearch={params.get("q") ?? ""}
          initialSpecies={parseSpeciesFilter(params.get("especie"))}
        />
        <aside
          aria-labelledby="aviso-medicamentos"
          className="mx-auto mt-10 max-w-3xl rounded-2xl border border-amber-300 bg-amber-50 p-5 text-amber-950"
        >
          <h2 id="aviso-medicamentos" className="flex items-center gap-2 font-bold">
            <TriangleAlertIcon className="size-5" aria-hidden="true" />
            Uso responsável de medicamentos veterinários
          </h2>
          <p className="mt-2">
            Medicamentos controlados só são vendidos com receita do médico-veterinário. Nunca
            medique seu pet por conta própria: a dose certa depende da espécie, do peso e da saúde
            de cada animal. Em caso de dúvida ou emergência, procure um veterinário.
          </p>
        </aside>
      </div>
    </main>
  );
}
