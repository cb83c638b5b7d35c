// /loja on a laptop or desktop (issue 39, point 13): the filters are open beside the products,
// so the listing has no empty column, and each card's "Adicionar" stays inside its card at
// every common width. Measured in a real Chromium, without JavaScript (the page as the
// shared cache serves it) and with it.
import { expect, type Page, test } from "./fixtures";

/** The boxes of each card and of its "Adicionar" button. */
async function addButtonBoxes(page: Page) {
  const cards = page.getByRole("list", { name: "Produtos" }).getByRole("listitem");
  const out: { card: DOMRect; button: DOMRect; clipped: boolean }[] = [];
  for (const card of await cards.all()) {
    const button = card.getByRole("button", { name: /^Adicionar / });
    if ((await button.count()) === 0) continue;
    out.push(
      await button.evaluate((el) => ({
        card: el.closest("li")!.getBoundingClientRect().toJSON(),
        button: el.getBoundingClientRect().toJSON(),
        clipped: el.scrollWidth > el.clientWidth,
      })),
    );
  }
  return out;
}

for (const javaScriptEnabled of [false, true]) {
  test(`at 1,280 px the filters are open beside the products, no empty column (${javaScriptEnabled ? "with" : "without"} JavaScript)`, async ({
    browser,
  }) => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      javaScriptEnabled,
    });
    const page = await context.newPage();
    await page.goto("/loja");
    const filters = page.getByTestId("filtros");
    // The facets themselves are visible, not just the "Filtrar" heading.
    await expect(filters.getByText("Categoria", { exact: true })).toBeVisible();
    await expect(filters.getByRole("link").first()).toBeVisible();
    await expect(filters.getByText("Ofertas e estoque")).toBeVisible();
    const filterBox = (await filters.boundingBox())!;
    // The filter column holds its facets (taller than a lone summary line).
    expect(filterBox.height).toBeGreaterThan(200);
    // The products sit to the right of the filters, and the first row of the grid is full.
    const grid = page.getByRole("list", { name: "Produtos" });
    const gridBox = (await grid.boundingBox())!;
    expect(gridBox.x).toBeGreaterThanOrEqual(filterBox.x + filterBox.width);
    const columns = await grid.evaluate(
      (el) => getComputedStyle(el).gridTemplateColumns.split(" ").length,
    );
    const tops = await grid
      .getByRole("listitem")
      .evaluateAll((items) => items.map((li) => Math.round(li.getBoundingClientRect().top)));
    expect(tops.length).toBeGreaterThanOrEqual(columns);
    expect(tops.filter((top) => top === tops[0]).length).toBe(columns);
    await context.close();
  });
}

for (const width of [1024, 1280, 1440]) {
  test(`at ${width.toLocaleString("pt-BR")} px each card's "Adicionar" fits inside the card`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto("/loja");
    const boxes = await addButtonBoxes(page);
    expect(boxes.length).toBeGreaterThan(0);
    for (const { card, button, clipped } of boxes) {
      expect(button.left).toBeGreaterThanOrEqual(card.left);
      expect(button.right).toBeLessThanOrEqual(card.right);
      expect(button.bottom).toBeLessThanOrEqual(card.bottom);
      expect(clipped).toBe(false);
    }
    await context.close();
  });
}
