// Issue 39, point 2 on a 390 px phone: the admin types the shop's CNPJ with its mask, the
// screen says it was saved as digits, a value that is no key is refused with examples,
// and the order's copia e cola carries the digits, with and without JavaScript.
import { addToCart, checkoutAndFollow, expect, loginAsAdmin, type Page, test } from "./fixtures";

test.use({ restoreSettings: true, viewport: { width: 390, height: 844 } });

const SCREEN = "/admin/loja?view=configuracoes";

async function fillPix(page: Page, chave: string) {
  await page.getByLabel("Aceitar Pix (código copia e cola no pedido)").setChecked(true);
  await page.getByLabel("Chave Pix").fill(chave);
  await page.getByLabel(/Nome do recebedor/).fill("Agropet Litoral");
  await page.getByLabel(/Cidade/).fill("ITAPEMA");
  await page.getByRole("button", { name: "Salvar configurações" }).click();
}

test("a CNPJ typed with its mask goes into the BR Code as digits", async ({ page, browser }) => {
  await loginAsAdmin(page, SCREEN);
  await page.goto(SCREEN);

  await fillPix(page, "27.865.431/0001-78");
  await expect(page.getByText(/CNPJ inválido: confira os dígitos/).first()).toBeVisible();
  await expect(page.getByText(/celular \(47\) 99999-0416/).first()).toBeVisible();

  await fillPix(page, "27.865.431/0001-77");
  await expect(page.getByText(/Configurações salvas/).first()).toBeVisible();
  await page.goto(SCREEN);
  await expect(page.getByText("CNPJ, salva como 27865431000177", { exact: false })).toBeVisible();
  // The name field says how much of it the code keeps.
  await expect(page.getByText(/leva até 25 caracteres/)).toBeVisible();

  await addToCart(page, "keldog", "Bifinho Keldog Sabor Carne 65 g");
  await checkoutAndFollow(page, { nome: "Cliente Pix CNPJ", horario: "tarde", pagamento: "PIX" });
  const payload = (await page.getByTestId("pix-payload").textContent())?.trim() ?? "";
  expect(payload).toContain("0014br.gov.bcb.pix011427865431000177");
  expect(payload).not.toContain("27.865.431");

  // The same order page without JavaScript carries the same code.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  try {
    const noJs = await plain.newPage();
    await noJs.goto(page.url());
    await expect(noJs.getByTestId("pix-payload")).toContainText("011427865431000177");
  } finally {
    await plain.close();
  }
});

test("without JavaScript the admin saves the key normalised and says so", async ({ browser }) => {
  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: { width: 390, height: 844 },
  });
  try {
    const page = await context.newPage();
    await loginAsAdmin(page, SCREEN);
    await page.goto(SCREEN);
    await fillPix(page, "(47) 99999-0416");
    await page.goto(SCREEN);
    await expect(
      page.getByText("Celular, salva como +5547999990416", { exact: false }),
    ).toBeVisible();
  } finally {
    await context.close();
  }
});
