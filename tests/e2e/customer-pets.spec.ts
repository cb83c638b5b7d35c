// A signed-in customer's pets serve the grooming room (issue 42 point 3, decision 0073), on a
// 390 px phone without JavaScript: the customer adds Thor (G, pelo longo, "alergia a
// perfume") and his antirrábica in "Meus pets", books a bath with Thor filled in ("preço a
// confirmar": the size is the customer's until check-in), and the staff's agenda card shows
// the allergy. Its own server, so the customer's session (as if the e-mail code had just been
// typed: the sign-in itself is point 1's) and a staff member are written in its database first.
import type { Page } from "@playwright/test";
import { customerCookie } from "~/modules/customers/testing.server";
import { startSeededServer } from "../support/own-server";
import { expect, expectNoSideScroll as expectSideScroll, isoDay, phone, test } from "./fixtures";
import { ownShop, seedStaff, whileServing } from "./own-shop";

const shop = ownShop(31);
const BASE = shop.base;
const PHONE = phone(390, { javaScriptEnabled: false });

/** Nothing wider than the screen: the page never scrolls sideways (360 px too). */
async function expectNoSideScroll(page: Page) {
  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    await expectSideScroll(page, width);
  }
  await page.setViewportSize({ width: 390, height: 844 });
}

test("a customer adds Thor with his allergy and vaccine, books a bath with Thor filled in; the agenda card shows the allergy", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { server, seeded: cookie } = await startSeededServer(shop.port, "pets", async (db) => {
    await seedStaff(db, { email: "olga@agropet.test", nome: "Olga", papel: "dono" });
    const { cookie } = await customerCookie("carla@example.com", BASE, db);
    return cookie;
  });
  await whileServing(server, async () => {
    const { context } = await shop.customerContext(browser, cookie, PHONE);
    const customer = await context.newPage();

    // "Meus pets": add Thor.
    await customer.goto(`${BASE}/conta/pets`);
    await expect(customer.getByRole("heading", { name: "Meus pets" })).toBeVisible();
    await expectNoSideScroll(customer);
    await customer.getByRole("textbox", { name: "Nome", exact: true }).fill("Thor");
    await customer.getByLabel("Raça").fill("Golden Retriever");
    await customer.getByLabel("Porte").selectOption("G");
    await customer.getByLabel("Pelagem").selectOption("longa");
    await customer.getByLabel("Cuidados (alergias, comportamento)").fill("alergia a perfume");
    await customer.getByRole("button", { name: "Adicionar pet" }).click();
    await expect(customer).toHaveURL(/\/conta\/pets\/[0-9a-f-]{36}\?feito=novo$/);
    await expect(customer.getByRole("status")).toHaveText("Pet adicionado.");
    await expect(customer.getByTestId("porte-a-confirmar")).toBeVisible();

    // His antirrábica, valid for a year.
    const validUntil = isoDay(365);
    await customer.getByRole("combobox", { name: "Vacina", exact: true }).fill("Antirrábica");
    await customer.getByLabel("Aplicada em").fill(isoDay(-10));
    await customer.getByLabel("Válida até").fill(validUntil);
    await customer.getByRole("button", { name: "Enviar vacina" }).click();
    await expect(customer).toHaveURL(/feito=vacina$/);
    const [y, m, d] = validUntil.split("-");
    await expect(customer.getByTestId("vacinas")).toContainText(`Antirrábica · aplicada em`);
    await expect(customer.getByTestId("vacinas")).toContainText(`válida até ${d}/${m}/${y}`);
    await expect(customer.getByTestId("vacina-situacao")).toHaveText("Enviada");
    await expectNoSideScroll(customer);

    // The booking form offers Thor filled in.
    await customer.goto(`${BASE}/servicos/agendar`);
    await customer.getByTestId("pets-da-conta").getByRole("link", { name: "Agendar Thor" }).click();
    await expect(customer.getByLabel("Nome do pet")).toHaveValue("Thor");
    await expect(customer.getByLabel("Porte")).toHaveValue("G");
    await expect(customer.getByLabel("Pelagem")).toHaveValue("longa");
    await expect(customer.getByLabel("Algo que devemos saber?")).toHaveValue("alergia a perfume");
    await customer.getByRole("checkbox", { name: /^Banho a partir de/ }).check();
    const day = customer.getByRole("combobox", { name: "Dia", exact: true });
    const chosenDay = (await day.locator("option").nth(3).getAttribute("value"))!;
    await day.selectOption(chosenDay);
    await customer.getByRole("button", { name: "Ver horários e preço" }).click();
    await expect(customer.getByTestId("a-confirmar-0")).toContainText("Preço a confirmar");
    await customer
      .getByRole("radiogroup", { name: "Horário para deixar o pet" })
      .getByRole("radio")
      .first()
      .check();
    await expect(customer.getByLabel("E-mail (opcional)")).toHaveValue("carla@example.com");
    await customer.getByLabel("Seu nome").fill("Carla Mendes");
    await customer.getByRole("textbox", { name: "WhatsApp", exact: true }).fill("(47) 99123-4567");
    await customer.getByRole("button", { name: "Confirmar agendamento" }).click();
    await expect(customer).toHaveURL(/\/servicos\/agendamento\/AGD\d{6}\?token=/);
    const numero = new URL(customer.url()).pathname.split("/").at(-1)!;
    await expect(customer.getByTestId("preco-a-confirmar")).toBeVisible();
    await expect(customer.getByText("Thor", { exact: false }).first()).toBeVisible();
    await context.close();

    // The staff: the agenda card of that day shows Thor's allergy and the size to confirm.
    const staffContext = await browser.newContext({
      locale: "pt-BR",
      timezoneId: "America/Sao_Paulo",
    });
    const staff = await staffContext.newPage();
    await shop.signIn(staff, "olga@agropet.test", "/admin/servicos/agenda");
    await expect(staff.getByRole("heading", { name: "Agenda de Banho & Tosa" })).toBeVisible();
    await staff.goto(`${BASE}/admin/servicos/agenda?dia=${chosenDay}`);
    const card = staff.getByTestId(`agendamento-${numero}`);
    await expect(card.getByTestId("alertas")).toHaveText("alergia a perfume");
    await expect(card).toContainText("porte e preço a confirmar");
    await card.getByRole("link", { name: "Histórico do pet" }).click();
    await expect(staff.getByTestId("pet-agendamentos")).toContainText(numero);
    await expect(staff.getByTestId("pet-alertas")).toContainText("alergia a perfume");
    await staffContext.close();
  });
});
