// The day close on a phone (issue 43 point 4, decision 0079): a pick-up order paid in cash at
// the counter (the hand-over asks how it was paid) shows in that unit's "Fechamento do dia"
// under Dinheiro, with the change, and the cash expected in the drawer grows by its amount;
// the print view (A4 and the 80 mm receipt) renders it and says it is not a fiscal document.
// Other specs share the server's database, so the figures are compared before and after.
import type { Page } from "@playwright/test";
import { centavos, handOverInCash, openDayClose, placePickupOrder } from "../support/payments-e2e";
import {
  createProductInAdmin,
  expect,
  expectNoSeriousA11yViolations,
  loginAsAdmin,
  MEIA_PRAIA,
  test,
  unique,
} from "./fixtures";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const openClose = (page: Page) => openDayClose(page, MEIA_PRAIA);

test("a pick-up order paid in cash at the counter shows in the day close under Dinheiro, and prints", async ({
  page,
}) => {
  test.setTimeout(150_000);
  const nome = unique("Ração Fechamento");

  await loginAsAdmin(page, "/admin/loja?view=produtos");
  await createProductInAdmin(page, { nome, preco: "47,50", estoque: "5" });
  const before = await openClose(page);

  // --- Customer: pick-up at the unit, paid at the counter ---
  await page.goto(`/loja?q=${encodeURIComponent(nome)}`);
  await page
    .getByRole("link", { name: `Ver detalhes de ${nome}` })
    .first()
    .click();
  await page.getByRole("button", { name: /^Adicionar ao carrinho/ }).click();
  await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 1 item");
  const { numero, codigo } = await placePickupOrder(page, MEIA_PRAIA, "R$ 47,50");

  // --- Counter: ready, then handed over paid in cash, R$ 50,00 handed over ---
  await handOverInCash(page, numero, codigo, "50,00");

  // --- The day close: under Dinheiro, the drawer expects R$ 47,50 more, R$ 2,50 of change ---
  const after = await openClose(page);
  expect(after.dinheiro - before.dinheiro).toBe(4750);
  expect(after.gaveta - before.gaveta).toBe(4750);
  expect(after.troco - before.troco).toBe(250);
  const entry = page.getByTestId("fechamento-entrada").filter({ hasText: numero });
  await expect(entry).toContainText(`Dinheiro · ${numero}`);
  await expect(entry).toContainText("recebido R$ 50,00 · troco R$ 2,50");
  await expect(page.getByTestId("nao-fiscal")).toHaveText("Não é documento fiscal");
  // Nothing wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);

  // --- The print view: the 80 mm receipt and the A4 sheet ---
  await page.getByRole("link", { name: "Cupom 80 mm" }).click();
  const sheet = page.getByTestId("print-sheet");
  await expect(sheet).toHaveClass(/print-sheet-80mm/);
  await expect(sheet).toContainText("Não é documento fiscal");
  await expect(sheet.getByTestId("fechamento-entrada").filter({ hasText: numero })).toBeVisible();
  expect(centavos((await sheet.getByTestId("gaveta-esperado").textContent()) ?? "")).toBe(
    after.gaveta,
  );
  await page.emulateMedia({ media: "print" });
  await expect(page.getByTestId("print-toolbar")).toBeHidden();
  await page.emulateMedia({ media: "screen" });
  await page.getByRole("link", { name: "A4" }).click();
  await expect(sheet).toHaveClass(/print-sheet-a4/);
  await expect(sheet).toContainText(numero);
});
