// Goods received from a supplier's NF-e (issue 44 point 2, decision 0084), on a 360 px phone
// whose scripts did not load (plain forms): the product page says "Retire hoje na Unidade Meia
// Praia · 15 un."; a gerente of Meia Praia uploads the supplier's XML under Entrada de
// mercadoria, sees the bags matched by their GTIN and an unknown item to map, maps it by SKU,
// confirms, and the product page's count rises to 35. Its own server, so the unit's CNPJ, the
// products and the person are written in its database before it starts.
import type { Page } from "@playwright/test";
import { runSql } from "~/platform/db/client.server";
import { notaXml } from "../support/nota-fiscal";
import { startSeededServer } from "../support/own-server";
import { expect, expectNoSideScroll, phone, test } from "./fixtures";
import { GIL, ownShop, seedShelf, seedStaff, whileServing } from "./own-shop";

const { port: PORT, base: BASE, signIn: staffSignIn } = ownShop(53);
const PHONE = phone(360);
const UNIDADE = { cnpj: "27865431000177", nome: "Agropet Litoral Ltda" };
const FORNECEDOR = { cnpj: "03847655000198", nome: "Distribuidora Pet Sul Ltda" };
const RACAO = "Ração Entrada Adulto 15 kg";
const PETISCO = "Petisco Entrada Bifinho 60 g";

const signIn = (page: Page, redirectTo: string) => staffSignIn(page, GIL.email, redirectTo);

test("a gerente receives a supplier's NF-e on a phone and the product page's pick-up count rises", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { server, seeded: racaoId } = await startSeededServer(PORT, "entrada-nfe", async (db) => {
    const [meiaPraia] = await runSql<{ id: string }>(
      db,
      "update unidades set cnpj = $1, retirada_ativa = true where slug = 'meia-praia' returning id",
      [UNIDADE.cnpj],
    );
    await seedStaff(db, { ...GIL, unidades: [meiaPraia!.id] });
    const [racao] = await seedShelf(db, meiaPraia!.id, "Rações", [
      { nome: RACAO, sku: "REA-15", ean: "7891000100103", preco: "159.90", emMaos: 15 },
      { nome: PETISCO, sku: "PEB-60", preco: "159.90", emMaos: 0 },
    ]);
    return racao!;
  });
  const { xml } = notaXml({
    numero: 4512,
    emitente: FORNECEDOR,
    destinatario: UNIDADE,
    itens: [
      {
        codigo: "101",
        descricao: "RACAO ENTRADA AD 15KG",
        gtin: "7891000100103",
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
  await whileServing(server, async () => {
    const shopper = await browser.newContext(PHONE);
    const store = await shopper.newPage();
    await store.goto(`${BASE}/loja/produto/${racaoId}`);
    await expect(store.getByText("Retire hoje na Unidade Meia Praia · 15 un.")).toBeVisible();

    const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false });
    const gil = await context.newPage();
    await signIn(gil, "/admin/estoque");
    await gil.getByRole("link", { name: "Entrada de mercadoria" }).click();
    await expect(gil.getByRole("heading", { name: "Entrada de mercadoria" })).toBeVisible();
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
    await gil.goto(`${BASE}/admin/estoque/${racaoId}`);
    await expect(gil.getByText("Entrada NF 4512 — Distribuidora Pet Sul Ltda")).toBeVisible();

    await store.reload();
    await expect(store.getByText("Retire hoje na Unidade Meia Praia · 35 un.")).toBeVisible();
    await context.close();
    await shopper.close();
  });
});
