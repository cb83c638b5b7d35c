// Issue 26, staff side: with the orders list open in a signed-in admin context, an order
// placed from another browser context arrives live (GET /admin/avisos, Server-Sent Events):
// a toast with its number and total, the list shows it without a reload, and on another
// admin page the menu counts it until the staff open the store.
import os from "node:os";
import path from "node:path";
import { E2E_ADMIN } from "../../playwright.config";
import { startOwnServer } from "../support/own-server";
import {
  addToCart,
  checkoutAndFollow,
  expect,
  gotoHydrated,
  loginAsAdmin,
  loginAt,
  test,
} from "./fixtures";

const PRODUCT = "Comedouro Inox Antiderrapante 500 ml";

test("a new order reaches the open admin live: toast with number and total, the list without a reload, the menu's count", async ({
  page,
  browser,
}) => {
  await loginAsAdmin(page, "/admin/loja?view=pedidos");
  await gotoHydrated(page, "/admin/loja?view=pedidos");
  // Wait for the stream to be open before ordering (it starts with the page anyway).
  const streamOpen = page.waitForResponse(
    (r) => r.url().includes("/admin/avisos") && r.status() === 200,
  );
  await page.reload();
  await streamOpen;
  // A marker that a reload would wipe.
  await page.evaluate(() => {
    (window as unknown as { semRecarregar: boolean }).semRecarregar = true;
  });

  const customer = await browser.newContext();
  try {
    const shop = await customer.newPage();
    await addToCart(shop, "comedouro", PRODUCT);
    const numero = await checkoutAndFollow(shop, {
      nome: "Cliente Ao Vivo",
      pagamento: "Dinheiro",
    });

    const toast = page.locator("[data-sonner-toast]").filter({ hasText: `Novo pedido ${numero}` });
    await expect(toast).toBeVisible();
    await expect(toast).toContainText("R$ 29,90");
    await expect(page.getByRole("heading", { name: new RegExp(`Pedido ${numero}`) })).toBeVisible();
    expect(
      await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar),
    ).toBe(true);

    // Elsewhere in the panel, the store's menu entry counts what arrived.
    await page
      .getByRole("link", { name: /Estoque/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/admin\/estoque/);
    await addToCart(shop, "comedouro", PRODUCT);
    const segundo = await checkoutAndFollow(shop, { nome: "Cliente Dois", pagamento: "Dinheiro" });
    await expect(
      page.locator("[data-sonner-toast]").filter({ hasText: `Novo pedido ${segundo}` }),
    ).toBeVisible();
    const store = page.getByRole("link", { name: /Loja Online/ }).first();
    await expect(store.getByTestId("aviso-contador")).toHaveText(/^1/);
    await store.click();
    await expect(page.getByTestId("aviso-contador")).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { semRecarregar?: boolean }).semRecarregar),
    ).toBe(true);
  } finally {
    await customer.close();
  }
});

// +7 to +11 and +20 to +22 are taken by other specs that start servers of their own.
const PORT = Number(process.env.E2E_PORT || 3100) + 23;

test("a server with open admin streams still stops at once on SIGTERM", async ({ page }) => {
  test.setTimeout(150_000);
  const server = startOwnServer(PORT, {
    DATA_DIR: path.join(os.tmpdir(), `agropet-live-stop-${Date.now()}`),
    ADMIN_EMAIL: E2E_ADMIN.email,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    LOG_LEVEL: "info",
    SHUTDOWN_DELAY: "0",
  });
  try {
    await server.ready();
    const streamOpen = page.waitForResponse(
      (r) => r.url().includes("/admin/avisos") && r.status() === 200,
    );
    await loginAt(page, `${server.base}/admin/login?redirectTo=%2Fadmin%2Floja%3Fview%3Dpedidos`);
    await streamOpen;
    // The stream is in flight: the shutdown ends it instead of waiting for it.
    const signalledAt = Date.now();
    await server.stop();
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
    expect(server.output()).toContain("encerrado");
    expect(server.output()).not.toContain("encerramento demorou demais");
  } finally {
    server.kill();
  }
});
