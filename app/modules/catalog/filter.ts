// Catalogue filtering of /produtos (SPEC §5.1): case- and accent-insensitive substring
// search on title or description, combined with the species filter by AND.
import type { CatalogCategory, Species } from "~/content/categories";
import { SPECIES } from "~/content/categories";
import { normalizeSearch } from "./search";

export type SpeciesFilter = Species | "todos";

export function parseSpeciesFilter(value: string | null | undefined): SpeciesFilter {
  return (SPECIES as readonly string[]).includes(value ?? "") ? (value as Species) : "todos";
}

export function filterCategories<
  T extends Pick<CatalogCategory, "title" | "description" | "species">,
>(
  categories: readonly T[],
  filters: { search?: string | null; species?: SpeciesFilter | null },
): T[] {
  const needle = normalizeSearch(filters.search);
  const species = filters.species ?? "todos";
  return categories.filter((category) => {
    if (species !== "todos" && !category.species.includes(species)) return false;
    if (needle === "") return true;
    return (
      normalizeSearch(category.title).includes(needle) ||
      normalizeSearch(category.description).includes(needle)
    );
  });
}

/** '1 categoria encontrada' / '3 categorias encontradas' (the spec's '(n) categoria(s) encontrada(s)'). */
export function categoryCountLabel(count: number): string {
  return count === 1 ? "1 categoria encontrada" : `${count} categorias encontradas`;
}

/** The prefilled chat text of a category's 'Ver Produtos' button (SPEC §7.6). */
export function categoryChatMessage(title: string): string {
  return `Olá! Gostaria de ver os produtos da categoria ${title}. Podem me ajudar?`;
}
