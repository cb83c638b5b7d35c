// A grooming booking paid at the counter (issue 43 point 3, decision 0078) on a 360 px phone:
// the tutor books online (a phone without JavaScript), the staff check the pet in with its
// final price, and "Entregue" asks how the tutor paid first; paid by Pix, the card says
// "Pago", the day's money counts it, and the tutor's status page says "Pago" too.
import type { Browser, Page } from "@playwright/test";
import { bookBath, checkInToReady } from "../support/grooming-e2e";
import {
  expect,
  expectNoSeriousA11yViolations,
  loginAsAdmin,
  phone as phone360,
  test,
  unique,
} from "./fixtures";

async function phone(browser: Browser, javaScriptEnabled: boolean) {
  const context = await browser.newContext(phone360(360, { javaScriptEnabled }));
  return { context, page: await context.newPage() };
}

/** Nothing wider than the phone: the page never scrolls sideways. */
async function expectNoSideScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
}

test("a booking checked in at R$ 55,00 is handed back paid by Pix: Pago on the card and the status page", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const tutor = await phone(browser, false);
  const pet = unique("Pipoca");
  const booking = await bookBath(tutor.page, pet, 2);

  const staff = await phone(browser, true);
  await loginAsAdmin(staff.page, `/admin/servicos/agenda?dia=${booking.day}`);
  const card = staff.page.getByTestId(`agendamento-${booking.numero}`);
  await checkInToReady(card, "55,00");
  await expect(card.getByTestId("pagamento")).toHaveText("A receber R$ 55,00");
  const money = staff.page.getByTestId("caixa-do-dia");
  await expect(money.getByTestId("a-receber").first()).toContainText("R$ 55,00");

  // "Entregue" asks how the tutor paid first: Pix, the final price.
  await expect(card.getByRole("button", { name: /^Entregue/ })).toHaveCount(0);
  await card.locator("summary", { hasText: /^Entregue/ }).click();
  await expect(card.getByLabel("Valor recebido (R$)")).toHaveValue("55,00");
  await card.getByLabel("Como foi pago").selectOption("pix");
  await expectNoSideScroll(staff.page);
  await expectNoSeriousA11yViolations(staff.page);
  await card.getByRole("button", { name: /^Receber e entregar/ }).click();
  await expect(card.getByTestId("status")).toHaveText("Entregue");
  await expect(card.getByTestId("pagamento")).toContainText(/^Pago R\$ 55,00 · Pix · \d{2}:\d{2}$/);
  await expect(card.locator("summary", { hasText: /^Entregue/ })).toHaveCount(0);
  await expect(money.getByTestId("recebido").first()).toContainText("Pix R$ 55,00");
  await expectNoSideScroll(staff.page);
  await staff.context.close();

  // The tutor's page (no-store, behind its secret link) says it was paid.
  await tutor.page.reload();
  await expect(tutor.page.getByTestId("status-agendamento")).toHaveText("Entregue");
  await expect(tutor.page.getByTestId("pago")).toContainText("Pago: R$ 55,00 (Pix) em");
  await tutor.context.close();
});

test("without JavaScript, a walk-in never checked in asks its final price; a discount without reason comes back as typed", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const staff = await phone(browser, false);
  await loginAsAdmin(staff.page, "/admin/servicos/agenda");
  const pet = unique("Rex");
  const walkIn = staff.page
    .locator("form")
    .filter({ has: staff.page.getByRole("button", { name: "Adicionar encaixe" }) });
  await walkIn.getByLabel("Horário").fill("09:00");
  await walkIn.getByLabel("Tutor").fill("Seu Pedro");
  await walkIn.getByLabel("WhatsApp").fill("(47) 98877-6655");
  await walkIn.getByLabel("Pet").fill(pet);
  await walkIn.getByRole("group", { name: "Serviços" }).getByRole("checkbox").first().check();
  await walkIn.getByLabel("Encaixar acima da capacidade").check();
  await walkIn.getByRole("button", { name: "Adicionar encaixe" }).click();
  const card = staff.page.getByTestId(/^agendamento-/).filter({ hasText: pet });
  await card.getByRole("button", { name: /^Iniciar/ }).click();
  await card.getByRole("button", { name: /^Pronto/ }).click();
  await expect(card.getByTestId("status")).toHaveText("Pronto para buscar");
  await expect(card.getByTestId("pagamento")).toContainText("(estimado)");

  await card.locator("summary", { hasText: /^Entregue/ }).click();
  // No check-in, no final price: asked, starting from the estimate.
  const estimate = await card.getByLabel("Preço final (R$)").inputValue();
  expect(estimate).toMatch(/^\d+,\d{2}$/);
  await card.getByLabel("Como foi pago").selectOption("debito");
  await card.getByLabel("Valor recebido (R$)").fill("10,00");
  await card.getByRole("button", { name: /^Receber e entregar/ }).click();
  // Refused next to the reason, the form open again with what was typed.
  await expect(
    card.getByText(/^O valor é diferente do total \(R\$ .+\): diga o motivo$/),
  ).toBeVisible();
  await expect(card.getByLabel("Valor recebido (R$)")).toHaveValue("10,00");
  await expect(card.getByLabel("Como foi pago")).toHaveValue("debito");
  await expect(card.getByTestId("status")).toHaveText("Pronto para buscar");
  await card.getByLabel("Motivo do valor diferente do total").fill("cortesia da casa");
  await card.getByRole("button", { name: /^Receber e entregar/ }).click();
  await expect(card.getByTestId("status")).toHaveText("Entregue");
  await expect(card.getByTestId("pagamento")).toContainText(/^Pago R\$ 10,00 · Cartão de débito/);
  await expectNoSideScroll(staff.page);
  await staff.context.close();
});
