// Buying without JavaScript (decision 0040): the cart lives in a signed cookie, every step is
// a plain form the server answers, the cart and the checkout summary are rendered by the
// server; and once scripts run, that cart joins the browser's cart once.
import { applyCoupon, expect, MEIA_PRAIA, test } from "./fixtures";

const KELDOG = "Bifinho Keldog Sabor Carne 65 g";
const SHAMPOO = "Shampoo Neutro Sanol Dog 500 ml";

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("add from the list and the product page, change, remove, coupon, neighbourhood, order, order page", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const cartButton = page.getByTestId("cart-button");
    await page.goto("/loja?q=keldog");
    await page.getByRole("button", { name: `Adicionar ${KELDOG} ao carrinho` }).click();
    await expect(page).toHaveURL(/\/loja\?q=keldog$/);
    await expect(page.getByText(`${KELDOG} adicionado ao carrinho!`)).toBeVisible();
    await expect(cartButton).toHaveAccessibleName("Carrinho, 1 item");

    // Another visitor of the same page gets the shared copy, never this cart.
    const stranger = await browser.newPage();
    await stranger.goto("/loja?q=keldog");
    await expect(stranger.getByTestId("cart-count")).toHaveText("0");
    await stranger.close();

    await page.goto("/loja?q=sanol");
    await page.getByRole("link", { name: `Ver detalhes de ${SHAMPOO}` }).click();
    await page.getByRole("spinbutton", { name: "Quantidade" }).fill("2");
    await page.getByRole("button", { name: "Adicionar ao carrinho - R$ 16,90" }).click();
    await expect(page.getByText(`2x ${SHAMPOO} adicionado ao carrinho!`)).toBeVisible();
    await expect(cartButton).toHaveAccessibleName("Carrinho, 3 itens");

    await cartButton.click();
    await expect(page).toHaveURL(/\/loja\/carrinho$/);
    await expect(page.getByTestId("cart-line")).toHaveCount(2);
    await expect(page.getByTestId("summary-subtotal")).toHaveText("R$ 41,70");
    await page.getByRole("button", { name: `Aumentar quantidade de ${SHAMPOO}` }).click();
    await expect(page.getByTestId("summary-subtotal")).toHaveText("R$ 58,60");
    await page.getByRole("button", { name: `Remover ${KELDOG}` }).click();
    await expect(page.getByTestId("cart-line")).toHaveCount(1);
    await expect(page.getByTestId("line-quantidade")).toHaveText("3");
    await expect(page.getByTestId("summary-subtotal")).toHaveText("R$ 50,70");

    await applyCoupon(page, "xyz123");
    await expect(page.getByText("Cupom inválido ou expirado")).toBeVisible();
    await applyCoupon(page, "bemvindo10");
    await expect(page.getByText("Cupom BEMVINDO10 aplicado!")).toBeVisible();
    await expect(page.getByTestId("summary-desconto")).toHaveText("-R$ 5,07");

    await page.getByRole("combobox", { name: "Bairro de entrega" }).selectOption("Centro");
    await page.getByRole("button", { name: "Calcular frete" }).click();
    await expect(page.getByTestId("summary-entrega")).toHaveText("Grátis");

    await page.getByRole("link", { name: "Finalizar pedido" }).click();
    await expect(page).toHaveURL(/\/loja\/checkout$/);
    await expect(page.getByText(`3x ${SHAMPOO}`)).toBeVisible();
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 45,63");
    await page.getByLabel("Nome completo").fill("Cliente Sem JavaScript");
    await page.getByLabel("Telefone / WhatsApp").fill("(47) 98888-1212");
    await page.getByRole("textbox", { name: "Rua" }).fill("Rua 300");
    await page.getByLabel("Número").fill("12");
    await expect(page.getByRole("combobox", { name: /^Bairro/ })).toHaveValue("Centro");
    await page.getByLabel("Horário de entrega").selectOption("tarde");
    await page.getByRole("radio", { name: /^Dinheiro/ }).check();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();

    const message = page.getByText(/^Pedido PED\d+ realizado com sucesso!/);
    await expect(message).toBeVisible();
    const numero = (await message.textContent())!.match(/PED\d+/)![0];
    await expect(page.getByTestId("cart-count")).toHaveText("0");
    await page.getByRole("link", { name: `Acompanhar pedido ${numero}` }).click();
    await expect(page.getByRole("heading", { name: new RegExp(numero) })).toBeVisible();
    await expect(page.getByText("R$ 45,63").first()).toBeVisible();
  });

  test("pick-up at a unit: the choice, the unit and the summary without the delivery fee", async ({
    page,
  }) => {
    await page.goto("/loja?q=keldog");
    await page.getByRole("button", { name: `Adicionar ${KELDOG} ao carrinho` }).click();
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 1 item");
    await page.goto("/loja/checkout");
    await expect(page.getByText(`1x ${KELDOG}`)).toBeVisible();
    await page.getByLabel("Nome completo").fill("Cliente Retira Sem JS");
    await page.getByLabel("Telefone / WhatsApp").fill("(47) 98888-3434");
    await page.getByRole("radio", { name: "Retirar na loja" }).check();
    await page.getByRole("button", { name: "Atualizar forma de entrega" }).click();
    // What was typed stays; the unit and the counter payment are now offered.
    await expect(page.getByLabel("Nome completo")).toHaveValue("Cliente Retira Sem JS");
    await page.getByRole("radio", { name: new RegExp(MEIA_PRAIA) }).check();
    await page.getByRole("radio", { name: /^Pagar na retirada/ }).check();
    await page.getByRole("button", { name: "Atualizar resumo" }).click();
    await expect(page.getByTestId("summary-entrega")).toHaveCount(0);
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 7,90");
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await expect(page.getByText(/^Pedido PED\d+ realizado com sucesso!/)).toBeVisible();
  });

  test("an empty cart says so, and the checkout offers no form to a cart it cannot see", async ({
    page,
  }) => {
    await page.goto("/loja/carrinho");
    await expect(page.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeVisible();
    await expect(page.getByRole("status", { name: "Calculando resumo" })).toBeHidden();
    await page.goto("/loja/checkout");
    await expect(page.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirmar pedido" })).toBeHidden();
  });
});

test("the cookie cart joins the browser's cart once when scripts run, and the cookie goes", async ({
  browser,
  page,
  context,
}) => {
  // With scripts: one shampoo in the browser's cart.
  await page.goto("/loja?q=sanol");
  await page.getByRole("button", { name: `Adicionar ${SHAMPOO} ao carrinho` }).click();
  await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 1 item");

  // Without scripts (another browser): a keldog and a shampoo in the cookie cart.
  const nojs = await browser.newContext({ javaScriptEnabled: false });
  const other = await nojs.newPage();
  for (const [q, nome] of [
    ["keldog", KELDOG],
    ["sanol", SHAMPOO],
  ]) {
    await other.goto(`/loja?q=${q}`);
    await other.getByRole("button", { name: `Adicionar ${nome} ao carrinho` }).click();
    await expect(other.getByText(`${nome} adicionado ao carrinho!`)).toBeVisible();
  }
  const cartCookie = (await nojs.cookies()).filter((c) => c.name === "agropet_carrinho");
  expect(cartCookie).toHaveLength(1);
  await nojs.close();

  // The same person turns scripts on: the cookie reaches the scripted browser.
  await context.addCookies(cartCookie);
  await page.goto("/loja/carrinho");
  await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 3 itens");
  await expect(page.getByTestId("cart-line")).toHaveCount(2);
  await expect(page.getByTestId("summary-subtotal")).toHaveText("R$ 41,70");
  await expect
    .poll(async () => (await context.cookies()).some((c) => c.name === "agropet_carrinho"))
    .toBe(false);
  await page.reload();
  await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 3 itens");
  await expect(page.getByTestId("summary-subtotal")).toHaveText("R$ 41,70");
});
