// Issue 39, points 1 and 3, on a 390 px phone, with and without JavaScript, on a server of
// its own (tests/support/two-pickup-units.ts): the demo shop with a second pick-up unit, the
// "Nova Unidade", that has the Bravecto and no Golden 15 kg; manual Pix and online Pix (a
// local server answering as Mercado Pago) on.
// 1. Choosing "Retirar na loja" at the unit without the Golden keeps both lines in the cart,
//    says what that unit lacks and where it is, refuses to confirm with the same words, shows
//    everything again at the other unit, and lets the customer remove the line.
// 3. A Pix checkout, manual or online, lands on the order page with the QR code and the copia
//    e cola.
import { type FakeMercadoPago, startFakeMercadoPago } from "../support/fake-mercadopago";
import { type OwnServer, startPixServer } from "../support/own-server";
import { expect, type Page, test } from "./fixtures";

const PORT = Number(process.env.E2E_PORT || 3100) + 12;
const GOLDEN = "Ração Golden Special Cães Adultos Frango e Carne 15 kg";
const BRAVECTO = "Antipulgas Bravecto Cães de 10 a 20 kg";
const COMEDOURO = "Comedouro Inox Antiderrapante 500 ml";
const GAP_TITLE = "A Nova Unidade não tem tudo do seu pedido";
const GAP_NOTE = "em falta nesta unidade; disponível na Unidade Meia Praia ou para entrega";
const REFUSAL =
  `${GAP_TITLE}: ${GOLDEN} (${GAP_NOTE}). ` +
  "Escolha outra unidade, receba em casa ou remova o item do pedido. Seu carrinho continua com tudo.";

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });
test.describe.configure({ mode: "serial" });

let mp: FakeMercadoPago;
let server: OwnServer;

test.beforeAll(async () => {
  test.setTimeout(180_000);
  mp = await startFakeMercadoPago("TEST-e2e-token");
  server = startPixServer(PORT, {
    mp,
    secret: "segredo-e2e",
    setup: "tests/support/two-pickup-units.ts",
    name: "bloqueios",
  });
  await server.ready();
});

test.afterAll(async () => {
  await server?.stop();
  await mp?.close();
});

test.use({ baseURL: `http://127.0.0.1:${PORT}` });

async function addFromList(page: Page, query: string, product: string) {
  await page.goto(`/loja?q=${query}`);
  await page.getByRole("button", { name: `Adicionar ${product} ao carrinho` }).click();
  await expect(page.getByText(`${product} adicionado ao carrinho!`)).toBeVisible();
}

async function customer(page: Page, nome: string) {
  await page.getByLabel("Nome completo").fill(nome);
  await page.getByLabel("Telefone / WhatsApp").fill("(47) 98888-3939");
}

/**
 * Puts the Golden and the Bravecto in the cart from the list, checks that each cart line
 * opens its product with its pack chosen (point 13), opens the checkout and fills in customer
 * `nome`; returns the cart's button.
 */
async function toCheckoutWithGoldenAndBravecto(page: Page, nome: string) {
  await addFromList(page, "golden", GOLDEN);
  await addFromList(page, "bravecto", BRAVECTO);
  await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 2 itens");
  await page.goto("/loja/carrinho");
  await expect(
    page.getByTestId("cart-line").filter({ hasText: GOLDEN }).getByRole("link", { name: GOLDEN }),
  ).toHaveAttribute("href", /^\/loja\/produto\/[0-9a-f-]{36}\?v=RAC-GOLD-AD15$/);
  await page.goto("/loja/checkout");
  await customer(page, nome);
  return page.getByTestId("cart-button");
}

const summaryLine = (page: Page, product: string) =>
  page.locator("[data-linhas] li").filter({ hasText: product });

test.describe("with JavaScript", () => {
  test("a pick-up unit without the Golden keeps it in the cart, says where it is, and only the customer removes it", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const cart = await toCheckoutWithGoldenAndBravecto(page, "Cliente Retirada JS");
    // Point 13: "S/N" can be typed on a phone (a text keyboard), the Pix says when it is paid.
    await expect(page.getByLabel("Número")).toHaveAttribute("inputmode", "text");
    await expect(
      page.getByRole("radio", { name: "PIX (pague agora, antes da entrega)" }),
    ).toBeVisible();
    await page.getByRole("radio", { name: "Retirar na loja" }).check();
    await expect(
      page.getByRole("radio", { name: "PIX (pague agora, antes da retirada)" }),
    ).toBeVisible();
    // No unit yet: still a pick-up, so no delivery fee and no free-delivery talk.
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 419,80");
    await expect(page.getByTestId("summary-entrega")).toHaveCount(0);
    await expect(page.locator("[data-resumo]").getByText(/frete grátis/i)).toHaveCount(0);
    await page.getByRole("radio", { name: /Nova Unidade/ }).check();
    const gaps = page.getByTestId("retirada-falta");
    await expect(gaps).toBeVisible();
    await expect(gaps).toContainText(GAP_TITLE);
    await expect(gaps).toContainText(`${GOLDEN}: ${GAP_NOTE}`);
    // Nothing left the cart: both lines, the Golden marked, the total the Bravecto's.
    await expect(cart).toHaveAccessibleName("Carrinho, 2 itens");
    await expect(summaryLine(page, GOLDEN)).toContainText("Não entra nesta retirada");
    await expect(summaryLine(page, BRAVECTO)).toContainText("R$ 229,90");
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 229,90");
    await page.getByRole("radio", { name: /^Pagar na retirada/ }).check();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await expect(page.getByText(REFUSAL)).toBeVisible();
    await expect(page).toHaveURL(/\/loja\/checkout$/);

    // The other unit: everything there again.
    await page.getByRole("radio", { name: /Unidade Meia Praia/ }).check();
    await expect(gaps).toBeHidden();
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 419,80");
    await expect(summaryLine(page, GOLDEN)).toContainText("R$ 189,90");
    // Delivery too.
    await page.getByRole("radio", { name: "Receber em casa" }).check();
    await expect(summaryLine(page, GOLDEN)).toContainText("R$ 189,90");
    await expect(cart).toHaveAccessibleName("Carrinho, 2 itens");

    // Back at the Nova Unidade, the customer removes the Golden: now it leaves, and the order goes.
    await page.getByRole("radio", { name: "Retirar na loja" }).check();
    await page.getByRole("radio", { name: /Nova Unidade/ }).check();
    await expect(gaps).toBeVisible();
    await gaps.getByRole("button", { name: `Remover ${GOLDEN} do pedido` }).click();
    await expect(gaps).toBeHidden();
    await expect(cart).toHaveAccessibleName("Carrinho, 1 item");
    await expect(summaryLine(page, GOLDEN)).toHaveCount(0);
    await expect(page.getByLabel("Nome completo")).toHaveValue("Cliente Retirada JS");
    await page.getByRole("radio", { name: /^Pagar na retirada/ }).check();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await expect(page.getByText(/^Pedido PED\d+ realizado com sucesso!/)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    // Point 13: the store's name stays on one line in the 390 px header.
    const name = page.getByTestId("loja-nome");
    const lineHeight = await name.evaluate((el) =>
      Number.parseFloat(getComputedStyle(el).lineHeight),
    );
    expect((await name.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  });

  test("manual Pix lands on the order page with the QR code and the copia e cola", async ({
    page,
  }) => {
    await addFromList(page, "comedouro", COMEDOURO);
    await page.goto("/loja/checkout");
    // Point 13: a field the server refused loses its error as it is fixed, the others keep theirs.
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    const nameError = page.locator("#nome-error");
    await expect(nameError).toHaveText("Informe seu nome");
    await expect(page.locator("#telefone-error")).toHaveText("Informe seu telefone");
    await expect(page.getByLabel("Nome completo")).toHaveAttribute("aria-invalid", "true");
    await page.getByLabel("Nome completo").pressSequentially("Cliente");
    await expect(nameError).toBeHidden();
    await expect(page.getByLabel("Nome completo")).not.toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#telefone-error")).toBeVisible();
    await customer(page, "Cliente Pix Manual");
    await page.getByRole("textbox", { name: "Rua" }).fill("Rua 300");
    await page.getByLabel("Número").fill("12");
    await page.getByLabel("Bairro").selectOption("Centro");
    await page.getByLabel("Horário de entrega").selectOption("tarde");
    await page.getByRole("radio", { name: /^PIX \(pague agora/ }).check();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await expect(page).toHaveURL(/\/loja\/pedido\/PED\d+\?token=/);
    await expect(page.getByTestId("pedido-realizado")).toContainText("realizado com sucesso!");
    await expect(page.getByRole("heading", { name: /^Pague com Pix: R\$/ })).toBeVisible();
    await expect(page.getByTestId("pix-payload")).toHaveValue(/^000201.*br\.gov\.bcb\.pix/);
    await expect(page.getByLabel(/^QR Code Pix de R\$/)).toBeVisible();
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 0 itens");
  });

  test("online Pix lands on the order page with the provider's code", async ({ page }) => {
    await addFromList(page, "comedouro", COMEDOURO);
    await page.goto("/loja/checkout");
    await customer(page, "Cliente Pix Online");
    await page.getByRole("textbox", { name: /E-mail/ }).fill("cliente@example.com");
    await page.getByRole("radio", { name: "Retirar na loja" }).check();
    await page.getByRole("radio", { name: /Unidade Meia Praia/ }).check();
    await page.getByRole("radio", { name: "Pix (aprovação automática)" }).check();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await expect(page).toHaveURL(/\/loja\/pedido\/PED\d+\?token=/);
    await expect(page.getByTestId("pedido-realizado")).toBeVisible();
    const payment = [...mp.payments.values()].at(-1)!;
    await expect(page.getByTestId("pix-payload")).toHaveValue(
      payment.point_of_interaction.transaction_data.qr_code,
    );
    await expect(page.getByTestId("pix-qr").locator("svg")).toBeVisible();
  });
});

test("/servicos does not say prices come only after photos next to the online prices (point 13)", async ({
  page,
}) => {
  await page.goto("/servicos");
  await expect(
    page.getByText(/O agendamento online mostra o preço pelo porte na hora/),
  ).toBeVisible();
  await expect(page.getByText(/somente após a análise das fotos/)).toHaveCount(0);
  await expect(
    page.getByText(/Você envia as fotos do pet e recebe um orçamento justo/),
  ).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the server's cart keeps the Golden through the unit, the refusal and the way back; 'Remover' keeps what was typed", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const cart = await toCheckoutWithGoldenAndBravecto(page, "Cliente Retirada Sem JS");
    await page.getByRole("radio", { name: "Retirar na loja" }).check();
    await page.getByRole("button", { name: "Atualizar forma de entrega" }).click();
    // Point 13: the answer opens at the step just answered, and a pick-up with no unit yet
    // has no delivery fee nor free-delivery talk; the Pix is paid before the pick-up.
    await expect(page).toHaveURL(/\/loja\/checkout#como-receber$/);
    await expect(page.locator("#como-receber")).toBeInViewport();
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 419,80");
    await expect(page.getByTestId("summary-entrega")).toHaveCount(0);
    await expect(page.locator("[data-resumo]").getByText(/frete grátis/i)).toHaveCount(0);
    await expect(
      page.getByRole("radio", { name: "PIX (pague agora, antes da retirada)" }),
    ).toBeVisible();
    await page.getByRole("radio", { name: /Nova Unidade/ }).check();
    await page.getByRole("button", { name: "Atualizar forma de entrega" }).click();
    const gaps = page.getByTestId("retirada-falta");
    await expect(gaps).toContainText(GAP_TITLE);
    await expect(gaps).toContainText(`${GOLDEN}: ${GAP_NOTE}`);
    await expect(summaryLine(page, GOLDEN)).toContainText("Não entra nesta retirada");
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 229,90");
    // A pick-up: no delivery fee, no free-delivery talk.
    await expect(page.getByTestId("summary-entrega")).toHaveCount(0);
    await expect(page.locator("[data-resumo]").getByText(/frete grátis/i)).toHaveCount(0);

    await page.getByRole("radio", { name: /^Pagar na retirada/ }).check();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await expect(page.getByRole("alert").filter({ hasText: REFUSAL })).toBeVisible();
    await expect(page.getByLabel("Nome completo")).toHaveValue("Cliente Retirada Sem JS");
    await expect(cart).toHaveAccessibleName("Carrinho, 2 itens");

    await page.getByRole("radio", { name: /Unidade Meia Praia/ }).check();
    await page.getByRole("button", { name: "Atualizar resumo" }).click();
    await expect(page).toHaveURL(/\/loja\/checkout#resumo$/);
    await expect(page.locator("#resumo")).toBeInViewport();
    await expect(gaps).toBeHidden();
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 419,80");

    await page.getByRole("radio", { name: /Nova Unidade/ }).check();
    await page.getByRole("button", { name: "Atualizar forma de entrega" }).click();
    await gaps.getByRole("button", { name: `Remover ${GOLDEN} do pedido` }).click();
    await expect(gaps).toBeHidden();
    await expect(summaryLine(page, GOLDEN)).toHaveCount(0);
    await expect(page.getByLabel("Nome completo")).toHaveValue("Cliente Retirada Sem JS");
    await expect(page.getByRole("radio", { name: /Nova Unidade/ })).toBeChecked();
    await page.getByRole("radio", { name: /^Pagar na retirada/ }).check();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await expect(page.getByText(/^Pedido PED\d+ realizado com sucesso!/)).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
  });

  test("manual Pix and online Pix land on the order page", async ({ page }) => {
    for (const pix of ["PIX (pague agora", "Pix (aprovação automática)"]) {
      await addFromList(page, "comedouro", COMEDOURO);
      await page.goto("/loja/checkout");
      await customer(page, "Cliente Pix Sem JS");
      await page.getByRole("textbox", { name: /E-mail/ }).fill("cliente@example.com");
      await page.getByRole("textbox", { name: "Rua" }).fill("Rua 300");
      await page.getByLabel("Número").fill("12");
      await page.getByLabel("Bairro").selectOption("Centro");
      await page.getByLabel("Horário de entrega").selectOption("tarde");
      await page
        .getByRole("radio", { name: new RegExp(`^${pix.replace(/[()]/g, "\\$&")}`) })
        .check();
      await page.getByRole("button", { name: "Confirmar pedido" }).click();
      await expect(page).toHaveURL(/\/loja\/pedido\/PED\d+\?token=/);
      await expect(page.getByTestId("pedido-realizado")).toContainText("realizado com sucesso!");
      await expect(page.getByRole("heading", { name: /^Pague com Pix: R\$/ })).toBeVisible();
      await expect(page.getByTestId("pix-payload")).toHaveValue(/^000201/);
      // The order holds the cart now: the server's copy is gone.
      await page.goto("/loja");
      await expect(page.getByTestId("cart-count")).toHaveText("0");
    }
  });
});
