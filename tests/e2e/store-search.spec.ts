// The store's search on a phone (issue 25, points 1 to 3): suggestions while typing with a
// typo, picked by touch and by keyboard, and a listing narrowed by "retire hoje", sorted by
// price, down to the product. /loja stays without the framework's runtime.
import {
  expect,
  expectNoSeriousA11yViolations,
  frameworkScripts,
  type Page,
  test,
} from "./fixtures";

test.use({ viewport: { width: 360, height: 740 }, hasTouch: true });

const BRAVECTO = "Antipulgas Bravecto Cães de 10 a 20 kg";
const GOLDEN = "Ração Golden Special Cães Adultos Frango e Carne 15 kg";

/** The card prices of the listing, in centavos, in the order shown. */
async function cardPrices(page: Page): Promise<number[]> {
  const texts = await page
    .getByRole("list", { name: "Produtos" })
    .getByRole("listitem")
    .evaluateAll((cards) =>
      cards.map((card) => /R\$\s?([\d.]+,\d{2})/.exec(card.textContent ?? "")?.[1] ?? ""),
    );
  return texts.map((t) => Math.round(Number(t.replace(/\./g, "").replace(",", ".")) * 100));
}

test("suggestions while typing: a typo still suggests the product, picked by touch and by keyboard", async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "script") scripts.push(r.url());
  });
  await page.goto("/loja");
  const search = page.getByRole("combobox", { name: "Buscar produtos" });
  await expect(search).toHaveAttribute("aria-expanded", "false");
  await search.pressSequentially("bravekt", { delay: 40 });
  const list = page.getByRole("listbox", { name: "Sugestões de busca" });
  await expect(list).toBeVisible();
  await expect(search).toHaveAttribute("aria-expanded", "true");
  const option = list.getByRole("option", { name: new RegExp(BRAVECTO) });
  await expect(option).toBeVisible();
  await expect(option).toContainText("R$");
  // At 360 px nothing spills sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousA11yViolations(page);
  await option.tap();
  await expect(page.getByRole("heading", { level: 1, name: BRAVECTO })).toBeVisible();
  expect(frameworkScripts(scripts)).toEqual([]);

  // By keyboard: arrows move the active option, Escape closes, Enter opens the product.
  await page.goto("/loja");
  await search.fill("racao gol");
  await expect(list.getByRole("option").first()).toContainText(GOLDEN);
  await search.press("ArrowDown");
  const first = list.getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  await expect(search).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id"))!);
  await search.press("Escape");
  await expect(list).toBeHidden();
  await expect(search).toHaveAttribute("aria-expanded", "false");
  await search.press("ArrowDown");
  await expect(list).toBeVisible();
  await search.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: GOLDEN })).toBeVisible();
});

test("offline, the search field still types and searches without suggestions", async ({
  page,
  context,
}) => {
  await page.goto("/loja");
  await context.setOffline(true);
  const search = page.getByRole("combobox", { name: "Buscar produtos" });
  await search.pressSequentially("racao", { delay: 20 });
  await expect(search).toHaveValue("racao");
  await page.waitForTimeout(500);
  await expect(page.getByRole("listbox", { name: "Sugestões de busca" })).toBeHidden();
  await context.setOffline(false);
  await search.press("Enter");
  await expect(page).toHaveURL(/\/loja\?q=racao/);
});

test("a listing: search, 'retire hoje' at a unit, cheapest first, then the product", async ({
  page,
}) => {
  await page.goto("/loja");
  const search = page.getByRole("combobox", { name: "Buscar produtos" });
  await search.fill("racao");
  // Enter with no suggestion chosen searches.
  await search.press("Enter");
  await expect(page).toHaveURL(/\/loja\?q=racao$/);
  await page.getByText("Filtrar", { exact: true }).click();
  await page.getByRole("link", { name: /^Retire hoje na Unidade Meia Praia/ }).click();
  await expect(page).toHaveURL(/unidade=meia-praia/);
  await expect(page.getByRole("list", { name: "Filtros aplicados" })).toContainText("Retire hoje");
  await page.getByLabel("Ordenar por").selectOption({ label: "Menor preço" });
  await expect(page).toHaveURL(/ordem=menor-preco/);
  await expect(page).toHaveURL(/unidade=meia-praia/);
  await expect(page).toHaveURL(/q=racao/);
  const prices = await cardPrices(page);
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
  const firstCard = page.getByRole("list", { name: "Produtos" }).getByRole("listitem").first();
  const name = (await firstCard
    .getByRole("link", { name: /^Ver detalhes de / })
    .getAttribute("aria-label"))!.replace(/^Ver detalhes de /, "");
  await firstCard.getByRole("link", { name: /^Ver detalhes de / }).click();
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
});

test("a barcode typed whole opens its product", async ({ page }) => {
  await page.goto("/loja?q=RAC-QUAT-AD-15");
  await expect(page).toHaveURL(/\/loja\/produto\/[0-9a-f-]+\?v=RAC-QUAT-AD-15$/);
  await expect(
    page.getByRole("heading", {
      level: 1,
      name: "Ração Quatree Supreme Cães Adultos Raças Médias e Grandes",
    }),
  ).toBeVisible();
});
