// Counter sales from the point of sale's NFC-e (issue 44 point 3, decision 0089), on a 360 px
// phone whose scripts did not load (plain forms): the product page says "Retire hoje na
// Unidade Meia Praia · 15 un."; a gerente of Meia Praia uploads the counter's NFC-e of the day
// under Vendas do balcão (two bags by their GTIN, and a treat the shop's code map does not know
// yet), maps the treat by SKU, and the product page's count falls to 12 while the dashboard
// shows "Balcão" beside "Loja online". Its own server, so the unit's CNPJ, the products and
// the person are written in its database before it starts.
import { cancelamentoXml, GTIN_RACAO, MEIA_PRAIA, notaXml } from "../support/nota-fiscal";
import { fiscalShop, storeAndStockPhones } from "./fiscal-shop";
import { expect, expectNoSideScroll, test } from "./fixtures";
import { whileServing } from "./own-shop";

test("a gerente imports the counter's NFC-e of the day on a phone: the pick-up count falls and the dashboard shows Balcão", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const produto = { preco: "159.90", custoMedio: "110.00" };
  const shop = await fiscalShop(57, "balcao-nfce", [
    { ...produto, nome: "Ração Balcão Adulto 15 kg", sku: "RBA-15", ean: GTIN_RACAO, emMaos: 15 },
    { ...produto, nome: "Petisco Balcão Bifinho 60 g", sku: "PBB-60", emMaos: 30 },
  ]);
  // Today's notes: 2 bags, then 1 bag and 4 treats (code 5501, unknown), then 1 bag cancelled.
  const at = new Date(Date.now() - 60 * 60_000);
  const bag = (quantidade: number) => ({
    codigo: "101",
    descricao: "RACAO BALCAO AD 15KG",
    gtin: GTIN_RACAO,
    quantidade,
    valorUnitario: 15990,
  });
  const nfce = (numero: number, itens: Parameters<typeof notaXml>[0]["itens"]) =>
    notaXml({
      modelo: "65",
      numero,
      emitente: MEIA_PRAIA,
      destinatario: null,
      emitidaEm: new Date(at.getTime() + numero * 1000),
      itens,
    });
  const a = nfce(881, [bag(2)]);
  const b = nfce(882, [
    bag(1),
    { codigo: "5501", descricao: "BIFINHO 60G", quantidade: 4, valorUnitario: 990 },
  ]);
  const c = nfce(883, [bag(1)]);
  await whileServing(shop.server, async () => {
    const { shopper, store, context, gil } = await storeAndStockPhones(
      browser,
      shop,
      "Vendas do balcão",
    );
    await gil.getByLabel("Arquivos XML ou ZIP").setInputFiles([
      { name: "NFCe881.xml", mimeType: "text/xml", buffer: Buffer.from(a.xml) },
      { name: "NFCe882.xml", mimeType: "text/xml", buffer: Buffer.from(b.xml) },
      { name: "NFCe883.xml", mimeType: "text/xml", buffer: Buffer.from(c.xml) },
      {
        name: "NFCe883-canc.xml",
        mimeType: "text/xml",
        buffer: Buffer.from(cancelamentoXml(c.chave, MEIA_PRAIA.cnpj, new Date())),
      },
    ]);
    await gil.getByRole("button", { name: "Lançar vendas" }).click();
    const result = gil.getByTestId("resultado-balcao");
    await expect(result).toContainText("3 vendas lançadas");
    await expect(result).toContainText("1 cancelamento devolvido");
    await expect(result).toContainText("1 item espera associação");
    await expectNoSideScroll(gil);

    // 15 − 2 − 1 − 1 + 1 (cancelled) = 12 at the counter's unit.
    await store.reload();
    await expect(store.getByText("Retire hoje na Unidade Meia Praia · 12 un.")).toBeVisible();

    // The treat waits; mapped once by its SKU.
    const waiting = gil.getByTestId("pendentes");
    await expect(waiting).toContainText("BIFINHO 60G");
    await waiting.getByLabel("Variação (SKU, EAN ou nome)").fill("PBB-60");
    await waiting.getByRole("button", { name: "Associar e baixar BIFINHO 60G" }).click();
    await expect(gil.getByText("Nenhum item esperando.")).toBeVisible();
    await expectNoSideScroll(gil);

    // The same files again change nothing.
    await gil
      .getByLabel("Arquivos XML ou ZIP")
      .setInputFiles([{ name: "NFCe881.xml", mimeType: "text/xml", buffer: Buffer.from(a.xml) }]);
    await gil.getByRole("button", { name: "Lançar vendas" }).click();
    await expect(gil.getByTestId("repetidos")).toContainText("A NFC-e 881 já foi lançada em");
    await store.reload();
    await expect(store.getByText("Retire hoje na Unidade Meia Praia · 12 un.")).toBeVisible();

    // The dashboard: Balcão beside Loja online, 3 bags at R$ 159,90 + 4 treats at R$ 9,90.
    await gil.goto(`${shop.base}/admin/dashboard`);
    const canais = gil.getByTestId("canais-por-unidade");
    await expect(canais).toContainText("Loja online (0)");
    await expect(canais).toContainText("Balcão (2)");
    await expect(canais.locator('[data-col="balcao"]')).toHaveText("R$ 519,30");
    await expectNoSideScroll(gil);
    await context.close();
    await shopper.close();
  });
});
