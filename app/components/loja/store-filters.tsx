// The store listing's search, sort and filters: plain GET forms and links, every
// combination its own shareable address (works without JavaScript; the sort submits on
// change with the submit-on-change island).
import { SearchIcon, SlidersHorizontalIcon, XIcon } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Select } from "~/components/ui/select";
import { Island } from "~/islands/island";
import {
  type FacetValue,
  STORE_SORTS,
  STORE_SPECIES,
  type StoreFacets,
  type StoreListingQuery,
  storeListingHref,
} from "~/modules/catalog";

type QueryProps = { query: StoreListingQuery };

/** The current filters as hidden fields, so a form that changes one keeps the others. */
function KeptFields({ query, except }: QueryProps & { except: string[] }) {
  const href = storeListingHref(query);
  const params = new URLSearchParams(href.split("?")[1] ?? "");
  return (
    <>
      {[...params.entries()]
        .filter(([name]) => !except.includes(name) && name !== "pagina")
        .map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
    </>
  );
}

/** The search box (the suggestions island attaches to it) and the sort. */
export function StoreSearchBar({ query }: QueryProps) {
  const sorts = STORE_SORTS.filter((s) => s.value !== "relevancia" || query.q);
  return (
    <div className="mb-3 grid gap-3 rounded-2xl border border-slate-200 bg-white p-3 sm:grid-cols-[1fr_auto]">
      <form method="get" action="/loja" role="search" className="flex gap-2">
        <KeptFields query={query} except={["q", "ordem"]} />
        <Label htmlFor="busca" className="sr-only">
          Buscar produtos
        </Label>
        <div className="relative min-w-0 flex-1">
          <SearchIcon
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id="busca"
            name="q"
            type="search"
            defaultValue={query.q}
            key={query.q}
            placeholder="Buscar por nome, marca ou código..."
            className="pl-9"
            maxLength={100}
            autoComplete="off"
            enterKeyHint="search"
          />
          <Island name="store-suggest" props={{ inputId: "busca", url: "/loja/sugestoes" }} />
        </div>
        <Button type="submit">
          <SearchIcon aria-hidden="true" />
          <span className="max-sm:sr-only">Buscar</span>
        </Button>
      </form>
      <form method="get" action="/loja" className="flex items-center gap-2">
        <KeptFields query={query} except={["ordem"]} />
        <Label htmlFor="ordem" className="shrink-0 text-sm text-slate-700">
          Ordenar por
        </Label>
        <Select id="ordem" name="ordem" defaultValue={query.ordem} key={query.ordem}>
          {sorts.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </Select>
        <noscript>
          <Button type="submit" variant="outline">
            Ordenar
          </Button>
        </noscript>
        <Island name="submit-on-change" props={{ fieldId: "ordem" }} />
      </form>
    </div>
  );
}

function FacetLinks({
  title,
  values,
  chosen,
  hrefOf,
}: {
  title: string;
  values: FacetValue[];
  chosen: string;
  hrefOf: (valor: string) => string;
}) {
  if (values.length === 0) return null;
  return (
    <fieldset className="grid gap-1">
      <legend className="mb-1 text-sm font-bold text-slate-900">{title}</legend>
      <ul className="grid gap-0.5">
        {values.map((v) => {
          const active = v.valor.toLowerCase() === chosen.toLowerCase();
          return (
            <li key={v.valor}>
              <a
                href={hrefOf(active ? "" : v.valor)}
                aria-current={active ? "true" : undefined}
                className={`flex items-baseline justify-between gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-100 ${
                  active ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700"
                }`}
              >
                <span className="min-w-0 break-words">{v.rotulo}</span>
                <span className="shrink-0 text-slate-500">({v.n})</span>
              </a>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}

function ToggleLink({
  label,
  n,
  on,
  href,
}: {
  label: string;
  n: number;
  on: boolean;
  href: string;
}) {
  if (n === 0 && !on) return null;
  return (
    <a
      href={href}
      aria-current={on ? "true" : undefined}
      className={`flex items-baseline justify-between gap-2 rounded-lg px-2 py-1.5 text-sm hover:bg-slate-100 ${
        on ? "bg-brand-50 font-semibold text-brand-800" : "text-slate-700"
      }`}
    >
      <span>
        <span aria-hidden="true">{on ? "☑ " : "☐ "}</span>
        {label}
      </span>
      <span className="shrink-0 text-slate-500">({n})</span>
    </a>
  );
}

/**
 * The filters with their counts, in a disclosure on phones; always shown on wide screens,
 * where they fill the column beside the products (CSS only: the page is cached and served
 * without JavaScript, so it cannot know the screen; decision 0052).
 */
export function StoreFilters({ query, facetas }: QueryProps & { facetas: StoreFacets }) {
  const href = (change: Partial<StoreListingQuery>) => storeListingHref(query, change);
  const speciesLabel = new Map<string, string>(STORE_SPECIES.map((s) => [s.value, s.label]));
  return (
    <details
      className="group mb-4 h-fit rounded-2xl border border-slate-200 bg-white p-3 lg:mb-0 lg:[&::details-content]:[content-visibility:visible]"
      data-testid="filtros"
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 font-semibold text-slate-900 lg:pointer-events-none">
        <SlidersHorizontalIcon className="size-4" aria-hidden="true" />
        Filtrar
      </summary>
      <div className="mt-3 grid gap-4">
        <FacetLinks
          title="Categoria"
          values={facetas.categorias}
          chosen={query.categoria}
          hrefOf={(categoria) => href({ categoria })}
        />
        <FacetLinks
          title="Para"
          values={facetas.especies.map((e) => ({
            ...e,
            rotulo: speciesLabel.get(e.valor) ?? e.rotulo,
          }))}
          chosen={query.especie}
          hrefOf={(especie) => href({ especie: especie as StoreListingQuery["especie"] })}
        />
        <FacetLinks
          title="Marca"
          values={facetas.marcas}
          chosen={query.marca}
          hrefOf={(marca) => href({ marca })}
        />
        {facetas.unidades.length > 0 || query.unidade ? (
          <FacetLinks
            title="Retire hoje"
            values={facetas.unidades.map((u) => ({ ...u, rotulo: `Retire hoje na ${u.rotulo}` }))}
            chosen={query.unidade}
            hrefOf={(unidade) => href({ unidade })}
          />
        ) : null}
        <fieldset className="grid gap-0.5">
          <legend className="mb-1 text-sm font-bold text-slate-900">Ofertas e estoque</legend>
          <ToggleLink
            label="Em promoção"
            n={facetas.promocao}
            on={query.promocao}
            href={href({ promocao: !query.promocao })}
          />
          <ToggleLink
            label="Incluir esgotados"
            n={facetas.esgotados}
            on={query.esgotados}
            href={href({ esgotados: !query.esgotados })}
          />
        </fieldset>
        <PriceRange query={query} range={facetas.preco} />
      </div>
    </details>
  );
}

function PriceRange({ query, range }: QueryProps & { range: StoreFacets["preco"] }) {
  if (!range && query.precoMin === null && query.precoMax === null) return null;
  return (
    <form method="get" action="/loja" className="grid gap-2">
      <KeptFields query={query} except={["preco_min", "preco_max"]} />
      <p className="text-sm font-bold text-slate-900" id="faixa-preco">
        Preço (R$)
      </p>
      <div className="grid grid-cols-2 gap-2" role="group" aria-labelledby="faixa-preco">
        <PriceInput name="preco_min" label="Mínimo" value={query.precoMin} hint={range?.min} />
        <PriceInput name="preco_max" label="Máximo" value={query.precoMax} hint={range?.max} />
      </div>
      <Button type="submit" variant="outline" size="sm">
        Aplicar preço
      </Button>
    </form>
  );
}

/** One end of the price range, in whole reais; the range found shows as its placeholder. */
function PriceInput({
  name,
  label,
  value,
  hint,
}: {
  name: string;
  label: string;
  value: number | null;
  hint: number | undefined;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={name} className="text-xs text-slate-600">
        {label}
      </Label>
      <Input
        id={name}
        name={name}
        type="number"
        inputMode="numeric"
        min={0}
        step={1}
        defaultValue={value ?? ""}
        placeholder={hint === undefined ? "" : String(hint)}
      />
    </div>
  );
}

/** What narrows the list now, each removable with one tap. */
export function ActiveFilters({ query, facetas }: QueryProps & { facetas: StoreFacets }) {
  const href = (change: Partial<StoreListingQuery>) => storeListingHref(query, change);
  const chips: { label: string; href: string }[] = [];
  if (query.q) chips.push({ label: `“${query.q}”`, href: href({ q: "" }) });
  if (query.categoria) {
    const c = facetas.categorias.find((f) => f.valor === query.categoria);
    chips.push({ label: c?.rotulo ?? query.categoria, href: href({ categoria: "" }) });
  }
  if (query.especie) {
    const label = STORE_SPECIES.find((s) => s.value === query.especie)?.label ?? query.especie;
    chips.push({ label, href: href({ especie: "" }) });
  }
  if (query.marca) chips.push({ label: query.marca, href: href({ marca: "" }) });
  if (query.unidade) {
    const u = facetas.unidades.find((f) => f.valor === query.unidade);
    chips.push({
      label: `Retire hoje: ${u?.rotulo ?? query.unidade}`,
      href: href({ unidade: "" }),
    });
  }
  if (query.precoMin !== null || query.precoMax !== null) {
    const label =
      query.precoMin !== null && query.precoMax !== null
        ? `R$ ${query.precoMin} a R$ ${query.precoMax}`
        : query.precoMin !== null
          ? `A partir de R$ ${query.precoMin}`
          : `Até R$ ${query.precoMax}`;
    chips.push({ label, href: href({ precoMin: null, precoMax: null }) });
  }
  if (query.promocao) chips.push({ label: "Em promoção", href: href({ promocao: false }) });
  if (query.esgotados) chips.push({ label: "Com esgotados", href: href({ esgotados: false }) });
  if (chips.length === 0) return null;
  return (
    <ul className="mb-3 flex flex-wrap gap-2" aria-label="Filtros aplicados">
      {chips.map((chip) => (
        <li key={chip.label}>
          <a
            href={chip.href}
            className="inline-flex max-w-full items-center gap-1 rounded-full border border-brand-200 bg-brand-50 px-3 py-1 text-sm text-brand-800 hover:bg-brand-100"
          >
            <span className="min-w-0 break-words">{chip.label}</span>
            <XIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="sr-only">(remover filtro)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
