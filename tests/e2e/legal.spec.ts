// What Brazilian e-commerce law asks of the site: who sells at the foot of every page, the
// legal pages (reached from the footer, edited in the admin), and the links beside the
// checkout's, the quote's and the resume's send buttons.
import fs from "node:fs";
import {
  addToCart,
  expect,
  expectNoSeriousA11yViolations,
  gotoServicos,
  type Locator,
  loginAsAdmin,
  type Page,
  SITE_PAGES,
  sendResume,
  test,
  unique,
} from "./fixtures";

const DEMO = {
  razaoSocial: "Agropet Litoral Comércio de Produtos Agropecuários Ltda.",
  cnpj: "CNPJ 27.865.431/0001-77",
  endereco: "Rua 416, Meia Praia, Itapema/SC, CEP 88220-000",
  telefone: "(47) 99999-0416",
  email: "contato@agropetlitoral.com.br",
};

/** The links to the terms and the privacy policy in `area`, and to returns when it has them. */
async function expectLegalLinks(area: Locator, withReturns: boolean) {
  await expect(area.getByRole("link", { name: "Termos de uso" })).toHaveAttribute(
    "href",
    "/termos",
  );
  await expect(area.getByRole("link", { name: "Política de privacidade" })).toHaveAttribute(
    "href",
    "/privacidade",
  );
  const returns = area.getByRole("link", { name: "Trocas e devoluções" });
  if (withReturns) await expect(returns).toHaveAttribute("href", "/trocas-e-devolucoes");
  else await expect(returns).toHaveCount(0);
}

async function expectCompanyFacts(page: Page, path: string, razaoSocial = DEMO.razaoSocial) {
  await page.goto(path);
  const facts = page.getByTestId("dados-empresa");
  for (const text of [razaoSocial, DEMO.cnpj, DEMO.endereco, DEMO.telefone, DEMO.email]) {
    await expect(facts, `${path}: ${text}`).toContainText(text);
  }
  await expectLegalLinks(facts.getByRole("navigation", { name: "Informações legais" }), true);
}

test("every public and store page shows razão social, CNPJ, address and contacts in its footer", async ({
  page,
}) => {
  for (const path of [
    ...SITE_PAGES,
    "/privacidade",
    "/pagina-que-nao-existe",
    "/loja",
    "/loja/carrinho",
    "/loja/checkout",
    "/loja/acompanhar",
  ]) {
    await expectCompanyFacts(page, path);
  }
});

test("the legal pages are reached from the footer and say what the law asks", async ({ page }) => {
  await page.goto("/");
  await page
    .getByRole("navigation", { name: "Informações legais" })
    .getByRole("link", { name: "Política de privacidade" })
    .click();
  await expect(page).toHaveURL(/\/privacidade$/);
  const main = page.getByRole("main");
  await expect(
    page.getByRole("heading", { level: 1, name: "Política de privacidade" }),
  ).toBeVisible();
  for (const text of [
    "encarregado pelo tratamento de dados pessoais é Mariana Souza",
    "privacidade@agropetlitoral.com.br",
    "fotos do pet",
    "currículo em PDF",
    "12 meses",
    "apenas cookies necessários",
    "receber uma cópia",
    "exclusão",
  ]) {
    await expect(main, text).toContainText(text);
  }

  await expectNoSeriousA11yViolations(page);

  await page
    .getByRole("navigation", { name: "Informações legais" })
    .getByRole("link", { name: "Trocas e devoluções" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Trocas e devoluções" })).toBeVisible();
  await expect(page.getByRole("main")).toContainText("até 7 dias corridos");
  await expect(page.getByRole("main")).toContainText("CDC, art. 49");

  await page
    .getByRole("navigation", { name: "Informações legais" })
    .getByRole("link", { name: "Termos de uso" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Termos de uso" })).toBeVisible();
  await expect(
    page.getByRole("main").getByRole("link", { name: "Política de privacidade" }),
  ).toHaveAttribute("href", "/privacidade");

  const sitemap = await (await page.request.get("/sitemap.xml")).text();
  for (const path of ["/privacidade", "/trocas-e-devolucoes", "/termos"]) {
    expect(sitemap).toContain(`${path}</loc>`);
  }
});

test("the admin edits a legal page in Markdown and the company facts; the site shows them", async ({
  page,
}) => {
  const heading = unique("Termos revistos");
  await loginAsAdmin(page, "/admin/privacidade");
  await expectNoSeriousA11yViolations(page);
  const terms = page.getByLabel("Termos de uso");
  await terms.fill(
    `## ${heading}\n\n<script>window.pwned = 1</script>\n\nValem para {razaoSocial}.`,
  );
  await page.getByRole("button", { name: "Salvar textos" }).click();
  await expect(page.getByText("Textos salvos com sucesso!")).toBeVisible();

  const visitor = await page.context().browser()!.newPage();
  await visitor.goto("/termos");
  await expect(visitor.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  await expect(visitor.getByRole("main")).toContainText(`Valem para ${DEMO.razaoSocial}.`);
  // The typed script is text on the page, never run.
  await expect(visitor.getByRole("main")).toContainText("<script>window.pwned = 1</script>");
  expect(await visitor.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();

  // Back to the default text.
  await page.getByRole("button", { name: "Usar o texto padrão" }).nth(2).click();
  await page.getByRole("button", { name: "Salvar textos" }).click();
  await expect(page.getByText("Textos salvos com sucesso!").last()).toBeVisible();
  await visitor.goto("/termos");
  await expect(visitor.getByRole("heading", { level: 2, name: heading })).toHaveCount(0);
  await expect(visitor.getByRole("heading", { level: 2, name: "Pedidos" })).toBeVisible();

  // The razão social the admin types reaches every footer.
  const razao = unique("Agropet Teste Ltda");
  await page.goto("/admin/configuracoes");
  await page.getByLabel("Razão social").fill(razao);
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("Configurações salvas com sucesso!")).toBeVisible();
  await expectCompanyFacts(visitor, "/", razao);
  await expectCompanyFacts(visitor, "/loja", razao);
  await page.getByLabel("Razão social").fill(DEMO.razaoSocial);
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("Configurações salvas com sucesso!").last()).toBeVisible();
  await visitor.close();
});

test("the checkout, the quote dialog and the resume form link the legal pages beside their send button", async ({
  page,
}) => {
  await addToCart(page, "comedouro", "Comedouro Inox Antiderrapante 500 ml");
  await page.goto("/loja/checkout");
  const summary = page.getByRole("complementary");
  const note = summary.getByTestId("aviso-legal");
  await expect(note).toContainText("Ao confirmar, você concorda com os Termos de uso");
  await expectLegalLinks(note, true);
  await expect(summary.getByRole("button", { name: "Confirmar pedido" })).toBeVisible();

  await gotoServicos(page);
  await page.getByRole("button", { name: "Solicitar Orçamento: Banho + Tosa Higiênica" }).click();
  const dialog = page.getByRole("dialog", { name: /Banho \+ Tosa Higiênica/ });
  await expect(dialog.getByTestId("aviso-legal")).toContainText("Ao enviar, você concorda");
  await expectLegalLinks(dialog.getByTestId("aviso-legal"), false);

  await page.goto("/trabalhe-conosco");
  const resume = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Enviar Currículo" }) });
  await expectLegalLinks(resume.getByTestId("aviso-legal"), false);
});

test("the admin finds one person's data, downloads it as a ZIP and anonymises it after confirming", async ({
  page,
}) => {
  const email = `titular.${Date.now().toString(36)}@example.com`;
  await sendResume(page, { nome: "Titular de Teste", email });
  await loginAsAdmin(page, "/admin/privacidade");
  await page.getByLabel("Telefone ou e-mail").fill(email.toUpperCase());
  await page.getByRole("button", { name: "Procurar" }).click();
  const summary = page.getByTestId("titular-resumo");
  await expect(summary).toContainText(
    "0 pedidos da loja, 0 pedidos de orçamento de banho e tosa (0 fotos), 0 agendamentos de banho e tosa e 1 currículo",
  );

  const download = page.waitForEvent("download");
  await summary.getByRole("link", { name: "Baixar cópia (ZIP)" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^dados-titular-\d{4}-\d{2}-\d{2}\.zip$/);
  // A ZIP: its local file header, then the entries (read in full by the integration test).
  const bytes = fs.readFileSync(await file.path());
  expect(bytes.subarray(0, 4).toString("hex")).toBe("504b0304");
  expect(bytes.includes(Buffer.from("dados.json"))).toBe(true);

  await summary.getByRole("button", { name: "Anonimizar" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Anonimizar os dados deste cliente?" });
  await confirm.getByRole("button", { name: "Anonimizar" }).click();
  await expect(page.getByText("Dados anonimizados")).toBeVisible();
  await page.getByRole("button", { name: "Procurar" }).click();
  await expect(summary).toContainText(
    "0 pedidos da loja, 0 pedidos de orçamento de banho e tosa (0 fotos), 0 agendamentos de banho e tosa e 0 currículos",
  );
});

test("at 360 px the legal pages and the footers fit the screen", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  for (const path of ["/privacidade", "/trocas-e-devolucoes", "/termos", "/loja"]) {
    await page.goto(path);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, path).toBeLessThanOrEqual(360);
  }
});
