// Issue 13 on the customer's screens: the 404 page inside the site's shell, every chat link
// and phone on the number the shop configured, and the order's WhatsApp message as a link
// the customer taps on the order-success screen.
import type { Browser, Page } from "@playwright/test";
import { addToCart, expect, fillCheckout, loginAsAdmin, test } from "./fixtures";

// The chat test changes the number; the fixture saves the settings back after each test.
test.use({ restoreSettings: true });

const PRODUCT = "Comedouro Inox Antiderrapante 500 ml";
const CONFIGURED = { typed: "(47) 98765-4321", digits: "5547987654321", shown: "(47) 98765-4321" };

test("an unknown address answers 404 inside the banner, header, footer and chat button", async ({
  page,
}) => {
  const response = await page.goto("/nao-existe/mesmo");
  expect(response?.status()).toBe(404);
  await expect(
    page.getByRole("heading", { name: "Página não encontrada", level: 1 }),
  ).toBeVisible();
  await expect(page.getByText(/Entrega grátis nos bairros atendidos/)).toBeVisible();
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(
    page.getByRole("link", { name: /WhatsApp da Agropet Litoral/ }).last(),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Voltar para o início" })).toHaveAttribute(
    "href",
    "/",
  );
});

async function setChat(page: Page, number: string, sendOrders: boolean) {
  await page.goto("/admin/loja?view=configuracoes");
  await page.getByLabel("Número do WhatsApp").fill(number);
  const toggle = page.getByLabel("Enviar pedidos pelo WhatsApp");
  if ((await toggle.isChecked()) !== sendOrders) await toggle.click();
  await page.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText("Configurações salvas com sucesso!")).toBeVisible();
}

async function adminPage(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await loginAsAdmin(page, "/admin/loja?view=configuracoes");
  return page;
}

test("the configured WhatsApp number is on every chat link, and the order's message is a link to tap", async ({
  browser,
  page,
}) => {
  const admin = await adminPage(browser);
  try {
    await setChat(admin, CONFIGURED.typed, true);
    await page.context().route("https://wa.me/**", (route) => route.fulfill({ body: "wa.me" }));

    // Site pages (header, floating button, footer), the 404 page and the store's footer.
    for (const path of ["/", "/contato", "/loja", "/nao-existe"]) {
      await expect(async () => {
        await page.goto(path);
        const hrefs = await page
          .locator('a[href^="https://wa.me/"]')
          .evaluateAll((links) => links.map((link) => link.getAttribute("href") ?? ""));
        expect(hrefs.length, path).toBeGreaterThan(0);
        for (const href of hrefs) expect(href, path).toContain(`wa.me/${CONFIGURED.digits}`);
      }).toPass({ timeout: 10_000 });
      await expect(page.getByRole("contentinfo")).toContainText(CONFIGURED.shown);
    }

    // A checkout: the success screen leads with the WhatsApp message as a real link.
    await addToCart(page, "comedouro", PRODUCT);
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 1 item");
    await fillCheckout(page, { nome: "Cliente do Link", pagamento: "Dinheiro" });
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await expect(page).toHaveURL(/\/loja$/);
    const status = page
      .getByRole("status")
      .filter({ hasText: /Pedido PED\d{8} realizado com sucesso/ });
    const numero = ((await status.textContent()) ?? "").match(/PED\d{8}/)![0];
    const chat = status.getByRole("link", { name: "Enviar pedido pelo WhatsApp" });
    // The first action on the screen, before 'Acompanhar pedido'.
    await expect(status.getByRole("link").first()).toHaveAccessibleName(
      "Enviar pedido pelo WhatsApp",
    );
    const href = (await chat.getAttribute("href")) ?? "";
    expect(href).toMatch(new RegExp(`^https://wa\\.me/${CONFIGURED.digits}\\?text=`));
    expect(decodeURIComponent(href)).toContain(numero);
    await expect(chat).toHaveAttribute("target", "_blank");
    const popup = page.waitForEvent("popup");
    await chat.click();
    await (await popup).waitForURL(/wa\.me\//);
  } finally {
    await admin.context().close();
  }
});
