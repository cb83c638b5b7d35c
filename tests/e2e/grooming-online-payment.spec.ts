// A grooming booking paid by Pix from its status page (issue 43 point 3, decision 0088), on a
// 360 px phone, against a server of its own that talks to the local Mercado Pago fake: the
// tutor books, the staff check the pet in at R$ 55,00 and mark it ready; the tutor's page
// offers "Pagar R$ 55,00 com Pix", shows the QR code and copia e cola; the provider approves,
// its signed notification reaches /webhooks/mercadopago, and the page and the agenda say
// "Pago"; "Entregue" no longer asks how the tutor paid.
import { E2E_ADMIN } from "../../playwright.config";
import { bookBath, checkInToReady } from "../support/grooming-e2e";
import { expect, expectNoSeriousA11yViolations, phone, signInAs, unique } from "./fixtures";
import { paymentTest } from "./payment-shop";

paymentTest(
  "a grooming booking paid by Pix from its status page says Pago there and on the agenda",
  { offset: 53, name: "banho-pix", online: "pix", timeout: 180_000 },
  async ({ browser, mp, base, notify }) => {
    const tutor = await browser.newContext({ ...phone(360), baseURL: base });
    const page = await tutor.newPage();
    const booking = await bookBath(page, unique("Pipoca"), 2, "carla@example.com");
    // Before check-in there is no final price: nothing to pay yet.
    await expect(page.getByTestId("pagar-pix")).toHaveCount(0);

    const staff = await browser.newContext({ ...phone(360), baseURL: base });
    const admin = await staff.newPage();
    await signInAs(admin, E2E_ADMIN, `/admin/servicos/agenda?dia=${booking.day}`, base);
    const card = admin.getByTestId(`agendamento-${booking.numero}`);
    await checkInToReady(card, "55,00");
    await expect(card.getByTestId("pagamento")).toHaveText("A receber R$ 55,00");

    await page.reload();
    const pay = page.getByTestId("pagar-pix");
    await pay.getByRole("button", { name: "Pagar R$ 55,00 com Pix" }).click();
    await expect(page.getByTestId("pix-qr").locator("svg")).toBeVisible();
    const [payment] = [...mp.payments.values()];
    expect(payment!.transaction_amount).toBe(55);
    expect(payment!.payer.email).toBe("carla@example.com");
    await expect(page.getByTestId("pix-payload")).toHaveValue(
      payment!.point_of_interaction.transaction_data.qr_code,
    );
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await expectNoSeriousA11yViolations(page);

    mp.setStatus(payment!.id, "approved");
    expect((await notify(String(payment!.id))).status).toBe(200);
    // Delivered again (the provider retries): still one payment.
    expect((await notify(String(payment!.id))).status).toBe(200);

    await page.reload();
    await expect(page.getByTestId("pago")).toContainText("Pago: R$ 55,00 (Pix online) em");
    await expect(page.getByTestId("pagar-pix")).toHaveCount(0);

    await admin.reload();
    await expect(card.getByTestId("pagamento")).toContainText(/^Pago R\$ 55,00 · Pix/);
    // Paid: "Entregue" hands the pet back without asking how it was paid.
    await card.getByRole("button", { name: /^Entregue/ }).click();
    await expect(card.getByTestId("status")).toHaveText("Entregue");
    await tutor.close();
    await staff.close();
  },
);
