import { ChevronLeftIcon, ChevronRightIcon, SearchIcon, XIcon } from "lucide-react";
import { useRef } from "react";
import { data, Form, Link, useLoaderData, useNavigation, useSubmit } from "react-router";
import { OrderSuccess } from "~/components/loja/order-success";
import { ProductCard, ProductCardSkeleton } from "~/components/loja/product-card";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { shop } from "~/content/shop";
import { InlineScript } from "~/islands/inline-script";
import { submitOnChange } from "~/islands/submit-on-change";
import { type HydrationHandle, usePageHydrates } from "~/lib/hydration";
import { logger } from "~/server/logger.server";
import { readOrderFlash } from "~/server/order-flash.server";
import { listStoreProducts } from "~/server/products.server";
import type { Route } from "./+types/index";

/**
 * Served as plain HTML, without React (decision 0013): the filters are a GET form and links,
 * the cart is the store's island (app/islands/store-cart.ts, from the layout). A client
 * navigation from a React page (the checkout's redirect here) renders it with React.
 */
export const handle: HydrationHandle = { hydrate: false };

export function meta() {
  return [
    { title: `Loja Online | ${shop.name}` },
    {
      name: "description",
      content: `Compre rações, petiscos, acessórios e produtos agropecuários na ${shop.name} e receba em casa em ${shop.city}.`,
    },
  ];
}

const emptyList = { produtos: [], total: 0, pagina: 1, paginas: 1, categorias: [] };

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.slice(0, 100) ?? "";
  const categoria = url.searchParams.get("categoria") ?? "";
  const pagina = Number(url.searchParams.get("pagina")) || 1;
  const [list, { flash, headers }] = await Promise.all([
    listStoreProducts({ q, categoria, pagina }).catch((error: unknown) => {
      logger.error({ err: error }, "falha ao carregar produtos");
      return null;
    }),
    readOrderFlash(request),
  ]);
  if (!list) {
    return data(
      { ...emptyList, q, categoria, flash, erro: "Erro ao carregar produtos" },
      { headers: { ...Object.fromEntries(headers ?? []), "Cache-Control": "no-store" } },
    );
  }
  // Only what the cards show travels to the browser.
  const produtos = list.produtos.map((p) => ({
    id: p.id,
    nome: p.nome,
    categoriaNome: p.categoriaNome,
    precoAtual: p.precoAtual,
    precoAntes: p.precoAntes,
    estoque: p.estoque,
    imagemUrl: p.imagemUrl,
  }));
  return data({ ...list, produtos, q, categoria, flash, erro: null }, { headers });
}

/**
 * The page is the same for every visitor without a session (the cart lives in the
 * browser): the page cache shares it (server/page-cache.ts). A failed load says no-store.
 */
export function headers({ loaderHeaders }: Route.HeadersArgs) {
  const cacheControl = loaderHeaders.get("Cache-Control");
  return { ...(cacheControl ? { "Cache-Control": cacheControl } : {}), Vary: "Cookie" };
}

function pageHref(q: string, categoria: string, pagina: number) {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (categoria) params.set("categoria", categoria);
  if (pagina > 1) params.set("pagina", String(pagina));
  const s = params.toString();
  return s ? `/loja?${s}` : "/loja";
}

export default function StoreIndex() {
  const { produtos, total, pagina, paginas, categorias, q, categoria, flash, erro } =
    useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const hydrates = usePageHydrates();
  const loading = navigation.state === "loading" && navigation.location.pathname === "/loja";
  const filtered = Boolean(q || categoria);

  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      {flash ? <OrderSuccess {...flash} /> : null}
      <div className="mb-4">
        <h1 className="text-2xl font-extrabold text-slate-900 sm:text-3xl">Loja Online</h1>
        <p className="text-slate-600">Escolha seus produtos e receba em casa.</p>
      </div>

      <Form
        ref={formRef}
        method="get"
        role="search"
        className="mb-5 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_14rem_auto]"
      >
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
          <Select
            id="categoria"
            name="categoria"
            defaultValue={categoria}
            key={categoria}
            onChange={(e) => submit(e.currentTarget.form)}
          >
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
        {hydrates ? null : <InlineScript run={submitOnChange} args={{ fieldId: "categoria" }} />}
      </Form>

      <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600">
        <p aria-live="polite">
          {total === 1 ? "1 produto encontrado" : `${total} produtos encontrados`}
        </p>
        {filtered ? (
          <Link
            to="/loja"
            className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
          >
            <XIcon className="size-4" aria-hidden="true" />
            Limpar filtros
          </Link>
        ) : null}
      </div>

      {erro ? (
        <div role="alert" className="rounded-2xl border border-red-300 bg-red-50 p-6 text-center">
          <p className="font-semibold text-red-900">{erro}</p>
          <Button asChild variant="outline" className="mt-3">
            <Link to={pageHref(q, categoria, 1)} reloadDocument>
              Tentar novamente
            </Link>
          </Button>
        </div>
      ) : loading ? (
        <ul
          className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4"
          aria-label="Carregando produtos"
        >
          {Array.from({ length: 10 }, (_, i) => (
            <ProductCardSkeleton key={i} />
          ))}
        </ul>
      ) : produtos.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <p className="font-semibold text-slate-800">Nenhum produto encontrado.</p>
          <p className="mt-1 text-sm text-slate-600">Tente outra busca ou outra categoria.</p>
          {filtered ? (
            <Button asChild variant="outline" className="mt-4">
              <Link to="/loja">Ver todos os produtos</Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Produtos">
          {produtos.map((p, i) => (
            <ProductCard key={p.id} product={p} priority={i < 4} />
          ))}
        </ul>
      )}

      {paginas > 1 ? (
        <nav className="mt-6 flex items-center justify-center gap-3" aria-label="Páginas">
          {pagina > 1 ? (
            <Button asChild variant="outline">
              <Link to={pageHref(q, categoria, pagina - 1)} rel="prev">
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
              <Link to={pageHref(q, categoria, pagina + 1)} rel="next">
                Próxima
                <ChevronRightIcon aria-hidden="true" />
              </Link>
            </Button>
          ) : null}
        </nav>
      ) : null}
    </main>
  );
}
