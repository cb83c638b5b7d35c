// Choosing a variant on the product page (pure, no I/O): the one the address names
// (?v=SKU), the option buttons that lead to the others, the price per kilo, and what each
// unit has. The page works without JavaScript: every choice is a link.
import { formatBRL } from "~/domain/money";

export interface ChoosableVariant {
  id: string;
  sku: string;
  rotulo: string;
  valores: string[];
  estoque: number;
}

/** The variant the address names by SKU (any case); else the first in stock; else the first. */
export function chooseVariant<V extends ChoosableVariant>(
  variants: V[],
  sku: string | null | undefined,
): V | null {
  const wanted = sku?.trim().toUpperCase();
  return (
    (wanted ? variants.find((v) => v.sku.toUpperCase() === wanted) : undefined) ??
    variants.find((v) => v.estoque > 0) ??
    variants[0] ??
    null
  );
}

export interface OptionValueChoice {
  valor: string;
  /** The variant this button leads to (its SKU for ?v=), null when no variant has it. */
  sku: string | null;
  selected: boolean;
  /** The variant it leads to has nothing available: shown, disabled. */
  esgotado: boolean;
}

export interface OptionChoice {
  nome: string;
  valores: OptionValueChoice[];
}

/**
 * The buttons of each option: a value leads to the variant that keeps the other options of
 * the current choice, else to the first variant with that value. Products without named
 * options but with several variants get one option, "Opção", of their labels.
 */
export function optionChoices(
  opcoes: { nome: string; valores: string[] }[],
  variants: ChoosableVariant[],
  selected: ChoosableVariant | null,
): OptionChoice[] {
  if (variants.length <= 1) return [];
  if (opcoes.length === 0) {
    return [
      {
        nome: "Opção",
        valores: variants.map((v) => ({
          valor: v.rotulo || v.sku,
          sku: v.sku,
          selected: v.id === selected?.id,
          esgotado: v.estoque <= 0,
        })),
      },
    ];
  }
  return opcoes.map((opcao, index) => ({
    nome: opcao.nome,
    valores: opcao.valores.map((valor) => {
      const wanted = (selected?.valores ?? []).map((v, i) => (i === index ? valor : v));
      const exact = variants.find((v) => sameValues(v.valores, wanted));
      const target = exact ?? variants.find((v) => v.valores[index] === valor) ?? null;
      return {
        valor,
        sku: target?.sku ?? null,
        selected: selected?.valores[index] === valor,
        esgotado: target ? target.estoque <= 0 : true,
      };
    }),
  }));
}

function sameValues(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

/** "R$ 19,16/kg" from the price and the pack's weight in grams; null without a weight. */
export function pricePerKg(preco: number, pesoG: number | null): string | null {
  if (!pesoG || pesoG <= 0) return null;
  return `${formatBRL(Math.round((preco * 1000) / pesoG))}/kg`;
}

/** What one unit offers of the chosen variant, as the product page says it. */
export function unitAvailabilityText(unit: {
  nome: string;
  retirada: boolean;
  disponivel: number;
}): string {
  if (unit.disponivel <= 0) return `${unit.nome}: esgotado`;
  const count = `${unit.disponivel} un.`;
  return unit.retirada ? `Retire hoje na ${unit.nome} · ${count}` : `${unit.nome} · ${count}`;
}

/** "Ração X — 15 kg"; the product's name alone for its only variant. */
export function lineName(produtoNome: string, rotulo: string): string {
  return rotulo ? `${produtoNome} — ${rotulo}` : produtoNome;
}
