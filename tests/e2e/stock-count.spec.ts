// A stock count with a phone as scanner (issue 44 point 4, decision 0085), on a 360 px phone:
// a gerente of Meia Praia opens a blind count of one shelf (a category), types the EANs into
// the scan field as a USB scanner would (code, Enter), is told clearly of an unknown code,
// undoes a reading, sees the differences and applies them; the stock screen then shows the
// counted numbers, and the variant's history the 'Contagem' movement. Its own server, so the
// shelf and the person are written in its database before it starts.
import type { Page } from "@playwright/test";
import { startSeededServer } from "../support/own-server";
import { expect, expectNoSeriousA11yViolations, expectNoSideScroll, phone, test } from "./fixtures";
import { GIL, ownShop, seedShelf, seedStaff, unitId, whileServing } from "./own-shop";

const { port: PORT, base: BASE, signIn } = ownShop(53);
const PHONE = phone(360);

/** The shelf: name, SKU, EAN, units in hand by the ledger, price. */
const SHELF = [
  {
    nome: "Ração Prateleira Adulto 15 kg",
    sku: "RPA-15",
    ean: "7891000100015",
    emMaos: 10,
    preco: "99.90",
  },
  {
    nome: "Ração Prateleira Filhote 3 kg",
    sku: "RPF-3",
    ean: "7891000100022",
    emMaos: 4,
    preco: "99.90",
  },
  {
    nome: "Ração Prateleira Sênior 10 kg",
    sku: "RPS-10",
    ean: "7891000100039",
    emMaos: 6,
    preco: "99.90",
  },
] as const;

async function readCode(page: Page, code: string, quantidade = "1") {
  const field = page.getByLabel("Código de barras ou SKU");
  await expect(field).toBeFocused();
  await page.getByLabel("Quantidade").fill(quantidade);
  await field.fill(code);
  await field.press("Enter");
}

test("a gerente counts a shelf by typing EANs into the scan field and applies the differences", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { server, seeded: ids } = await startSeededServer(PORT, "contagem", async (db) => {
    const meiaPraia = await unitId(db, "meia-praia");
    await seedStaff(db, { ...GIL, unidades: [meiaPraia] });
    return seedShelf(db, meiaPraia, "Prateleira das rações", SHELF);
  });
  await whileServing(server, async () => {
    const context = await browser.newContext(PHONE);
    const page = await context.newPage();
    await signIn(page, GIL.email, "/admin/estoque");
    await page.getByRole("link", { name: "Contagens" }).click();
    await expect(page.getByRole("heading", { name: "Contagens de estoque" })).toBeVisible();
    await expectNoSideScroll(page);
    await expectNoSeriousA11yViolations(page);

    // Open a blind count of the shelf's category.
    await page.getByLabel("O que contar").selectOption("categoria");
    await page.getByLabel("Categoria", { exact: true }).selectOption({
      label: "Prateleira das rações",
    });
    await expect(page.getByLabel(/Contagem cega/)).toBeChecked();
    await page.getByRole("button", { name: "Abrir contagem" }).click();
    await expect(page.getByRole("heading", { name: /^Contagem [0-9A-F]{8}$/ })).toBeVisible();
    const last = page.getByTestId("ultima-leitura");

    // Adulto: 8 bags, one reading each (the scanner's way).
    for (let i = 1; i <= 8; i++) {
      await readCode(page, SHELF[0].ean);
      await expect(last).toContainText(`${i} ${i === 1 ? "contada" : "contadas"} nesta contagem`);
    }
    await expect(last).toContainText(`+1 ${SHELF[0].nome}`);
    // Blind: nothing says how many the ledger expects.
    await expect(page.getByText(/esperad/i)).toHaveCount(0);
    // An unknown code: a clear refusal, nothing counted.
    await readCode(page, "7890000000000");
    await expect(last).toContainText("Código 7890000000000 não encontrado");
    // Filhote by its SKU, 4 at once; Sênior by EAN, 7 at once.
    await readCode(page, SHELF[1].sku.toLowerCase(), "4");
    await expect(last).toContainText(`+4 ${SHELF[1].nome}`);
    await readCode(page, SHELF[2].ean, "7");
    await expect(last).toContainText(`+7 ${SHELF[2].nome}`);
    // One bag of Adulto read twice by mistake: read, then undone.
    await readCode(page, SHELF[0].ean);
    await expect(last).toContainText("9 contadas nesta contagem");
    await page.getByRole("button", { name: "Desfazer minha última leitura" }).click();
    await expect(last).toContainText("Leitura desfeita");
    await expect(page.getByRole("list").getByText(`+1 ${SHELF[0].nome}`)).toHaveCount(8);
    await expectNoSideScroll(page);
    await expectNoSeriousA11yViolations(page);

    // The differences: Adulto 8 of 10, Filhote 4 of 4, Sênior 7 of 6.
    await page.getByRole("link", { name: "Diferenças e aplicar" }).click();
    await expect(page.getByRole("heading", { name: /^Diferenças da contagem/ })).toBeVisible();
    const row = (nome: string) => page.getByTestId("diferenca").filter({ hasText: nome });
    await expect(row(SHELF[0].nome).getByRole("cell")).toHaveText(["8", "10", "-2", "—", "8"]);
    await expect(row(SHELF[1].nome).getByRole("cell")).toHaveText(["4", "4", "0", "—", "4"]);
    await expect(row(SHELF[2].nome).getByRole("cell")).toHaveText(["7", "6", "+1", "—", "7"]);
    await expectNoSeriousA11yViolations(page);
    await page.getByRole("button", { name: "Aplicar diferenças ao estoque" }).click();
    await expect(page.getByRole("status").getByText("Contagem aplicada")).toBeVisible();
    await expect(page.getByText("2 itens ajustados no estoque.")).toBeVisible();

    // The stock screen shows the counted numbers.
    for (const [i, emMaos] of [
      [0, "8"],
      [1, "4"],
      [2, "7"],
    ] as const) {
      await page.goto(`${BASE}/admin/estoque?q=${encodeURIComponent(SHELF[i].sku)}`);
      const unit = page.locator("li").filter({ hasText: "Unidade Meia Praia" }).first();
      await expect(unit.locator("dd").first()).toHaveText(emMaos);
    }
    await page.goto(`${BASE}/admin/estoque/${ids[0]}`);
    await expect(page.getByText("Contagem", { exact: true }).first()).toBeVisible();

    // The differences print on A4.
    const print = await context.newPage();
    await print.goto(`${BASE}/admin/estoque/contagens`);
    await print.getByRole("link", { name: "Diferenças", exact: true }).click();
    await print.getByRole("link", { name: "Imprimir diferenças" }).click();
    await expect(print.getByRole("heading", { name: /^Diferenças · Contagem/ })).toBeVisible();
    await context.close();
  });
});
