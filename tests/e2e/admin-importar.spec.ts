import { expect, expectNoSeriousA11yViolations, loginAsAdmin, test } from "./fixtures";

test("imports a CSV: preview with errors first, then the import and its result", async ({
  page,
}) => {
  await loginAsAdmin(page, "/admin/importar");
  await page.goto("/admin/importar");
  await expect(page.getByRole("heading", { name: "Importar produtos", level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const template = await page.request.get("/admin/importar/modelo.csv");
  expect(template.headers()["content-disposition"]).toContain("modelo-importacao-produtos.csv");

  const tag = Date.now().toString(36);
  const csv = [
    "Nome do Produto;Categoria;Preço de Venda;Preço Promocional;Estoque",
    `Importado A ${tag};Rações;12,90;;4`,
    `"Importado B ${tag}; com ponto e vírgula";Importados ${tag};1.234,56;999,90;10`,
    `Sem Preço ${tag};Rações;0;;1`,
  ].join("\r\n");
  await page.getByLabel("Arquivo CSV ou Excel (.xlsx)").setInputFiles({
    name: "produtos.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${csv}`),
  });
  await page.getByRole("button", { name: "Ver prévia" }).click();
  await expect(page.getByText("3 linhas, 2 prontas para importar, 1 com erro")).toBeVisible();
  await expect(page.getByRole("table")).toContainText("R$ 999,90");
  await expect(
    page.getByText(`Linha 4 (Sem Preço ${tag}): Preço de venda deve ser maior que zero`),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Importar 2 produtos" }).click();
  await expect(page.getByText("2 produtos importados com sucesso!").first()).toBeVisible();
  await expect(page.getByText(`Categorias criadas: Importados ${tag}`)).toBeVisible();

  await page.goto(`/admin/loja?view=produtos&q=${tag}`);
  await expect(page.getByRole("heading", { name: `Importado A ${tag}` })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: `Importado B ${tag}; com ponto e vírgula` }),
  ).toBeVisible();
});

test("a comma file with a price written 29,90 without quotes shows the row's error, not a product", async ({
  page,
}) => {
  await loginAsAdmin(page, "/admin/importar");
  await page.goto("/admin/importar");
  const csv = [
    "Nome do Produto,Descrição,Categoria,Subgrupo,Marca,Preço de Custo,Preço de Venda,Preço Promocional,Estoque,SKU,Unidade",
    "Coleira Import,Coleira de nylon,Acessórios,Cães,Genérica,10,29,90,,5,IMP-002,",
  ].join("\r\n");
  await page.getByLabel("Arquivo CSV ou Excel (.xlsx)").setInputFiles({
    name: "coleiras.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(csv),
  });
  await page.getByRole("button", { name: "Ver prévia" }).click();
  await expect(page.getByText("1 linha, 0 prontas para importar, 1 com erro")).toBeVisible();
  await expect(
    page.getByText(
      'Linha 2 (Coleira Import): colunas a mais (a linha tem 12 colunas e o cabeçalho 11): preço com vírgula sem aspas? Escreva "29,90" entre aspas ou separe as colunas por ponto e vírgula',
    ),
  ).toBeVisible();
});
