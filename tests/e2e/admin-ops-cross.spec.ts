// Admin operations seen from the other side: the store, the cart, the order page, the
// grooming quote and the job application (those pages belong to the store and the public site).

import { ONE_PAGE_PDF } from "../support/pdf";
import {
  addToCart,
  adminCreatesProduct,
  applyCoupon,
  attachPetPhoto,
  checkoutAndFollow,
  expect,
  expectNoSeriousA11yViolations,
  loginAsAdmin,
  pngPhoto,
  sendResume,
  test,
  unique,
} from "./fixtures";

const PDF = ONE_PAGE_PDF;

test("a product created with an image in the admin is found in /loja", async ({ page }) => {
  const { tag, nome } = await adminCreatesProduct(page, "Petisco Admin", {
    preco: "23,45",
    estoque: "9",
    image: await pngPhoto(),
  });
  await page.goto(`/loja?q=${tag}`);
  await expect(page.getByText(nome).first()).toBeVisible();
  await expect(page.getByText("R$ 23,45").first()).toBeVisible();
  await expect(page.locator(`img[src*="/uploads/produtos/"]`).first()).toBeVisible();
  await expect(page.getByRole("button", { name: `Adicionar ${nome} ao carrinho` })).toBeVisible();
});

test("a coupon created in the admin is applied in the cart", async ({ page }) => {
  const { tag, nome } = await adminCreatesProduct(page, "Cupom Teste", {
    preco: "50,00",
    estoque: "9",
  });
  const code = `menos${tag}`;
  await page.getByLabel("Código").fill(code);
  await page.getByLabel("Tipo").selectOption("valor");
  await page.getByLabel("Desconto (R$)").fill("5,00");
  await page.getByRole("button", { name: "Criar cupom" }).click();
  await expect(page.getByText("Cupom criado com sucesso!")).toBeVisible();

  await addToCart(page, tag, nome);
  await page.getByTestId("cart-button").click();
  await applyCoupon(page, code);
  await expect(page.getByText(`Cupom ${code.toUpperCase()} aplicado!`)).toBeVisible();
  await expect(page.getByTestId("summary-desconto")).toHaveText("-R$ 5,00");
  await page.getByRole("button", { name: "Limpar carrinho" }).click();
});

test("an order's status and payment changed in the admin show on the customer's order page", async ({
  page,
}) => {
  const { tag, nome } = await adminCreatesProduct(page, "Pedido Teste", {
    preco: "45,00",
    estoque: "5",
  });

  await addToCart(page, tag, nome);
  const numero = await checkoutAndFollow(page, {
    nome: "Cliente Admin E2E",
    telefone: "(47) 98888-1234", // the admin's chat link below goes to this number
    pagamento: "Dinheiro",
  });
  await expect(page).toHaveURL(new RegExp(`/loja/pedido/${numero}\\?token=`));
  const orderUrl = page.url();
  await expect(page.getByTestId("status-pedido")).toHaveText("Novo");

  await page.goto("/admin/loja?view=pedidos");
  const card = page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`Pedido ${numero}`) }) });
  await expect(card).toContainText(nome);
  await expectNoSeriousA11yViolations(page);
  await expect(card.getByRole("link", { name: /Conversar no WhatsApp/ })).toHaveAttribute(
    "href",
    /wa\.me\/5547988881234/,
  );
  await card.getByLabel("Status do pedido").selectOption("saiu_entrega");
  await expect(page.getByText("Status do pedido atualizado")).toBeVisible();
  await card.getByLabel("Pagamento").selectOption("pago");
  await expect(page.getByText("Pagamento atualizado")).toBeVisible();

  await page.goto(orderUrl);
  await expect(page.getByTestId("status-pedido")).toHaveText("Saiu para Entrega");
  await expect(page.getByTestId("status-pagamento")).toHaveText("Pago");
});

test("a grooming request's status is changed in the admin", async ({ page }) => {
  const pet = unique("Paçoca");
  await page.goto("/servicos");
  await expect(page.locator('dialog[data-ready="1"]')).toHaveCount(1);
  await page.getByRole("button", { name: /Solicitar Orçamento\s*:\s*Plano de Banho/ }).click();
  const quote = page.getByRole("dialog");
  await quote.getByLabel("Nome Completo").fill("Tutora Admin E2E");
  await quote.getByLabel("WhatsApp").fill("(47) 98888-4321");
  await quote.getByLabel("Nome do Pet").fill(pet);
  await quote.getByLabel("Raça e Porte").fill("Vira-lata, médio");
  await attachPetPhoto(quote);
  await quote.getByRole("button", { name: "Enviar Solicitação" }).click();
  await expect(page.getByText("Solicitação enviada com sucesso!")).toBeVisible();

  await loginAsAdmin(page, "/admin/servicos");
  await page.goto("/admin/servicos");
  const card = page.getByRole("listitem").filter({ hasText: pet });
  await expect(card).toContainText("Aguardando Orçamento");
  await expect(card).toContainText("1 foto");
  await expectNoSeriousA11yViolations(page);
  await expect(card.getByRole("link", { name: /Contatar Cliente/ })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/5547988884321\?text=Ol%C3%A1%2C%20Tutora/,
  );
  await card.getByRole("button", { name: /Ver Detalhes/ }).click();
  const details = page.getByRole("dialog");
  await expect(details).toContainText("Vira-lata, médio");
  await expect(details.getByRole("img", { name: /Foto 1 de/ })).toBeVisible();
  await page.keyboard.press("Escape");

  await card.getByLabel("Status").selectOption("orcamento_enviado");
  await expect(page.getByText("Status atualizado")).toBeVisible();
  await expect(page.getByText("Status do pedido foi atualizado com sucesso.")).toBeVisible();
  await page.getByLabel("Filtrar por status").selectOption("orcamento_enviado");
  await expect(page).toHaveURL(/status=orcamento_enviado/);
  await expect(page.getByRole("listitem").filter({ hasText: pet })).toContainText(
    "Orçamento Enviado",
  );
  await page.getByLabel("Filtrar por status").selectOption("concluido");
  await expect(page).toHaveURL(/status=concluido/);
  await expect(page.getByRole("listitem").filter({ hasText: pet })).toHaveCount(0);
});

test("a resume is downloaded by the admin and refused without a session", async ({
  page,
  context,
}) => {
  const nome = `Júlia Candidata ${Date.now().toString(36)}`;
  await sendResume(page, { nome, pdf: PDF });

  await loginAsAdmin(page, "/admin/curriculos");
  await page.goto("/admin/curriculos");
  const card = page.getByRole("listitem").filter({ hasText: nome });
  await expect(card).toContainText("Novo");
  await expectNoSeriousA11yViolations(page);
  const link = card.getByRole("link", { name: new RegExp(`Baixar currículo de ${nome}`) });
  const href = (await link.getAttribute("href"))!;
  const downloadPromise = page.waitForEvent("download");
  await link.click();
  const download = await downloadPromise;
  // The UTF-8 name (filename*) wins in browsers that read it; the ASCII one is the fallback.
  expect(download.suggestedFilename()).toBe(
    `curriculo-${nome.toLowerCase().replace(/ /g, "-")}.pdf`,
  );

  await card.getByLabel("Status").selectOption("visto");
  await expect(page.getByText("Status atualizado")).toBeVisible();

  await context.clearCookies();
  const response = await page.request.get(href, { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toMatch(/^\/admin\/login/);
  await page.goto(href);
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByText("Sessão expirada. Faça login novamente.")).toBeVisible();
});
