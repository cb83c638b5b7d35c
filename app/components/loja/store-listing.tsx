// The pieces of the store listing (/loja) and of the store's frame, each with plain props.
import { ChevronLeftIcon, ChevronRightIcon, SearchIcon, XIcon } from "lucide-react";
import { Link } from "react-router";
import { CART_STORAGE_KEY } from "~/components/loja/cart-context";
import { ChatLink } from "~/components/site/chat-link";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { shop } from "~/content/shop";
import { formatPhoneDisplay } from "~/domain/phone";
import { Island } from "~/islands/island";
import { useKeptContent } from "~/lib/fragment-cache";
import type { StoreCategory } from "~/modules/catalog";
import { CART_TEXTS } from "~/modules/orders";

export const STORE_FRAME_CLASS = "flex min-h-dvh flex-col bg-slate-50";
export const STORE_MAIN_CLASS = "mx-auto max-w-6xl px-4 py-6";
export const PRODUCT_GRID_CLASS = "grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4";

export const STORE_LISTING_META = {
  title: `Loja Online | ${shop.name}`,
  description: `Compre rações, petiscos, acessórios e produtos agropecuários na ${shop.name} e receba em casa em ${shop.city}.`,
};

/** The address of a listing page; the first page and empty filters stay out of the URL. */
export function storePageHref(q: string, categoria: string, pagina: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (categoria) params.set("categoria", categoria);
  if (pagina > 1) params.set("pagina", String(pagina));
  const s = params.toString();
  return s ? `/loja?${s}` : "/loja";
}

export function StoreIntro() {
  return (
    <div className="mb-4">
      <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Loja Online</h1>
      <p className="text-slate-600">Escolha seus produtos e receba em casa.</p>
    </div>
  );
}

/** Search and category: a plain GET form whose category submits on change (an island). */
export function StoreSearch({
  q,
  categoria,
  categorias,
}: {
  q: string;
  categoria: string;
  categorias: Pick<StoreCategory, "id" | "slug" | "nome">[];
}) {
  const fields = (
    <>
      <div className="grid gap-1">
        <Label htmlFor="busca" className="sr-only">
          Buscar produtos
        </Label>
        <div className="relative">
          <SearchIcon
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id="busca"
            name="q"
            type="search"
            defaultValue={q}
            key={q}
            placeholder="Buscar por nome, descrição ou código..."
            className="pl-9"
            maxLength={100}
          />
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor="categoria" className="sr-only">
          Categoria
        </Label>
        <Select id="categoria" name="categoria" defaultValue={categoria} key={categoria}>
          <option value="">Todas as categorias</option>
          {categorias.map((c) => (
            <option key={c.id} value={c.slug}>
              {c.nome}
            </option>
          ))}
        </Select>
      </div>
      <Button type="submit">
        <SearchIcon aria-hidden="true" />
        Buscar
      </Button>
    </>
  );
  const className =
    "mb-5 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_14rem_auto]";
  return (
    <form method="get" action="/loja" role="search" className={className}>
      {fields}
      <Island name="submit-on-change" props={{ fieldId: "categoria" }} />
    </form>
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

export function StoreEmpty({ filtered }: { filtered: boolean }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
      <p className="font-semibold text-slate-800">Nenhum produto encontrado.</p>
      <p className="mt-1 text-sm text-slate-600">Tente outra busca ou outra categoria.</p>
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

export function StorePagination({
  q,
  categoria,
  pagina,
  paginas,
}: {
  q: string;
  categoria: string;
  pagina: number;
  paginas: number;
}) {
  if (paginas <= 1) return null;
  return (
    <nav className="mt-6 flex items-center justify-center gap-3" aria-label="Páginas">
      {pagina > 1 ? (
        <Button asChild variant="outline">
          <Link reloadDocument to={storePageHref(q, categoria, pagina - 1)} rel="prev">
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
          <Link reloadDocument to={storePageHref(q, categoria, pagina + 1)} rel="next">
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

type FooterProps = { chatNumber: string; year: number };

/** The store's footer: the shop, its town and the chat number. */
export function StoreFooter(props: FooterProps) {
  // Kept markup on a page served without React (app/lib/fragment-cache.ts).
  const content = useKeptContent(
    () => JSON.stringify(["rodape", props.chatNumber, props.year]),
    <FooterContent {...props} />,
  );
  return (
    <footer
      className="border-t border-slate-200 bg-white px-4 py-6 text-center text-sm text-slate-600"
      {...content}
    />
  );
}

function FooterContent({ chatNumber, year }: FooterProps) {
  return (
    <>
      © {year} {shop.name} · {shop.city}/{shop.state} ·{" "}
      <ChatLink number={chatNumber} className="underline hover:text-brand-800">
        {shop.messenger}: {formatPhoneDisplay(chatNumber)}
      </ChatLink>
    </>
  );
}
