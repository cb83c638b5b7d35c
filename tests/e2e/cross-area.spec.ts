// Flows that cross the store, the admin core and the store settings: the dashboard after real
// checkouts, and the Pix code on the order page once the admin turns manual Pix on.

import { addToCart, checkoutAndFollow, expect, loginAsAdmin, type Page, test } from "./fixtures";

/** Checks out one unit of a seeded product and returns the order number, page URL and total. */
// Manual Pix is switched on here; the fixture saves the settings back after each test.
test.use({ restoreSettings: true });

async function checkout(page: Page, options: { payment: "Dinheiro" | "PIX" }) {
  const nome = "Bifinho Keldog Sabor Carne 65 g";
  await addToCart(page, "keldog", nome);
  const numero = await checkoutAndFollow(page, {
    nome: "Cliente Painel E2E",
    horario: "tarde",
    pagamento: options.payment,
  });
  await expect(page).toHaveURL(new RegExp(`/loja/pedido/${numero}\\?token=`));
  const total = (await page.getByTestId("pedido-total").textContent())!;
  return { numero, url: page.url(), total };
}

const centavos = (brl: string) => Number(brl.replace(/[^\d]/g, ""));
const count = async (page: Page, testId: string) =>
  Number(((await page.getByTestId(testId).textContent()) ?? "").match(/\d+/)![0]);

test("the dashboard counts two orders placed in the store", async ({ page }) => {
  await loginAsAdmin(page, "/admin/dashboard");
  await page.goto("/admin/dashboard");
  const before = {
    pedidosMes: await count(page, "pedidos-mes"),
    vendasMes: centavos((await page.getByTestId("vendas-mes").textContent())!),
  };

  const first = await checkout(page, { payment: "Dinheiro" });
  const second = await checkout(page, { payment: "Dinheiro" });

  await page.goto("/admin/dashboard");
  expect(await count(page, "pedidos-mes")).toBe(before.pedidosMes + 2);
  expect(centavos((await page.getByTestId("vendas-mes").textContent())!)).toBe(
    before.vendasMes + centavos(first.total) + centavos(second.total),
  );
  // Both orders are among the five newest.
  await expect(page.getByTestId("pedidos-recentes")).toContainText(first.numero);
  await expect(page.getByTestId("pedidos-recentes")).toContainText(second.numero);
});

test("with manual Pix on, the order page shows the Pix code and QR for the exact total", async ({
  page,
}) => {
  await loginAsAdmin(page, "/admin/loja?view=configuracoes");
  await setManualPix(page, true);
  await expectPixOrderPage(page);
});

async function setManualPix(page: Page, on: boolean) {
  await page.goto("/admin/loja?view=configuracoes");
  await page.getByLabel("Aceitar Pix (código copia e cola no pedido)").setChecked(on);
  if (on) {
    await page.getByLabel("Chave Pix").fill("123e4567-e12b-12d1-a456-426655440000");
    await page.getByLabel(/Nome do recebedor/).fill("Agropet Litoral");
    await page.getByLabel(/Cidade/).fill("ITAPEMA");
  }
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText(/Configurações salvas/).first()).toBeVisible();
}

async function expectPixOrderPage(page: Page) {
  const order = await checkout(page, { payment: "PIX" });
  const payload = (await page.getByTestId("pix-payload").textContent())?.trim() ?? "";
  expect(payload).toMatch(/^000201/);
  expect(payload).toContain("0014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-426655440000");
  // Field 54 carries the exact total, e.g. 'R$ 14,90' -> '540514.90'.
  const amount = (centavos(order.total) / 100).toFixed(2);
  expect(payload).toContain(`54${String(amount.length).padStart(2, "0")}${amount}`);
  expect(payload).toMatch(/6304[0-9A-F]{4}$/);
  await expect(page.getByLabel(`QR Code Pix de ${order.total}`)).toBeVisible();
}
