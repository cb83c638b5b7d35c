// Saved delivery addresses (issue 42 point 4, decision 0074) on a 360 px phone without
// JavaScript: the customer signs in with the code from the e-mail, saves "Casa" (number
// "S/N") in "Endereços", and the checkout offers it: one tap fills the address and the
// summary charges that neighbourhood's fee.
import { expect, receivedMail, test } from "./fixtures";

const KELDOG = "Bifinho Keldog Sabor Carne 65 g";

test.describe("saved addresses on a phone without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 800 } });

  test("a saved address is offered at checkout and sets the neighbourhood's fee", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const email = `enderecos.${Date.now().toString(36)}@example.com`;
    await page.goto("/conta/enderecos");
    await expect(page).toHaveURL(/\/conta\/entrar\?voltar=%2Fconta%2Fenderecos/);
    await page.getByLabel(/E-mail/).fill(email);
    await page.getByRole("button", { name: "Receber código por e-mail" }).click();
    const mail = await receivedMail(/Seu código para entrar/, 20_000, email);
    const code = /Seu código: (\d{6})/.exec(mail.text ?? "")![1]!;
    await page.getByLabel("Código de 6 dígitos").fill(code);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/conta\/enderecos$/);

    await page.getByLabel("Nome (opcional)").fill("Casa");
    await page.getByRole("textbox", { name: "Rua" }).fill("Rua 416");
    await page.getByLabel("Número").fill("S/N");
    const bairro = page.getByLabel("Bairro");
    await bairro.selectOption({ index: 1 });
    const option = ((await bairro.locator("option:checked").textContent()) ?? "").trim();
    const [, nome, taxa] = /^(.*) \((R\$ [\d.,]+)\)$/.exec(option)!;
    await page.getByRole("button", { name: "Salvar endereço" }).click();
    const saved = page.getByTestId("lista-enderecos");
    await expect(saved).toContainText("Rua 416, S/N");
    await expect(saved).toContainText(`Entrega: ${taxa}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );

    await page.goto("/loja?q=keldog");
    await page.getByRole("button", { name: `Adicionar ${KELDOG} ao carrinho` }).click();
    await page.goto("/loja/checkout");
    const offered = page.getByTestId("enderecos-salvos");
    await expect(offered).toContainText(`Casa: Rua 416, S/N`);
    await offered.getByRole("button", { name: /Casa: Rua 416, S\/N/ }).click();
    await expect(page.getByRole("textbox", { name: "Rua" })).toHaveValue("Rua 416");
    await expect(page.getByLabel("Número")).toHaveValue("S/N");
    await expect(page.getByLabel("Bairro")).toHaveValue(nome!);
    await expect(page.getByText(taxa!).first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });
});
