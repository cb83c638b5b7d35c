// The catalogue of /produtos (SPEC §3): categories, not individual products.
import { defineVocabulary } from "~/domain/vocabulary";

export const { values: SPECIES, label: SPECIES_LABELS } = defineVocabulary({
  caes: "Cães",
  gatos: "Gatos",
  aves: "Aves",
  peixes: "Peixes",
  agropecuaria: "Agropecuária",
});
export type Species = (typeof SPECIES)[number];

/** Filter chips of /produtos, in the spec's order ('todos' = no species filter). */
export const SPECIES_FILTERS: { value: Species | "todos"; label: string }[] = [
  { value: "todos", label: "Todos os Produtos" },
  ...SPECIES.map((value) => ({ value, label: SPECIES_LABELS[value] })),
];

export interface CatalogCategory {
  id: string;
  title: string;
  description: string;
  species: readonly Species[];
  requiresPrescription?: boolean;
  icon: "bone" | "gift" | "gamepad" | "droplets" | "sofa" | "fish" | "bird" | "pill" | "tractor";
}

export const categories: readonly CatalogCategory[] = [
  {
    id: "racoes",
    title: "Rações Saudáveis",
    description:
      "Rações secas e úmidas das melhores marcas para cães, gatos, aves e peixes, com opções para filhotes, adultos, idosos e dietas especiais.",
    species: ["caes", "gatos", "aves", "peixes"],
    icon: "bone",
  },
  {
    id: "petiscos",
    title: "Petiscos Naturais",
    description:
      "Bifinhos, ossinhos, sachês e snacks naturais para recompensar o bom comportamento sem abrir mão da saúde.",
    species: ["caes", "gatos"],
    icon: "gift",
  },
  {
    id: "brinquedos",
    title: "Brinquedos Educativos",
    description:
      "Mordedores, bolinhas, arranhadores, varinhas e brinquedos interativos que gastam energia e estimulam a mente.",
    species: ["caes", "gatos", "aves"],
    icon: "gamepad",
  },
  {
    id: "higiene",
    title: "Higiene e Cuidados",
    description:
      "Shampoos, tapetes higiênicos, areias, escovas, cortadores de unha e tudo para a rotina de limpeza do seu pet.",
    species: ["caes", "gatos"],
    icon: "droplets",
  },
  {
    id: "acessorios",
    title: "Acessórios e Conforto",
    description:
      "Camas, coleiras, guias, peitorais, comedouros, bebedouros e caixas de transporte para o dia a dia e os passeios.",
    species: ["caes", "gatos"],
    icon: "sofa",
  },
  {
    id: "aquarismo",
    title: "Aquarismo Completo",
    description:
      "Aquários, filtros, bombas, termostatos, condicionadores de água, decoração e alimentos para peixes ornamentais.",
    species: ["peixes"],
    icon: "fish",
  },
  {
    id: "aves",
    title: "Cuidados com Aves",
    description:
      "Gaiolas, viveiros, poleiros, sementes, farinhadas e suplementos para calopsitas, periquitos, canários e outras aves.",
    species: ["aves"],
    icon: "bird",
  },
  {
    id: "medicamentos",
    title: "Medicamentos Veterinários",
    description:
      "Antipulgas, vermífugos, carrapaticidas, vitaminas e medicamentos de uso veterinário, com orientação da nossa equipe.",
    species: ["caes", "gatos", "aves", "peixes"],
    requiresPrescription: true,
    icon: "pill",
  },
  {
    id: "agropecuaria",
    title: "Ferramentas Agropecuárias",
    description:
      "Ferramentas, sementes, adubos, arames, bebedouros e produtos para horta, jardim, sítio e criação de animais.",
    species: ["agropecuaria"],
    icon: "tractor",
  },
];
