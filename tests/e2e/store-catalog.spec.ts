import { adminCreatesProduct, expect, expectNoSeriousA11yViolations, test } from "./fixtures";

test.describe("store catalogue", () => {
  test("renders on the server with active, in-stock products only", async ({ request }) => {
    const html = await (await request.get("/loja")).text();
    expect(html).toContain("Ração Golden Special Cães Adultos Frango e Carne 15 kg");
    expect(html).not.toContain("Coleira Antipulgas Seresto"); // inactive
    expect(html).not.toContain("Corda Mordedor de Algodão"); // no stock
    expect(html).toContain("Voltar ao site");
    // The settings shortcut is for admins only.
    expect(html).not.toContain("Configurações da loja");
  });

  test("a card's icons (no picture, Adicionar) are uses of symbols drawn once in the page, at their size", async ({
    page,
  }) => {
    const { tag, nome } = await adminCreatesProduct(page, "Sem Foto", {
      preco: "12,00",
      estoque: "3",
    });
    await page.goto(`/loja?q=${tag}`);
    const card = page.getByRole("list", { name: "Produtos" }).getByRole("listitem").first();
    await expect(card).toContainText(nome);
    for (const [icon, size] of [
      // The picture link is hidden from screen readers (the name link says the same).
      [card.getByRole("img", { includeHidden: true }).locator("svg"), 48],
      [card.getByRole("button", { name: `Adicionar ${nome} ao carrinho` }).locator("svg"), 16],
    ] as const) {
      const target = await icon.locator("use").getAttribute("href");
      expect(target).toMatch(/^#icone-cartao-/);
      await expect(page.locator(`symbol${target}`)).toHaveCount(1);
      expect(await icon.boundingBox()).toMatchObject({ width: size, height: size });
    }
  });

  test("search and category filter live in the URL and survive a reload", async ({ page }) => {
    await page.goto("/loja");
    await expectNoSeriousA11yViolations(page);
    const products = page.getByRole("list", { name: "Produtos" }).getByRole("listitem");

    await page.getByRole("combobox", { name: "Buscar produtos" }).fill("RACAO");
    await page.getByRole("button", { name: "Buscar" }).click();
    await expect(page).toHaveURL(/\?q=RACAO/);
    await expect(products.first()).toBeVisible();
    for (const name of await products.getByRole("heading").allInnerTexts()) {
      expect(name.toLowerCase()).toContain("ração");
    }

    // The filters: plain links, each with its count, open on a desktop (decision 0052).
    await page.getByRole("link", { name: /^Agropecuária \(1\)$/ }).click();
    await expect(page).toHaveURL(/categoria=agropecuaria/);
    await expect(page).toHaveURL(/q=RACAO/);
    await expect(products).toHaveCount(1);
    await expect(products.first()).toContainText("Ração para Galinhas Poedeiras 20 kg");

    await page.reload();
    await expect(page.getByRole("combobox", { name: "Buscar produtos" })).toHaveValue("RACAO");
    await expect(page.getByRole("list", { name: "Filtros aplicados" })).toContainText(
      "Agropecuária",
    );
    await expect(products).toHaveCount(1);

    await page.getByRole("link", { name: "Limpar filtros" }).click();
    await expect(page).toHaveURL(/\/loja$/);
    await expect(products.nth(5)).toBeVisible();
  });

  test("product page: badges, stepper bounded by stock, line total, JSON-LD", async ({ page }) => {
    await page.goto("/loja?q=pedigree");
    await page
      .getByRole("link", { name: "Ver detalhes de Ração Pedigree Filhotes Carne e Leite 3 kg" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(
      "Ração Pedigree Filhotes Carne e Leite 3 kg",
    );
    await expect(page.getByText("Código (SKU): RAC-PEDI-FI3")).toBeVisible();
    await expect(page.getByText("Últimas unidades", { exact: true })).toBeVisible();
    await expect(page.getByText("-8%")).toBeVisible(); // 59,90 -> 54,90
    await expect(page.getByText("Economize R$ 5,00 (8%)")).toBeVisible();

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}",
    );
    expect(jsonLd).toMatchObject({
      "@type": "Product",
      name: "Ração Pedigree Filhotes Carne e Leite 3 kg",
      offers: { priceCurrency: "BRL", price: "54.90", availability: "https://schema.org/InStock" },
    });
    const img = page.getByRole("img", { name: "Ração Pedigree Filhotes Carne e Leite 3 kg" });
    await expect(img).toHaveAttribute(
      "srcset",
      /-200\.webp 200w, .*-400\.webp 400w, .*-800\.webp 800w/,
    );
    await expect(img).toHaveAttribute("width", "400");

    const more = page.getByRole("button", { name: "Aumentar quantidade" });
    await expect(
      page.getByRole("button", { name: /Adicionar ao carrinho - R\$ 54,90/ }),
    ).toBeEnabled();
    await more.click();
    await more.click();
    await expect(page.getByTestId("quantidade")).toHaveText("3");
    await expect(more).toBeDisabled(); // stock 3
    await expect(
      page.getByRole("button", { name: "Adicionar ao carrinho - R$ 164,70" }),
    ).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test("an unknown product goes back to /loja with 'Produto não disponível'", async ({ page }) => {
    await page.goto("/loja/produto/00000000-0000-4000-8000-000000000000");
    await expect(page).toHaveURL(/\/loja$/);
    await expect(page.getByText("Produto não disponível")).toBeVisible();
  });

  test("store pages hydrate without errors, with a stored cart too", async ({ page }) => {
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    await page.goto("/loja?q=sanol");
    await page.getByRole("button", { name: /^Adicionar Shampoo Neutro/ }).click();
    for (const path of ["/loja", "/loja/carrinho", "/loja/checkout"]) {
      await page.goto(path);
      await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 1 item");
    }
    await page.goto("/loja/carrinho");
    await expect(page.getByTestId("summary-total")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/loja/checkout");
    await expect(page.getByTestId("summary-total")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await page.goto("/loja/carrinho");
    await page.getByRole("button", { name: "Limpar carrinho" }).click();
    expect(errors).toEqual([]);
  });
});
