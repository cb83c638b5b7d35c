// Issue 42 point 5 on a 390 px phone without JavaScript (decision 0074): a sold-out pack of
// the demo shop (Peitoral Ajustável Confort, size M) offers "Avise-me quando chegar"; the
// customer asks with an e-mail and the consent; the staff count stock in the admin; the
// e-mail reaches the test SMTP server.
import { expect, loginAsAdmin, receivedMail, test } from "./fixtures";

const PRODUTO = "Peitoral Ajustável Confort com Guia";
const SKU = "ACE-PEIT-CONF-M";

test("a sold-out variant's Avise-me e-mail arrives after a stock adjustment", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `avise-${Date.now().toString(36)}@example.com`;

  const phone = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await phone.newPage();
  await page.goto("/loja?q=peitoral");
  await page.getByRole("link", { name: `Ver detalhes de ${PRODUTO}` }).click();
  // The sold-out size is crossed out and still opens its page.
  await page.getByRole("link", { name: "M (esgotado)" }).click();
  await expect(page).toHaveURL(new RegExp(`v=${SKU}`));
  await page.getByRole("link", { name: "Avise-me quando chegar" }).click();
  await expect(page.getByRole("heading", { name: "Avise-me quando chegar" })).toBeVisible();
  await page.getByLabel("Seu e-mail").fill(email);
  // Without the consent: refused, the e-mail kept.
  await page.getByRole("button", { name: "Avise-me quando chegar" }).click();
  await expect(page.getByText("Marque a caixa para autorizar o e-mail de aviso")).toBeVisible();
  await expect(page.getByLabel("Seu e-mail")).toHaveValue(email);
  await page.getByLabel(/Autorizo o envio de um e-mail/).check();
  await page.getByRole("button", { name: "Avise-me quando chegar" }).click();
  await expect(page.getByTestId("avise-me-pronto")).toContainText(
    "Pronto! Vamos te avisar por e-mail quando chegar.",
  );
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await phone.close();

  // The staff count 5 in hand at the unit.
  const staff = await browser.newContext();
  const admin = await staff.newPage();
  await loginAsAdmin(admin, `/admin/estoque?q=${SKU}`);
  await admin.getByRole("button", { name: `Ajustar ${PRODUTO} — M`, exact: true }).click();
  // A unit that sells (the demo's other unit opens soon: its stock tells no one).
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Unidade").selectOption({ label: "Unidade Meia Praia" });
  await dialog.getByLabel("Quantidade em mãos após a contagem").fill("5");
  await dialog.getByLabel("Motivo").fill("Chegou mercadoria");
  await dialog.getByRole("button", { name: "Salvar ajuste" }).click();
  await expect(admin.getByText("Estoque ajustado").first()).toBeVisible();
  await staff.close();

  const mail = await receivedMail(/^Chegou: Peitoral Ajustável Confort/, 60_000, email);
  expect(mail.text).toContain(`v=${SKU}`);
});
