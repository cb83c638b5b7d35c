// Issue 43's proof end to end, on phones (375 px), against a server of its own that talks to
// the local Mercado Pago fake (Pix and card on): an order paid by card on the provider's hosted
// page comes back "Pagamento aprovado"; a pick-up order is paid in cash at the counter; a
// grooming booking, checked in at R$ 55,00, is paid by Pix from its status page; the day close
// (/admin/fechamento) of the unit shows all three, each under its way of paying.
import { E2E_ADMIN } from "../../playwright.config";
import { bookBath, checkInToReady } from "../support/grooming-e2e";
import {
  handOverInCash,
  openDayClose,
  payOnHostedPage,
  placePickupOrder,
} from "../support/payments-e2e";
import {
  addToCart,
  COMEDOURO,
  expect,
  fillCheckout,
  MEIA_PRAIA,
  phone,
  signInAs,
  unique,
} from "./fixtures";
import { paymentTest } from "./payment-shop";

paymentTest(
  "card online, cash at the counter and a grooming Pix all show in the day close",
  { offset: 61, name: "fechamento-tudo", timeout: 300_000 },
  async ({ browser, mp, base, notify }) => {
    const customer = await browser.newContext({ ...phone(390), baseURL: base });
    const page = await customer.newPage();
    await page.setViewportSize({ width: 375, height: 812 });

    // --- An order paid by card on the provider's page ---
    await addToCart(page, "comedouro", COMEDOURO);
    await fillCheckout(page, { nome: "Cliente Cartão E2E", horario: "tarde" });
    await page.getByRole("radio", { name: /Cartão de crédito ou débito \(Mercado Pago\)/ }).check();
    await page.getByRole("textbox", { name: /E-mail/ }).fill("cliente@example.com");
    await page.getByRole("button", { name: "Confirmar pedido" }).click();
    await payOnHostedPage(page, mp.url, { parcelas: 2 });
    await expect(page).toHaveURL(/\/loja\/pedido\/PED\d+\?token=/);
    await expect(page.getByRole("heading", { name: "Pagamento aprovado" })).toBeVisible();
    const cardOrder = new URL(page.url()).pathname.split("/").at(-1)!;

    // --- A pick-up order, paid at the counter ---
    await addToCart(page, "comedouro", COMEDOURO);
    const pickup = await placePickupOrder(page, MEIA_PRAIA, /^R\$ \d/);

    // --- A grooming booking for today's unit ---
    const booking = await bookBath(page, unique("Pipoca"), 2, "carla@example.com");

    const staff = await browser.newContext({ ...phone(360), baseURL: base });
    const admin = await staff.newPage();
    await signInAs(admin, E2E_ADMIN, `/admin/servicos/agenda?dia=${booking.day}`, base);
    await checkInToReady(admin.getByTestId(`agendamento-${booking.numero}`), "55,00");
    await handOverInCash(admin, pickup.numero, pickup.codigo, "100,00");

    // --- The tutor pays the booking by Pix from its status page ---
    await page.reload();
    await page
      .getByTestId("pagar-pix")
      .getByRole("button", { name: "Pagar R$ 55,00 com Pix" })
      .click();
    await expect(page.getByTestId("pix-qr").locator("svg")).toBeVisible();
    const pix = [...mp.payments.values()].find((p) => p.external_reference === booking.numero)!;
    mp.setStatus(pix.id, "approved");
    expect((await notify(String(pix.id))).status).toBe(200);
    await page.reload();
    await expect(page.getByTestId("pago")).toContainText("Pago: R$ 55,00 (Pix online)");

    // --- The day close of the unit: the three, each under its way of paying ---
    await openDayClose(admin, MEIA_PRAIA);
    const entrada = (ref: string) =>
      admin.getByTestId("fechamento-entrada").filter({ hasText: ref });
    await expect(entrada(cardOrder)).toContainText(`Cartão online · ${cardOrder} (2x)`);
    await expect(entrada(pickup.numero)).toContainText(`Dinheiro · ${pickup.numero}`);
    await expect(entrada(booking.numero)).toContainText(`Pix online · ${booking.numero}`);
    await expect(admin.getByTestId("nao-fiscal")).toHaveText("Não é documento fiscal");
    expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
    await customer.close();
    await staff.close();
  },
);
