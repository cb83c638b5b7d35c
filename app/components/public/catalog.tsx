import { SearchIcon, TriangleAlertIcon } from "lucide-react";
import { ContentIcon } from "~/components/public/icons";
import { ChatLink, WhatsappIcon } from "~/components/site/chat-link";
import { Input } from "~/components/ui/input";
import { type CatalogCategory, SPECIES_FILTERS, SPECIES_LABELS } from "~/content/categories";
import { Island } from "~/islands/island";
import { cn } from "~/lib/utils";
import {
  categoryChatMessage,
  categoryCountLabel,
  filterCategories,
  normalizeSearch,
  type SpeciesFilter,
} from "~/modules/catalog";

const FORM_ID = "catalogo-filtro";

/**
 * The category catalogue of /produtos, served without React. It is a GET form, so search
 * and chips work with no JavaScript at all (the server renders the filtered list from the
 * URL); a small inline script (~/islands/catalog-filter) filters as the visitor types. Every
 * card is in the HTML, those filtered out `hidden`, so the script only shows and hides.
 */
export function Catalog({
  categories,
  chatNumber,
  initialSearch,
  initialSpecies,
}: {
  categories: readonly CatalogCategory[];
  chatNumber: string;
  initialSearch: string;
  initialSpecies: SpeciesFilter;
}) {
  const visible = new Set(
    filterCategories(categories, { search: initialSearch, species: initialSpecies }),
  );
  return (
    <div>
      <form id={FORM_ID} method="get" role="search" className="grid gap-4">
        <div className="relative mx-auto w-full max-w-xl">
          <label htmlFor="busca" className="sr-only">
            Buscar produtos
          </label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <Input
            id="busca"
            name="q"
            type="search"
            placeholder="Buscar produtos..."
            defaultValue={initialSearch}
            className="pl-10"
            autoComplete="off"
          />
        </div>
        {/* Enter in the search box submits with this button, keeping the chosen species. */}
        <button
          type="submit"
          className="sr-only focus:not-sr-only focus:rounded-lg focus:px-3 focus:py-2"
        >
          Buscar
        </button>
        <fieldset>
          <legend className="sr-only">Filtrar por espécie</legend>
          <div className="flex flex-wrap justify-center gap-2">
            {SPECIES_FILTERS.map((chip) => {
              const active = initialSpecies === chip.value;
              return (
                <button
                  key={chip.value}
                  type="submit"
                  name="especie"
                  value={chip.value}
                  aria-pressed={active}
                  className={cn(
                    "min-h-11 rounded-full border px-4 text-sm font-semibold transition-colors",
                    active
                      ? "border-brand-700 bg-brand-700 text-white"
                      : "border-slate-300 bg-white text-slate-800 hover:border-brand-600 hover:text-brand-800",
                  )}
                >
                  {chip.label}
                </button>
              );
            })}
          </div>
        </fieldset>
        <input type="hidden" name="especie" defaultValue={initialSpecies} />
      </form>

      <p
        className="mt-6 text-center text-sm font-medium text-slate-700"
        aria-live="polite"
        data-contagem=""
      >
        {categoryCountLabel(visible.size)}
      </p>

      <div
        className="mx-auto mt-6 max-w-md rounded-2xl border border-dashed border-slate-300 p-8 text-center"
        hidden={visible.size > 0}
        data-vazio=""
      >
        <p className="text-slate-800">Nenhum produto encontrado para os filtros selecionados.</p>
        <a
          href="/produtos"
          className="mt-4 inline-flex min-h-11 items-center rounded-lg border-2 border-brand-600 px-4 font-semibold text-brand-800 hover:bg-brand-50"
        >
          Limpar Filtros
        </a>
      </div>
      <ul
        className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3"
        hidden={visible.size === 0}
        data-lista=""
      >
        {categories.map((category, index) => (
          <li
            key={category.id}
            hidden={!visible.has(category)}
            data-busca={`${normalizeSearch(category.title)}\n${normalizeSearch(category.description)}`}
            data-especies={category.species.join(" ")}
            className="animate-fade-up flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            style={{ animationDelay: `${index * 0.1}s` }}
          >
            <div className="flex items-center gap-3">
              <span className="flex size-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <ContentIcon name={category.icon} className="size-6" />
              </span>
              <h2 className="text-lg font-bold text-slate-900">{category.title}</h2>
            </div>
            <p className="mt-3 text-slate-700">{category.description}</p>
            <ul className="mt-3 flex flex-wrap gap-1.5" aria-label="Espécies">
              {category.species.map((s) => (
                <li
                  key={s}
                  className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-800"
                >
                  {SPECIES_LABELS[s]}
                </li>
              ))}
            </ul>
            {category.requiresPrescription ? (
              <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-900">
                <TriangleAlertIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                Alguns itens exigem receita veterinária.
              </p>
            ) : null}
            <div className="mt-auto pt-5">
              <ChatLink
                number={chatNumber}
                text={categoryChatMessage(category.title)}
                className="inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-lg bg-whatsapp-dark px-4 font-semibold text-white hover:bg-brand-800"
              >
                <WhatsappIcon className="size-5" />
                Ver Produtos<span className="sr-only"> de {category.title}</span>
              </ChatLink>
            </div>
          </li>
        ))}
      </ul>
      <Island
        name="catalog-filter"
        props={{
          formId: FORM_ID,
          countLabels: {
            one: categoryCountLabel(1),
            other: categoryCountLabel(2).replace("2", "{n}"),
          },
        }}
      />
    </div>
  );
}
