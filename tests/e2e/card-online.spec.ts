// Issue 43 point 1 end to end (decision 0080), on a 360 px phone: the customer picks
// "Cartão de crédito ou débito (Mercado Pago)", the confirm is a plain redirect to the fake's
// hosted checkout page, where the card is approved in 3x; the page sends the signed
// notification and redirects back to the order page, which reads "Pagamento aprovado".
import { payOnHostedPage } from "../support/payments-e2e";
import { addToCart, COMEDOURO, expect, fillCheckout } from "./fixtures";
import { paymentTest } from "./payment-shop";

paymentTest(
  "an order paid by card on the provider's page comes back 'Pagamento aprovado'",
  { offset: 13, name: "cartao", timeout: 150_000 },
  async ({ browser, mp, base }) => {
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: 360, height: 780 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();

    await addToCart(page, "comedouro", COMEDOURO);
    await fillCheckout(page, { nome: "Cliente Cartão E2E", horario: "tarde" });
    const card = page.getByRole("radio", { name: /Cartão de crédito ou débito \(Mercado Pago\)/ });
    await expect(page.getByText("Em até 6x (até 3x sem juros)")).toBeVisible();
    await card.check();
    await page.getByRole("textbox", { name: /E-mail/ }).fill("cliente@example.com");
    await page.getByRole("button", { name: "Confirmar pedido" }).click();

    // The provider's hosted page (the fake's), reached by a plain redirect.
    await payOnHostedPage(page, mp.url, { parcelas: 3 });

    await expect(page).toHaveURL(/\/loja\/pedido\/PED\d+\?token=.*status=approved/);
    await expect(page.getByRole("heading", { name: "Pagamento aprovado" })).toBeVisible();
    await expect(page.getByText(/confirmado pelo Mercado Pago em 3x/)).toBeVisible();
    await expect(page.getByTestId("status-pagamento")).toHaveText("Pago");
    // The notification reached the app (signed, by the hosted page) and was taken.
    expect(mp.cardPayments).toHaveLength(1);
    expect(mp.cardPayments[0]!.delivered).toBe(200);
    // Nothing wider than the phone.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await context.close();
  },
);
