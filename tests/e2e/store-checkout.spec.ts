import { addToCart, expect, fillCheckout, frameworkScripts, test, watchScripts } from "./fixtures";

const PRODUCT = "Comedouro Inox Antiderrapante 500 ml";

test.describe("checkout", () => {
  test("a full checkout with a served neighbourhood lands on /loja with the message and the order page", async ({
    page,
  }) => {
    const modules = watchScripts(page);
    await addToCart(page, "comedouro", PRODUCT);
    await page.getByTestId("cart-button").click();
    await page.getByRole("link", { name: "Finalizar pedido" }).click();
    await expect(page.getByRole("heading", { name: "Finalizar pedido" })).toBeVisible();
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 22,90");

    // Only the name filled: the server says what is missing, and what was typed stays.
    await page.getByLabel("Nome completo").fill("Cliente E2E");
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await expect(
      page.getByRole("alert").filter({ hasText: "Preencha todos os campos obrigatórios" }),
    ).toBeVisible();
    await expect(page.getByLabel("Nome completo")).toHaveValue("Cliente E2E");
    await expect(page.getByText(`1x ${PRODUCT}`)).toBeVisible();
    // The checkout, its refusal included, is served without React: only its islands.
    expect(frameworkScripts(modules)).toEqual([]);

    await page.getByLabel("Telefone / WhatsApp").fill("(47) 98888-7777");
    await page.getByRole("textbox", { name: "Rua" }).fill("Rua 250");
    await page.getByLabel("Número").fill("99");
    await page.getByLabel("Bairro").selectOption("Centro");
    await expect(page.getByTestId("summary-entrega")).toHaveText("R$ 7,00"); // 22,90 < 40,00
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 29,90");
    await page.getByLabel("Horário de entrega").selectOption("tarde");
    await page.getByRole("radio", { name: "Dinheiro" }).check();
    await page.getByLabel("Troco para (opcional)").fill("50,00");
    await page.getByLabel("Alguma observação sobre o pedido?").fill("Entregar na portaria");
    await page.getByRole("button", { name: "Confirmar pedido" }).click();

    await expect(page).toHaveURL(/\/loja$/);
    const message = page.getByText(
      /^Pedido PED\d{8} realizado com sucesso! Entraremos em contato em breve\.$/,
    );
    await expect(message).toBeVisible();
    const numero = (await message.textContent())!.match(/PED\d{8}/)![0];
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 0 itens");

    await page.getByRole("link", { name: `Acompanhar pedido ${numero}` }).click();
    await expect(page).toHaveURL(new RegExp(`/loja/pedido/${numero}\\?token=`));
    await expect(page.getByRole("heading", { name: `Pedido ${numero}` })).toBeVisible();
    await expect(page.getByTestId("status-pedido")).toHaveText("Novo");
    await expect(page.getByTestId("status-pagamento")).toHaveText("Aguardando");
    await expect(page.getByText(`1x ${PRODUCT}`)).toBeVisible();
    await expect(page.getByTestId("pedido-total")).toHaveText("R$ 29,90");
    await expect(page.getByText("Rua 250, 99 - Centro")).toBeVisible();
    await expect(page.getByText("Dinheiro na entrega (troco para R$ 50,00)")).toBeVisible();
    // Paid in cash: no Pix code.
    await expect(page.getByTestId("pix-payload")).toHaveCount(0);

    // The number alone, or a wrong token, opens nothing.
    const wrong = await page.goto(`/loja/pedido/${numero}?token=errado`);
    expect(wrong?.status()).toBe(404);
    const none = await page.goto(`/loja/pedido/${numero}`);
    expect(none?.status()).toBe(404);
  });

  test("a neighbourhood list comes from the database, and Pix is offered only when enabled", async ({
    page,
  }) => {
    await addToCart(page, "comedouro", PRODUCT);
    await page.goto("/loja/checkout");
    const options = await page.getByLabel("Bairro").locator("option").allInnerTexts();
    expect(options).toContain("Meia Praia (R$ 5,00)");
    expect(options).toContain("Sertãozinho (R$ 15,00)");
    await expect(page.getByRole("radio", { name: "Dinheiro (na entrega)" })).toBeVisible();
    // Issue 13, point 6: no 'Pagamento na entrega' over a Pix paid upfront.
    await expect(page.getByText("Pagamento na entrega")).toHaveCount(0);
    await expect(page.getByRole("radio", { name: "Cartão na entrega" })).toBeVisible();
    await expect(page.getByRole("radio", { name: "PIX" })).toHaveCount(0); // manual Pix is off by default
    await page.goto("/loja/carrinho");
    await page.getByRole("button", { name: "Limpar carrinho" }).click();
  });

  test("the order-success screen works on /loja loaded as a document, without React: cart emptied, order link", async ({
    page,
  }) => {
    const modules = watchScripts(page);
    await addToCart(page, "comedouro", PRODUCT);
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 1 item");
    await fillCheckout(page, { nome: "Cliente Sem React", pagamento: "Dinheiro" });
    await expect(page.getByTestId("summary-total")).toHaveText("R$ 29,90");
    // The form as the browser would post it without JavaScript: the answer's redirect is
    // not followed, so the next /loja is a document load that reads the order cookie.
    const form = await page
      .locator('form[method="post"]')
      .evaluate((f) =>
        Object.fromEntries(
          Array.from(new FormData(f as HTMLFormElement)).map(([k, v]) => [k, String(v)]),
        ),
      );
    const origin = new URL(page.url()).origin;
    const answer = await page.request.post("/loja/checkout", {
      form,
      headers: { Origin: origin },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toMatch(/\/loja$/);

    modules.length = 0;
    await page.goto("/loja");
    const message = page.getByText(
      /^Pedido PED\d{8} realizado com sucesso! Entraremos em contato em breve\.$/,
    );
    await expect(message).toBeVisible();
    const numero = (await message.textContent())!.match(/PED\d{8}/)![0];
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 0 itens");
    expect(frameworkScripts(modules)).toEqual([]);

    await page.getByRole("link", { name: `Acompanhar pedido ${numero}` }).click();
    await expect(page.getByRole("heading", { name: `Pedido ${numero}` })).toBeVisible();
    await page.goto("/loja/carrinho");
    await expect(page.getByRole("heading", { name: "Seu carrinho está vazio" })).toBeVisible();
  });
});
