// The pieces of the store listing (/loja) and of the store's frame, each with plain props.
import { ChevronLeftIcon, ChevronRightIcon, XIcon } from "lucide-react";
import { Link } from "react-router";
import { CART_STORAGE_KEY } from "~/components/loja/cart-context";
import { ChatLink } from "~/components/site/chat-link";
import { LegalFacts } from "~/components/site/legal-facts";
import { Button } from "~/components/ui/button";
import { shop } from "~/content/shop";
import { formatPhoneDisplay } from "~/domain/phone";
import { Island } from "~/islands/island";
import { useKeptContent } from "~/lib/fragment-cache";
import {
  isFilteredListing,
  type StoreCategory,
  type StoreListingQuery,
  storeListingHref,
} from "~/modules/catalog";
import { CART_TEXTS } from "~/modules/orders";
import type { CompanyFacts } from "~/modules/shop";

export const STORE_FRAME_CLASS = "flex min-h-dvh flex-col bg-slate-50";
export const STORE_MAIN_CLASS = "mx-auto max-w-6xl px-4 py-6";
export const PRODUCT_GRID_CLASS = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4";

export const STORE_LISTING_META = {
  title: `Loja Online | ${shop.name}`,
  description: `Compre rações, petiscos, acessórios e produtos agropecuários na ${shop.name} e receba em casa em ${shop.city}.`,
};

export function StoreIntro() {
  return (
    <div className="mb-4">
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Loja Online</h1>
      <p className="text-slate-600">Escolha seus produtos e receba em casa.</p>
    </div>
  );
}

export function StoreCount({ total, filtered }: { total: number; filtered: boolean }) {
  return (
    <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
      <p aria-live="polite">
        {total === 1 ? "1 produto encontrado" : `${total} produtos encontrados`}
      </p>
      {filtered ? (
        <Link
          reloadDocument
          to="/loja"
          className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          <XIcon className="size-4" aria-hidden="true" />
          Limpar filtros
        </Link>
      ) : null}
    </div>
  );
}

/**
 * No product for this search and these filters: never a dead end. "Você quis dizer …?"
 * with the closest term the catalogue knows, the categories, and a way back.
 */
export function StoreEmpty({
  query,
  sugestao,
  categorias,
}: {
  query: StoreListingQuery;
  sugestao: string | null;
  categorias: Pick<StoreCategory, "slug" | "nome">[];
}) {
  const filtered = isFilteredListing(query);
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <p className="font-semibold text-slate-800">Nenhum produto encontrado.</p>
      {sugestao ? (
        <p className="mt-2 text-slate-700">
          Você quis dizer{" "}
          <a
            className="font-semibold text-brand-700 underline"
            href={storeListingHref({ ...query, q: sugestao, ordem: "relevancia" })}
          >
            {sugestao}
          </a>
          ?
        </p>
      ) : (
        <p className="mt-1 text-sm text-slate-600">Tente outra busca ou outra categoria.</p>
      )}
      {categorias.length > 0 ? (
        <nav aria-label="Categorias" className="mt-4">
          <p className="text-sm text-slate-600">Veja as categorias:</p>
          <ul className="mt-2 flex flex-wrap justify-center gap-2">
            {categorias.map((c) => (
              <li key={c.slug}>
                <a
                  href={storeListingHref(query, { q: "", categoria: c.slug, ordem: "a-z" })}
                  className="inline-block rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700 hover:bg-slate-100"
                >
                  {c.nome}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
      {filtered ? (
        <Button asChild variant="outline" className="mt-4">
          <Link reloadDocument to="/loja">
            Ver todos os produtos
          </Link>
        </Button>
      ) : null}
    </div>
  );
}

export function StorePagination({ query, paginas }: { query: StoreListingQuery; paginas: number }) {
  const { pagina } = query;
  if (paginas <= 1) return null;
  return (
    <nav className="mt-6 flex items-center justify-center gap-3" aria-label="Páginas">
      {pagina > 1 ? (
        <Button asChild variant="outline">
          <Link
            reloadDocument
            to={storeListingHref(query, { pagina: Math.min(pagina - 1, paginas) })}
            rel="prev"
          >
            <ChevronLeftIcon aria-hidden="true" />
            Anterior
          </Link>
        </Button>
      ) : null}
      <span className="text-sm text-slate-700">
        Página {pagina} de {paginas}
      </span>
      {pagina < paginas ? (
        <Button asChild variant="outline">
          <Link reloadDocument to={storeListingHref(query, { pagina: pagina + 1 })} rel="next">
            Próxima
            <ChevronRightIcon aria-hidden="true" />
          </Link>
        </Button>
      ) : null}
    </nav>
  );
}

/** The store's cart on a page served without React (app/islands/store-cart.ts). */
export function StoreCartScript() {
  return <Island name="store-cart" props={{ storageKey: CART_STORAGE_KEY, texts: CART_TEXTS }} />;
}

type FooterProps = { chatNumber: string; year: number; company: CompanyFacts };

/** The store's footer: the shop, its town, the chat number and who sells (legal facts). */
export function StoreFooter(props: FooterProps) {
  // Kept markup on a page served without React (app/lib/fragment-cache.ts).
  const content = useKeptContent(
    () => JSON.stringify(["rodape", props.chatNumber, props.year, props.company]),
    <FooterContent {...props} />,
  );
  return (
    <footer
      className="border-t border-slate-200 bg-white px-4 py-6 text-center text-sm text-slate-600"
      {...content}
    />
  );
}

function FooterContent({ chatNumber, year, company }: FooterProps) {
  return (
    <div className="grid gap-3">
      <p>
        © {year} {shop.name} · {shop.city}/{shop.state} ·{" "}
        <ChatLink number={chatNumber} className="underline hover:text-brand-800">
          {shop.messenger}: {formatPhoneDisplay(chatNumber)}
        </ChatLink>{" "}
        ·{" "}
        <a href="/loja/acompanhar" className="underline hover:text-brand-800">
          Acompanhar pedido
        </a>
      </p>
      <div className="text-xs">
        <LegalFacts company={company} linkClassName="underline hover:text-brand-800" />
      </div>
    </div>
  );
}
