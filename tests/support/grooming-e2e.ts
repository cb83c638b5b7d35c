// The booking form and the agenda as the grooming e2e specs drive them: pick a day and its
// first free time, confirm as a tutor, read the booking's number, and take a booking on the
// staff's agenda from "Solicitado" to "Pronto para buscar" with its final price.
import { expect, type Locator, type Page } from "@playwright/test";

/** Picks the `nth` day offered, asks for its times and price, and takes the first time. */
export async function pickDayAndFirstTime(page: Page, nth: number) {
  const day = page.getByRole("combobox", { name: "Dia", exact: true });
  const value = (await day.locator("option").nth(nth).getAttribute("value"))!;
  await day.selectOption(value);
  await page.getByRole("button", { name: "Ver horários e preço" }).click();
  await page
    .getByRole("radiogroup", { name: "Horário para deixar o pet" })
    .getByRole("radio")
    .first()
    .check();
  return value;
}

/** The tutor's name and WhatsApp (and e-mail), then "Confirmar agendamento". */
export async function confirmAs(
  page: Page,
  tutor: { nome: string; whatsapp: string; email?: string },
) {
  await page.getByLabel("Seu nome").fill(tutor.nome);
  await page.getByRole("textbox", { name: "WhatsApp", exact: true }).fill(tutor.whatsapp);
  if (tutor.email !== undefined) await page.getByLabel("E-mail (opcional)").fill(tutor.email);
  await page.getByRole("button", { name: "Confirmar agendamento" }).click();
}

/** The booking's status page opened after confirming: its number. */
export async function bookedNumber(page: Page) {
  await expect(page).toHaveURL(/\/servicos\/agendamento\/AGD\d{6}\?token=/);
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

/** Books one small pet's bath for the first free time of the `nth` day offered. */
export async function bookBath(page: Page, pet: string, nth: number, email?: string) {
  await page.goto("/servicos/agendar");
  await page.getByLabel("Nome do pet").fill(pet);
  await page.getByLabel("Porte").selectOption("P");
  await page.getByLabel("Pelagem").selectOption("curta");
  await page.getByRole("checkbox", { name: /^Banho a partir de/ }).check();
  const day = await pickDayAndFirstTime(page, nth);
  await confirmAs(page, { nome: "Carla Mendes", whatsapp: "(47) 99222-3344", email });
  return { numero: await bookedNumber(page), day };
}

/** On the agenda: confirms the booking's card, checks it in at `preco`, starts it, readies it. */
export async function checkInToReady(card: Locator, preco: string) {
  await card.getByRole("button", { name: /^Confirmar/ }).click();
  await expect(card.getByTestId("status")).toHaveText("Confirmado");
  await card.getByText("Check-in", { exact: true }).click();
  await card.getByLabel("Preço final (R$)").fill(preco);
  await card.getByRole("button", { name: "Fazer check-in" }).click();
  await expect(card).toContainText(`final R$ ${preco}`);
  await card.getByRole("button", { name: /^Iniciar/ }).click();
  await expect(card.getByTestId("status")).toHaveText("Em atendimento");
  await card.getByRole("button", { name: /^Pronto/ }).click();
  await expect(card.getByTestId("status")).toHaveText("Pronto para buscar");
}
