// The customer's optional account on a 390 px phone without JavaScript (issue 42, decision
// 0072): a guest buys with an e-mail, creates the account from the order page with the code
// read from the test SMTP server, sees that order in "Minha conta", and leaves every device.
// Then the shared page cache: a signed-in customer's /loja is the shared copy, and nothing
// of them is in it; with JavaScript the header's "Entrar" becomes "Minha conta".
import { expect, expectNoSeriousA11yViolations, receivedMail, test } from "./fixtures";

const KELDOG = "Bifinho Keldog Sabor Carne 65 g";
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

const emailOf = (name: string) => `${name}.${Date.now().toString(36)}@example.com`;

async function codeSentTo(email: string): Promise<string> {
  const mail = await receivedMail(/Seu código para entrar/, 20_000, email);
  return /Seu código: (\d{6})/.exec(mail.text ?? "")![1]!;
}

test.describe("a customer's account on a phone without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("a guest order, Criar conta com este e-mail, the code, the order in Minha conta, Sair de todos os aparelhos", async ({
    page,
    playwright,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const email = emailOf("cliente.conta");

    // A guest buys, with an e-mail.
    await page.goto("/loja?q=keldog");
    await page.getByRole("button", { name: `Adicionar ${KELDOG} ao carrinho` }).click();
    await page.goto("/loja/checkout");
    await page.getByLabel("Nome completo").fill("Carla Conta");
    await page.getByLabel("Telefone / WhatsApp").fill("(47) 98888-4545");
    await page.getByRole("textbox", { name: "Rua" }).fill("Rua 300");
    await page.getByLabel("Número").fill("12");
    await page.getByRole("combobox", { name: /^Bairro/ }).selectOption("Centro");
    await page.getByLabel("Horário de entrega").selectOption("tarde");
    await page.getByLabel(/^E-mail/).fill(email);
    await page.getByRole("radio", { name: /^Dinheiro/ }).check();
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    const message = page.getByText(/^Pedido PED\d+ realizado com sucesso!/);
    await expect(message).toBeVisible();
    const numero = (await message.textContent())!.match(/PED\d+/)![0];

    // The header offers "Entrar"; the order page offers the account for the order's e-mail.
    await expect(page.getByTestId("conta-link")).toHaveAttribute("href", "/conta/entrar");
    await page.getByRole("link", { name: `Acompanhar pedido ${numero}` }).click();
    await page.getByRole("button", { name: "Criar conta com este e-mail" }).click();
    await expect(page).toHaveURL(/\/conta\/entrar\?email=/);
    await expect(page.getByLabel("E-mail")).toHaveValue(email);
    await page.getByRole("button", { name: "Receber código por e-mail" }).click();
    await expect(page.getByTestId("entrar-mensagem")).toContainText("enviamos um código");

    // A wrong code first, then the one from the e-mail.
    const code = await codeSentTo(email);
    await page.getByLabel("Código de 6 dígitos").fill(code === "000000" ? "111111" : "000000");
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("Código inválido ou vencido");
    await page.getByLabel("Código de 6 dígitos").fill(code);
    await page.getByRole("button", { name: "Entrar", exact: true }).click();
    await expect(page).toHaveURL(/\/conta$/);
    await expect(page.getByTestId("conta-email")).toContainText(email);
    const order = page.getByTestId("conta-pedidos").getByRole("link", { name: new RegExp(numero) });
    await expect(order).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    // Signed in, "Entrar" leads to the account; the order page no longer offers an account.
    await page.goto("/conta/entrar");
    await expect(page).toHaveURL(/\/conta$/);
    await order.click();
    await expect(page.getByRole("heading", { name: new RegExp(numero) })).toBeVisible();
    await expect(page.getByRole("button", { name: "Criar conta com este e-mail" })).toHaveCount(0);

    // The shared page cache: the signed-in customer's /loja is the shared copy, and another
    // visitor's page carries nothing of them.
    const session = (await page.context().cookies()).find((c) => c.name === "cliente_sessao")!;
    const signedIn = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { ...BROWSER, cookie: `cliente_sessao=${session.value}` },
    });
    const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: BROWSER });
    await visitor.get("/loja");
    const mine = await signedIn.get("/loja");
    expect(mine.headers()["x-cache"]).toBe("HIT");
    expect(await mine.text()).not.toContain(email);
    const theirs = await visitor.get("/loja");
    expect(await theirs.text()).not.toContain(email);
    const me = await signedIn.get("/conta/eu");
    expect(me.headers()["cache-control"]).toBe("private, no-store");
    expect(me.headers()["x-cache"]).toBeUndefined();
    expect(await me.json()).toMatchObject({ entrou: true });

    // Sair de todos os aparelhos: this phone and the other session are out.
    await page.goto("/conta");
    await page.getByRole("button", { name: "Sair de todos os aparelhos" }).click();
    await expect(page.getByText("Você saiu da conta em todos os aparelhos.")).toBeVisible();
    expect(await (await signedIn.get("/conta/eu")).json()).toEqual({ entrou: false });
    await page.goto("/conta");
    await expect(page).toHaveURL(/\/conta\/entrar\?voltar=%2Fconta$/);
    await signedIn.dispose();
    await visitor.dispose();
  });
});

test("with JavaScript, the header's Entrar becomes Minha conta on the shared pages", async ({
  page,
}) => {
  const email = emailOf("cliente.cabecalho");
  await page.goto("/conta/entrar");
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Receber código por e-mail" }).click();
  await page.getByLabel("Código de 6 dígitos").fill(await codeSentTo(email));
  await page.getByRole("button", { name: "Entrar", exact: true }).click();
  await expect(page).toHaveURL(/\/conta$/);
  await expectNoSeriousA11yViolations(page);
  for (const path of ["/loja", "/"]) {
    await page.goto(path);
    const link = page.getByTestId("conta-link").first();
    await expect(link).toHaveAttribute("href", "/conta");
    await expect(link).toHaveAccessibleName("Minha conta");
  }
});
