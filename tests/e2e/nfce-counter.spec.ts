// Counter sales from the point of sale's NFC-e (issue 44 point 3, decision 0089), on a 360 px
// phone whose scripts did not load (plain forms): the product page says "Retire hoje na
// Unidade Meia Praia · 15 un."; a gerente of Meia Praia uploads the counter's NFC-e of the day
// under Vendas do balcão (two bags by their GTIN, and a treat the shop's code map does not know
// yet), maps the treat by SKU, and the product page's count falls to 12 while the dashboard
// shows "Balcão" beside "Loja online". Its own server, so the unit's CNPJ, the products and
// the person are written in its database before it starts.
import type { Page } from "@playwright/test";
import { createUser } from "~/modules/accounts/index.server";
import { productSearchText } from "~/modules/catalog";
import { runSql } from "~/platform/db/client.server";
import { cancelamentoXml, notaXml } from "../support/nota-fiscal";
import { startSeededServer } from "../support/own-server";
import { expect, expectNoSideScroll, phone, signInAs, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT || 3100) + 57;
const BASE = `http://127.0.0.1:${PORT}`;
const PASSWORD = "Quati-Aveia-Moinho-35";
const PHONE = phone(360);
const UNIDADE = { cnpj: "27865431000177", nome: "Agropet Litoral Ltda" };
const RACAO = "Ração Balcão Adulto 15 kg";
const PETISCO = "Petisco Balcão Bifinho 60 g";

const signIn = (page: Page, redirectTo: string) =>
  signInAs(page, { email: "gil@agropet.test", password: PASSWORD }, redirectTo, BASE);

test("a gerente imports the counter's NFC-e of the day on a phone: the pick-up count falls and the dashboard shows Balcão", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { server, seeded: racaoId } = await startSeededServer(PORT, "balcao-nfce", async (db) => {
    const [meiaPraia] = await runSql<{ id: string }>(
      db,
      "update unidades set cnpj = $1, retirada_ativa = true where slug = 'meia-praia' returning id",
      [UNIDADE.cnpj],
    );
    const [categoria] = await runSql<{ id: string }>(
      db,
      "insert into categorias (nome) values ('Rações') returning id",
      [],
    );
    const product = async (nome: string, sku: string, ean: string | null, emMaos: number) => {
      const [p] = await runSql<{ id: string }>(
        db,
        "insert into produtos (nome, categoria_id, busca) values ($1, $2, $3) returning id",
        [nome, categoria!.id, productSearchText({ nome })],
      );
      await runSql(
        db,
        `insert into variantes (id, produto_id, sku, ean, rotulo, preco, custo_medio)
         values ($1, $1, $2, $3, '', '159.90', '110.00')`,
        [p!.id, sku, ean],
      );
      await runSql(
        db,
        "insert into estoque (variante_id, unidade_id, em_maos) values ($1, $2, $3)",
        [p!.id, meiaPraia!.id, emMaos],
      );
      return p!.id;
    };
    const racao = await product(RACAO, "RBA-15", "7891000100103", 15);
    await product(PETISCO, "PBB-60", null, 30);
    await createUser(
      {
        email: "gil@agropet.test",
        password: PASSWORD,
        papel: "gerente",
        nome: "Gil",
        todasUnidades: false,
        unidadeIds: [meiaPraia!.id],
      },
      db,
    );
    return racao;
  });
  // Today's notes: 2 bags, then 1 bag and 4 treats (code 5501, unknown), then 1 bag cancelled.
  const at = new Date(Date.now() - 60 * 60_000);
  const bag = (quantidade: number) => ({
    codigo: "101",
    descricao: "RACAO BALCAO AD 15KG",
    gtin: "7891000100103",
    quantidade,
    valorUnitario: 15990,
  });
  const nfce = (numero: number, itens: Parameters<typeof notaXml>[0]["itens"]) =>
    notaXml({
      modelo: "65",
      numero,
      emitente: UNIDADE,
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
  try {
    await server.ready();
    const shopper = await browser.newContext(PHONE);
    const store = await shopper.newPage();
    await store.goto(`${BASE}/loja/produto/${racaoId}`);
    await expect(store.getByText("Retire hoje na Unidade Meia Praia · 15 un.")).toBeVisible();

    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const gil = await context.newPage();
    await signIn(gil, "/admin/estoque");
    await gil.getByRole("link", { name: "Vendas do balcão" }).click();
    await expect(gil.getByRole("heading", { name: "Vendas do balcão" })).toBeVisible();
    await gil.getByLabel("Arquivos XML ou ZIP").setInputFiles([
      { name: "NFCe881.xml", mimeType: "text/xml", buffer: Buffer.from(a.xml) },
      { name: "NFCe882.xml", mimeType: "text/xml", buffer: Buffer.from(b.xml) },
      { name: "NFCe883.xml", mimeType: "text/xml", buffer: Buffer.from(c.xml) },
      {
        name: "NFCe883-canc.xml",
        mimeType: "text/xml",
        buffer: Buffer.from(cancelamentoXml(c.chave, UNIDADE.cnpj, new Date())),
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
    await gil.goto(`${BASE}/admin/dashboard`);
    const canais = gil.getByTestId("canais-por-unidade");
    await expect(canais).toContainText("Loja online (0)");
    await expect(canais).toContainText("Balcão (2)");
    await expect(canais.locator('[data-col="balcao"]')).toHaveText("R$ 519,30");
    await expectNoSideScroll(gil);
    await context.close();
    await shopper.close();
  } finally {
    await server.stop();
  }
});
