// A fiscal upload (entrada de mercadoria, vendas do balcão) sent without any file: refused
// with the screen's own message, nothing read or written.
import { describe, expect, it } from "vitest";
import { BALCAO_MOTIVOS, ENTRADA_MOTIVOS } from "~/modules/fiscal/index.server";
import { action as counterAction } from "~/routes/admin/estoque-balcao";
import { action as entryAction } from "~/routes/admin/estoque-entrada";
import { uploadFiscalFiles, withFiscalShop } from "../support/fiscal-shop";

const { shop } = withFiscalShop({ custo: 10000, custoMedio: 10000 });

describe("a fiscal upload without a file", () => {
  it.each([
    ["entrada", entryAction, "/admin/estoque/entrada", "preview", ENTRADA_MOTIVOS.nenhumArquivo],
    ["balcão", counterAction, "/admin/estoque/balcao", "importar", BALCAO_MOTIVOS.nenhumArquivo],
  ])("is refused on the %s screen with its message", async (_, action, path, intent, message) => {
    const res = await uploadFiscalFiles(action, path, intent, [], shop.dono);
    expect(res.status).toBe(400);
    expect(res.data).toEqual({ ok: false, intent, message });
  });
});
