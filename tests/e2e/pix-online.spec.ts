// Online Pix end to end: a server of its own talks to a local server that answers as
// Mercado Pago's API does. The customer picks 'Pix (aprovação automática)', lands on the
// order page with the QR code and copia e cola; the payment is approved at the "provider",
// a signed notification reaches /webhooks/mercadopago, and the open page turns
// 'Pagamento confirmado' by itself, without a reload.
import { addToCart, COMEDOURO, expect, fillCheckout } from "./fixtures";
import { paymentTest } from "./payment-shop";

// The notification confirms the payment here, not the reconciliation pass.
paymentTest(
  "an order paid by online Pix turns 'Pagamento confirmado' on its open page",
  { offset: 11, name: "pix", online: "pix", timeout: 150_000 },
  async ({ browser, mp, base, notify }) => {
    const context = await browser.newContext({ baseURL: base });
    const page = await context.newPage();

    await addToCart(page, "comedouro", COMEDOURO);
    await fillCheckout(page, { nome: "Cliente Pix E2E", horario: "tarde" });
    // Optional for the confirmation, required for online Pix.
    const email = page.getByRole("textbox", { name: /E-mail/ });
    await expect(email).not.toHaveAttribute("required");
    await page.getByRole("radio", { name: "Pix (aprovação automática)" }).check();
    await expect(email).toHaveAttribute("required");
    await email.fill("cliente@example.com");
    await page.getByRole("button", { name: "Confirmar pedido" }).click();

    await expect(page).toHaveURL(/\/loja\/pedido\/PED\d+\?token=/);
    await expect(page.getByRole("heading", { name: /^Pague com Pix: R\$/ })).toBeVisible();
    await expect(page.getByTestId("pix-qr").locator("svg")).toBeVisible();
    const [payment] = [...mp.payments.values()];
    expect(payment).toBeDefined();
    expect(payment!.payer.email).toBe("cliente@example.com");
    await expect(page.getByTestId("pix-payload")).toHaveValue(
      payment!.point_of_interaction.transaction_data.qr_code,
    );
    await expect(page.getByRole("button", { name: "Copiar código Pix" })).toBeVisible();
    await expect(page.getByTestId("pix-tempo-restante")).toHaveText(/faltam (29|30):\d\d/);
    await expect(page.getByRole("link", { name: "Atualizar" })).toBeVisible();
    await expect(page.getByTestId("cart-button")).toHaveAccessibleName("Carrinho, 0 itens");

    // Marks this document: it must still be the same one when the payment shows.
    await page.evaluate(() => {
      (window as unknown as { semRecarga: boolean }).semRecarga = true;
    });

    mp.setStatus(payment!.id, "approved");
    const notified = await notify(String(payment!.id));
    expect(notified.status).toBe(200);

    await expect(page.getByRole("heading", { name: "Pagamento confirmado" })).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByTestId("status-pagamento")).toHaveText("Pago");
    await expect(page.getByTestId("pix-qr")).toHaveCount(0);
    expect(
      await page.evaluate(() => (window as unknown as { semRecarga?: boolean }).semRecarga),
    ).toBe(true);
    await context.close();
  },
);
