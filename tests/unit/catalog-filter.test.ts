import { describe, expect, it } from "vitest";
import { categories } from "~/content/categories";
import { chatLink } from "~/domain/whatsapp";
import {
  categoryChatMessage,
  categoryCountLabel,
  filterCategories,
  parseSpeciesFilter,
} from "~/modules/catalog/filter";
import { itMaps } from "../support/tables";

const titles = (list: { title: string }[]) => list.map((c) => c.title);

describe("catalogue categories", () => {
  it("has the nine categories of the spec with their species", () => {
    expect(categories).toHaveLength(9);
    const bySpecies = Object.fromEntries(categories.map((c) => [c.title, [...c.species].sort()]));
    expect(bySpecies).toEqual({
      "Rações Saudáveis": ["aves", "caes", "gatos", "peixes"],
      "Petiscos Naturais": ["caes", "gatos"],
      "Brinquedos Educativos": ["aves", "caes", "gatos"],
      "Higiene e Cuidados": ["caes", "gatos"],
      "Acessórios e Conforto": ["caes", "gatos"],
      "Aquarismo Completo": ["peixes"],
      "Cuidados com Aves": ["aves"],
      "Medicamentos Veterinários": ["aves", "caes", "gatos", "peixes"],
      "Ferramentas Agropecuárias": ["agropecuaria"],
    });
    expect(categories.filter((c) => c.requiresPrescription).map((c) => c.title)).toEqual([
      "Medicamentos Veterinários",
    ]);
  });
});

describe("filterCategories", () => {
  it("shows everything with no search and 'todos'", () => {
    expect(filterCategories(categories, {})).toHaveLength(9);
    expect(filterCategories(categories, { search: "  ", species: "todos" })).toHaveLength(9);
  });

  it("ignores accents and case: 'racoes' and 'RAÇÕES' find 'Rações Saudáveis'", () => {
    expect(titles(filterCategories(categories, { search: "racoes" }))).toEqual([
      "Rações Saudáveis",
    ]);
    expect(titles(filterCategories(categories, { search: "RAÇÕES" }))).toEqual([
      "Rações Saudáveis",
    ]);
  });

  it("matches the description too", () => {
    expect(titles(filterCategories(categories, { search: "calopsitas" }))).toEqual([
      "Cuidados com Aves",
    ]);
  });

  it("combines search and species by AND", () => {
    expect(titles(filterCategories(categories, { species: "peixes" }))).toEqual([
      "Rações Saudáveis",
      "Aquarismo Completo",
      "Medicamentos Veterinários",
    ]);
    expect(titles(filterCategories(categories, { search: "aquario", species: "peixes" }))).toEqual([
      "Aquarismo Completo",
    ]);
    // Matches the search but not the species: nothing.
    expect(filterCategories(categories, { search: "aquario", species: "caes" })).toEqual([]);
    expect(titles(filterCategories(categories, { species: "agropecuaria" }))).toEqual([
      "Ferramentas Agropecuárias",
    ]);
  });

  it("parses the species of the URL, defaulting to todos", () => {
    expect(parseSpeciesFilter("gatos")).toBe("gatos");
    expect(parseSpeciesFilter("dinossauros")).toBe("todos");
    expect(parseSpeciesFilter(null)).toBe("todos");
  });
});

describe("count line and chat text", () => {
  itMaps("uses singular and plural: %i -> %s", categoryCountLabel, [
    [0, "0 categorias encontradas"],
    [1, "1 categoria encontrada"],
    [9, "9 categorias encontradas"],
  ]);

  it("names the category in the 'Ver Produtos' chat link", () => {
    const link = chatLink("(47) 99999-0416", categoryChatMessage("Rações Saudáveis"));
    expect(link.startsWith("https://wa.me/5547999990416?text=")).toBe(true);
    expect(decodeURIComponent(link.split("?text=")[1]!)).toContain("Rações Saudáveis");
  });
});
