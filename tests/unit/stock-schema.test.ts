import { describe, expect, it } from "vitest";
import {
  adjustStockSchema,
  minimumSchema,
  parseStockQuery,
  receiveTransferSchema,
  transferStockSchema,
} from "~/modules/inventory";

const V = "00000000-0000-4000-8000-000000000001";
const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

describe("stock forms", () => {
  it("receber: empty is all that was sent; a whole count from 0; the reason optional here", () => {
    expect(receiveTransferSchema.parse({ id: V, quantidade: " " })).toEqual({
      id: V,
      quantidade: undefined,
      motivo: null,
    });
    expect(
      receiveTransferSchema.parse({ id: V, quantidade: "0", motivo: " Tudo molhado " }),
    ).toEqual({ id: V, quantidade: 0, motivo: "Tudo molhado" });
    expect(receiveTransferSchema.safeParse({ id: V, quantidade: "-1" }).success).toBe(false);
    expect(receiveTransferSchema.safeParse({ id: V, quantidade: "2,5" }).success).toBe(false);
    expect(receiveTransferSchema.safeParse({ id: V, motivo: "ab" }).success).toBe(false);
    expect(receiveTransferSchema.safeParse({ id: "x" }).success).toBe(false);
  });

  it("ajuste: a whole count from 0 to 1.000.000 and a reason of 3 to 200 characters", () => {
    const ok = adjustStockSchema.parse({
      varianteId: V,
      unidadeId: A,
      emMaos: " 0 ",
      motivo: " Contagem ",
    });
    expect(ok).toEqual({ varianteId: V, unidadeId: A, emMaos: 0, motivo: "Contagem" });
    const bad = adjustStockSchema.safeParse({
      varianteId: V,
      unidadeId: A,
      emMaos: "2.5",
      motivo: "ok",
    });
    expect(bad.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["emMaos", "Use um número inteiro, sem vírgula nem sinal"],
      ["motivo", "Informe o motivo (de 3 a 200 caracteres)"],
    ]);
    expect(
      adjustStockSchema.safeParse({ varianteId: V, unidadeId: A, emMaos: "1000001", motivo: "abc" })
        .error!.issues[0]!.message,
    ).toBe("Use no máximo 1.000.000");
  });

  it("transferência: at least 1, two different units, the reason optional", () => {
    const base = { varianteId: V, de: A, para: B, quantidade: "3" };
    expect(transferStockSchema.parse(base)).toEqual({ ...base, quantidade: 3, motivo: null });
    expect(transferStockSchema.parse({ ...base, motivo: "   " }).motivo).toBeNull();
    expect(transferStockSchema.parse({ ...base, motivo: " Reposição " }).motivo).toBe("Reposição");
    expect(transferStockSchema.safeParse({ ...base, motivo: "ab" }).success).toBe(false);
    expect(transferStockSchema.safeParse({ ...base, quantidade: "0" }).success).toBe(false);
    const same = transferStockSchema.safeParse({ ...base, para: A });
    expect(same.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["para", "Escolha uma unidade de destino diferente da origem"],
    ]);
  });

  it("mínimo: 0 (none) up to 1.000.000", () => {
    expect(minimumSchema.parse({ varianteId: V, unidadeId: A, minimo: "0" }).minimo).toBe(0);
    expect(minimumSchema.safeParse({ varianteId: V, unidadeId: A, minimo: "-3" }).success).toBe(
      false,
    );
  });

  it("reads the screen's query leniently", () => {
    const url = (q: string) => new URL(`http://x/admin/estoque?${q}`);
    expect(parseStockQuery(url(`q=+Ração+&unidade=${A}&abaixo=1&pagina=3`))).toEqual({
      q: "Ração",
      unidadeId: A,
      abaixoDoMinimo: true,
      page: 3,
    });
    expect(parseStockQuery(url("q=ra%00cao")).q).toBe("ra cao");
    expect(parseStockQuery(url("unidade=x&abaixo=sim&pagina=0"))).toEqual({
      q: "",
      unidadeId: undefined,
      abaixoDoMinimo: false,
      page: 1,
    });
    // The keyset's cursors travel as they came; "depois" wins when both are there.
    expect(parseStockQuery(url("pagina=2&depois=abc&antes=def"))).toMatchObject({
      depois: "abc",
      antes: undefined,
    });
    expect(parseStockQuery(url("pagina=2&antes=def"))).toMatchObject({ antes: "def" });
  });
});
