// Goods received with a supplier's NF-e (issue 44 point 2), the pure part: each item of the
// note matched to one of our variants — by its GTIN first, then by the supplier's own code
// remembered from an earlier entry (with how many of our units one of theirs holds: "CX com
// 12" → 12) — and what confirming it does to the stock and to the variant's cost.

/** What the note's item says (see domain/nota-fiscal.ts ItemNota). */
export interface ItemRecebido {
  numero: number;
  codigo: string;
  gtin: string | null;
  gtinTributavel: string | null;
  descricao: string;
  unidade: string;
  quantidade: number;
  /** Centavos, before the item's discount. */
  valorTotal: number;
  desconto: number;
}

/** A variant a GTIN or a remembered code points to. */
export interface VarianteAlvo {
  varianteId: string;
  nome: string;
}

export interface CodigoLembrado extends VarianteAlvo {
  /** Our units in one of the supplier's (1 when the supplier sells by the unit). */
  fator: number;
}

export type ItemCasado = ItemRecebido &
  (
    | {
        casado: true;
        via: "gtin" | "codigo";
        alvo: VarianteAlvo;
        fator: number;
        /** Our units that arrive: quantity × factor (a fraction is refused). */
        unidades: number;
        /** Centavos one of our units cost, after the item's discount. */
        custoUnitario: number;
      }
    | { casado: false; motivo: string }
  );

export const MOTIVOS_ENTRADA = {
  semCadastro: "Nenhuma variação com este código de barras ou código do fornecedor: associe uma.",
  fracao: (unidades: number) =>
    `Chega uma quantidade fracionada (${unidades.toLocaleString("pt-BR")} un.): confira o fator da embalagem.`,
} as const;

/** Matches every item: GTIN (commercial, then taxable unit's), then the supplier's remembered code. */
export function casarItens(
  itens: ItemRecebido[],
  porGtin: ReadonlyMap<string, VarianteAlvo>,
  porCodigo: ReadonlyMap<string, CodigoLembrado>,
): ItemCasado[] {
  return itens.map((item): ItemCasado => {
    const lembrado = porCodigo.get(item.codigo);
    const gtin =
      (item.gtin && porGtin.get(item.gtin)) ||
      (item.gtinTributavel && porGtin.get(item.gtinTributavel)) ||
      null;
    // The GTIN names the pack the supplier sells; a remembered factor for the same code
    // still applies (a box whose EAN is the box's, counted in our single units).
    const alvo = gtin ?? lembrado;
    if (!alvo) return { ...item, casado: false, motivo: MOTIVOS_ENTRADA.semCadastro };
    const fator = lembrado && lembrado.varianteId === alvo.varianteId ? lembrado.fator : 1;
    const unidades = item.quantidade * fator;
    if (!Number.isInteger(Math.round(unidades * 10_000) / 10_000)) {
      return { ...item, casado: false, motivo: MOTIVOS_ENTRADA.fracao(unidades) };
    }
    return {
      ...item,
      casado: true,
      via: gtin ? "gtin" : "codigo",
      alvo: { varianteId: alvo.varianteId, nome: alvo.nome },
      fator,
      unidades: Math.round(unidades),
      custoUnitario: custoPorUnidade(item.valorTotal - item.desconto, Math.round(unidades)),
    };
  });
}

/** Centavos per unit, rounded to the centavo. */
function custoPorUnidade(valor: number, unidades: number): number {
  return unidades > 0 ? Math.round(valor / unidades) : 0;
}

/**
 * The weighted average cost after an entry: what was in hand at its average cost plus what
 * arrived at its cost. Stock in hand with no known average counts at the new cost (the
 * shop's first invoice of a product sets it).
 */
export function custoMedioDepois(
  emMaos: number,
  medioAntes: number | null,
  chegou: number,
  custoChegada: number,
): number {
  if (chegou <= 0) return medioAntes ?? custoChegada;
  const antes = Math.max(0, emMaos);
  const base = medioAntes ?? custoChegada;
  return Math.round((antes * base + chegou * custoChegada) / (antes + chegou));
}
