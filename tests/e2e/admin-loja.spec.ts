import {
  expect,
  expectNoSeriousA11yViolations,
  loginAsAdmin,
  pngPhoto,
  submitNewProduct,
  test,
  unique,
} from "./fixtures";

test.describe("admin store hub", () => {
  test.beforeEach(async ({ page }) => {
    await loginAsAdmin(page, "/admin/loja");
  });

  test("four views in the URL, 'Ver loja' in a new tab, no serious a11y violation", async ({
    page,
  }) => {
    await page.goto("/admin/loja");
    await expect(page.getByRole("heading", { name: "Loja Online", level: 1 })).toBeVisible();
    const verLoja = page.getByRole("link", { name: /Ver loja/ });
    await expect(verLoja).toHaveAttribute("href", "/loja");
    await expect(verLoja).toHaveAttribute("target", "_blank");
    await expectNoSeriousA11yViolations(page);
    for (const [name, view] of [
      ["Produtos", "produtos"],
      ["Pedidos", "pedidos"],
      ["Configurações", "configuracoes"],
    ] as const) {
      const nav = page.getByRole("navigation", { name: "Seções da loja" });
      await nav.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`view=${view}`));
      await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute(
        "aria-current",
        "page",
      );
      await expectNoSeriousA11yViolations(page);
    }
    // The rows' icons are uses of symbols drawn once in the page: each points at one that
    // exists, and draws at the button's icon size.
    await page.goto("/admin/loja?view=produtos");
    const row = page.getByRole("list", { name: "Produtos" }).getByRole("listitem").first();
    const editIcon = row.getByRole("button", { name: /Editar/ }).locator("svg");
    const target = await editIcon.locator("use").getAttribute("href");
    expect(target).toMatch(/^#icone-produto-/);
    await expect(page.locator(`symbol${target}`)).toHaveCount(1);
    expect(await editIcon.boundingBox()).toMatchObject({ width: 16, height: 16 });
    await page.goto("/admin/loja?view=configuracoes");
    // The view survives a reload.
    await page.reload();
    await expect(
      page
        .getByRole("navigation", { name: "Seções da loja" })
        .getByRole("link", { name: "Configurações" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("creates a product with an image after fixing validation errors, then edits and deletes it", async ({
    page,
  }) => {
    const nome = unique("Ração E2E");
    await page.goto("/admin/loja?view=produtos");
    await page.getByRole("button", { name: "Novo produto" }).click();
    const dialog = page.getByRole("dialog", { name: "Novo produto" });
    await dialog.getByRole("button", { name: "Criar produto" }).click();
    await expect(dialog.getByText("Nome é obrigatório")).toBeVisible();
    await expect(dialog.getByText("Categoria é obrigatória")).toBeVisible();
    await expect(dialog.getByText("Preço atual é obrigatório")).toBeVisible();

    await submitNewProduct(page, {
      nome,
      preco: "1.234,56",
      estoque: "3",
      image: await pngPhoto(500, 400, "#c84"),
    });
    await expect(dialog).toBeHidden();

    const item = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: nome }) });
    await expect(item).toContainText("R$ 1.234,56");
    await expect(item).toContainText("estoque baixo");
    const img = item.locator("img");
    await expect(img).toHaveAttribute("src", /-200\.webp$/);
    const imageResponse = await page.request.get((await img.getAttribute("src"))!);
    expect(imageResponse.headers()["content-type"]).toContain("image/webp");

    // The low-stock filter finds it.
    await page.getByLabel("Estoque baixo (1 a 5)").check();
    await page.getByLabel("Buscar").fill(nome);
    await page.getByRole("button", { name: "Filtrar" }).click();
    await expect(page).toHaveURL(/estoque_baixo=1/);
    await expect(page.getByRole("heading", { name: nome })).toBeVisible();

    await item.getByRole("button", { name: `Editar ${nome}` }).click();
    const edit = page.getByRole("dialog", { name: "Editar produto" });
    await edit.getByLabel("Preço atual (R$)").fill("99,90");
    await edit.getByRole("button", { name: "Salvar alterações" }).click();
    await expect(page.getByText("Produto atualizado com sucesso!")).toBeVisible();
    await expect(item).toContainText("R$ 99,90");

    await item.getByRole("button", { name: `Excluir ${nome}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Excluir" }).click();
    await expect(page.getByText("Produto excluído com sucesso!")).toBeVisible();
    await expect(page.getByRole("heading", { name: nome })).toHaveCount(0);
  });

  test("creates a coupon with the code uppercased", async ({ page }) => {
    const code = `e2e${Date.now().toString(36)}`;
    await page.goto("/admin/loja?view=produtos");
    await page.getByRole("button", { name: "Criar cupom" }).click();
    await expect(page.getByText("Preencha todos os campos do cupom").first()).toBeVisible();
    await page.getByLabel("Código").fill(code);
    await page.getByLabel("Tipo").selectOption("percentual");
    await page.getByLabel("Desconto (%)").fill("10,5");
    await page.getByRole("button", { name: "Criar cupom" }).click();
    await expect(page.getByText("Cupom criado com sucesso!")).toBeVisible();
    const row = page
      .getByRole("listitem")
      .filter({ hasText: "de desconto" })
      .filter({ hasText: code.toUpperCase() });
    await expect(row).toContainText("10,5 % de desconto");
    await expect(row).toContainText("0 usos");
    await row.getByRole("button", { name: `Desativar cupom ${code.toUpperCase()}` }).click();
    await expect(row).toContainText("Inativo");
  });

  test.describe("settings", () => {
    // This test saves settings; the fixture saves them back after it.
    test.use({ restoreSettings: true });

    test("saves settings and neighbourhoods; a duplicate neighbourhood is refused", async ({
      page,
    }) => {
      await page.goto("/admin/loja?view=configuracoes");
      await page.getByLabel(/Nome do recebedor/).fill("Um nome bem maior que vinte e cinco");
      await expect(page.getByLabel(/Nome do recebedor/)).toHaveValue("Um nome bem maior que vin");
      await page.getByLabel("Taxa de entrega padrão (R$)").fill("6,50");
      await page.getByRole("button", { name: "Salvar configurações" }).click();
      await expect(page.getByText("Configurações salvas com sucesso!")).toBeVisible();
      await page.reload();
      await expect(page.getByLabel("Taxa de entrega padrão (R$)")).toHaveValue("6,50");

      await page.getByRole("button", { name: "Testar webhook" }).click();
      // The seeded settings have no webhook URL.
      await expect(page.getByText("Configure a URL do webhook primeiro")).toBeVisible();

      const bairro = unique("Bairro E2E");
      await page.getByLabel("Nome do bairro").fill(bairro);
      await page.getByLabel("Taxa de entrega (R$)").fill("8,00");
      await page.getByRole("button", { name: "Adicionar bairro" }).click();
      await expect(page.getByText(`Bairro ${bairro} adicionado`)).toBeVisible();
      await page.reload();
      await expect(page.getByRole("list", { name: "Bairros cadastrados" })).toContainText(bairro);
      await page.getByLabel("Nome do bairro").fill(bairro.toUpperCase());
      await page.getByLabel("Taxa de entrega (R$)").fill("1,00");
      await page.getByRole("button", { name: "Adicionar bairro" }).click();
      await expect(page.getByText("Este bairro já está cadastrado")).toBeVisible();
    });
  });
});
