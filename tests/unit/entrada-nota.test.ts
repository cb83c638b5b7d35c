import { describe, expect, it } from "vitest";
import {
  type CodigoLembrado,
  casarItens,
  custoMedioDepois,
  type ItemRecebido,
  MOTIVOS_ENTRADA,
  type VarianteAlvo,
} from "~/domain/entrada-nota";

const item = (
  values: Partial<ItemRecebido> & { numero: number; codigo: string },
): ItemRecebido => ({
  gtin: null,
  gtinTributavel: null,
  descricao: "Item",
  unidade: "UN",
  quantidade: 1,
  valorTotal: 1000,
  desconto: 0,
  ...values,
});

/** An item matched to one of our variants, by GTIN or by the supplier's code. */
const matched = (via: "gtin" | "codigo", rest: Record<string, unknown>) => ({
  casado: true,
  via,
  ...rest,
});

const golden: VarianteAlvo = { varianteId: "v-golden-15", nome: "Golden Adulto 15 kg" };
const bifinho: VarianteAlvo = { varianteId: "v-bifinho", nome: "Bifinho Keldog 65 g" };
const areia: VarianteAlvo = { varianteId: "v-areia", nome: "Areia Pipicat 4 kg" };

describe("casarItens", () => {
  it("matches by GTIN, by the taxable unit's GTIN, then by the supplier's remembered code with its pack factor", () => {
    const porGtin = new Map([
      ["7896552902175", golden],
      ["7898080640015", areia],
    ]);
    const porCodigo = new Map<string, CodigoLembrado>([["CX-BIF", { ...bifinho, fator: 12 }]]);
    const [a, b, c, d] = casarItens(
      [
        item({
          numero: 1,
          codigo: "GLD15",
          gtin: "7896552902175",
          quantidade: 10,
          valorTotal: 189_900,
        }),
        item({
          numero: 2,
          codigo: "AR4",
          gtinTributavel: "7898080640015",
          quantidade: 6,
          valorTotal: 9_000,
          desconto: 600,
        }),
        item({ numero: 3, codigo: "CX-BIF", unidade: "CX", quantidade: 2, valorTotal: 9_600 }),
        item({ numero: 4, codigo: "NOVO", gtin: "7890000000000", quantidade: 1 }),
      ],
      porGtin,
      porCodigo,
    );
    expect(a).toMatchObject(
      matched("gtin", { alvo: golden, fator: 1, unidades: 10, custoUnitario: 18_990 }),
    );
    expect(b).toMatchObject(matched("gtin", { alvo: areia, unidades: 6, custoUnitario: 1_400 }));
    expect(c).toMatchObject(
      matched("codigo", { alvo: bifinho, fator: 12, unidades: 24, custoUnitario: 400 }),
    );
    expect(d).toMatchObject({ casado: false, motivo: MOTIVOS_ENTRADA.semCadastro });
  });

  it("keeps a remembered factor for a box whose GTIN is ours, and refuses fractions of our unit", () => {
    const porGtin = new Map([["17896552902172", bifinho]]);
    const porCodigo = new Map<string, CodigoLembrado>([["CX-BIF", { ...bifinho, fator: 12 }]]);
    const [box, fraction] = casarItens(
      [
        item({
          numero: 1,
          codigo: "CX-BIF",
          gtin: "17896552902172",
          quantidade: 3,
          valorTotal: 14_400,
        }),
        item({ numero: 2, codigo: "KG", gtin: "17896552902172", quantidade: 2.5 }),
      ],
      porGtin,
      porCodigo,
    );
    expect(box).toMatchObject(matched("gtin", { fator: 12, unidades: 36, custoUnitario: 400 }));
    expect(fraction).toMatchObject({
      casado: false,
      motivo: "Chega uma quantidade fracionada (2,5 un.): confira o fator da embalagem.",
    });
  });
});

describe("custoMedioDepois", () => {
  it("weighs what was in hand at its average with what arrived", () => {
    // 10 bags at R$ 180,00 and 30 arriving at R$ 190,00: R$ 187,50.
    expect(custoMedioDepois(10, 18_000, 30, 19_000)).toBe(18_750);
    // Nothing known yet: the first invoice sets it.
    expect(custoMedioDepois(5, null, 10, 12_000)).toBe(12_000);
    expect(custoMedioDepois(0, 18_000, 4, 20_000)).toBe(20_000);
    expect(custoMedioDepois(3, 18_000, 0, 20_000)).toBe(18_000);
  });
});
