// Goods received from a supplier's NF-e (issue 44 point 2, decision 0084), on a 360 px phone
// whose scripts did not load (plain forms): the product page says "Retire hoje na Unidade Meia
// Praia · 15 un."; a gerente of Meia Praia uploads the supplier's XML under Entrada de
// mercadoria, sees the bags matched by their GTIN and an unknown item to map, maps it by SKU,
// confirms, and the product page's count rises to 35. Its own server, so the unit's CNPJ, the
// products and the person are written in its database before it starts.
import { GTIN_RACAO, MEIA_PRAIA, notaXml } from "../support/nota-fiscal";
import { fiscalShop, storeAndStockPhones } from "./fiscal-shop";
import { expect, expectNoSideScroll, test } from "./fixtures";
import { whileServing } from "./own-shop";

const FORNECEDOR = { cnpj: "03847655000198", nome: "Distribuidora Pet Sul Ltda" };

test("a gerente receives a supplier's NF-e on a phone and the product page's pick-up count rises", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const shop = await fiscalShop(53, "entrada-nfe", [
    {
      nome: "Ração Entrada Adulto 15 kg",
      sku: "REA-15",
      ean: GTIN_RACAO,
      preco: "159.90",
      emMaos: 15,
    },
    { nome: "Petisco Entrada Bifinho 60 g", sku: "PEB-60", preco: "159.90", emMaos: 0 },
  ]);
  const { xml } = notaXml({
    numero: 4512,
    emitente: FORNECEDOR,
    destinatario: MEIA_PRAIA,
    itens: [
      {
        codigo: "101",
        descricao: "RACAO ENTRADA AD 15KG",
        gtin: GTIN_RACAO,
        quantidade: 20,
        valorUnitario: 13000,
      },
      {
        codigo: "550",
        descricao: "BIFINHO 60G CX10",
        unidade: "CX",
        quantidade: 2,
        valorUnitario: 4500,
      },
    ],
  });
  await whileServing(shop.server, async () => {
    const { shopper, store, context, gil } = await storeAndStockPhones(
      browser,
      shop,
      "Entrada de mercadoria",
    );
    await gil.getByLabel("Arquivos XML ou ZIP").setInputFiles({
      name: "NFe4512.xml",
      mimeType: "text/xml",
      buffer: Buffer.from(xml),
    });
    await gil.getByRole("button", { name: "Ver prévia" }).click();
    const note = gil.getByTestId("nota-4512");
    await expect(note.getByText("NF-e 4512 · Distribuidora Pet Sul Ltda")).toBeVisible();
    await expect(note.getByTestId("item-1")).toContainText("+20 un.");
    await expect(note.getByTestId("item-1")).toContainText("pelo GTIN");
    await expect(note.getByText("1 para associar", { exact: false })).toBeVisible();
    await expectNoSideScroll(gil);

    // The unknown box of 10 treats, mapped by SKU.
    await note.getByLabel("Variação (SKU, EAN ou nome)").fill("PEB-60");
    await note.getByLabel("Un. por CX").fill("10");
    await note.getByRole("button", { name: "Confirmar entrada da NF-e 4512" }).click();
    await expect(gil.getByTestId("entrada-confirmada")).toHaveText(
      "NF-e 4512 de Distribuidora Pet Sul Ltda recebida",
    );
    await expectNoSideScroll(gil);

    // The ledger names the note.
    await gil.goto(`${shop.base}/admin/estoque/${shop.produtoId}`);
    await expect(gil.getByText("Entrada NF 4512 — Distribuidora Pet Sul Ltda")).toBeVisible();

    await store.reload();
    await expect(store.getByText("Retire hoje na Unidade Meia Praia · 35 un.")).toBeVisible();
    await context.close();
    await shopper.close();
  });
});
