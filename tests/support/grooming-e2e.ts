// The booking form and the agenda as the grooming e2e specs drive them: pick a day and its
// first free time, confirm as a tutor, read the booking's number, and take a booking on the
// staff's agenda from "Solicitado" to "Pronto para buscar" with its final price.
import { expect, type Locator, type Page } from "@playwright/test";
import { customerCookie, pets } from "~/modules/customers/testing.server";
import type { Db } from "~/platform/db/client.server";

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

/**
 * Before the spec's server starts: the tutor `email`, signed in for `base` (her session cookie),
 * with her small short-haired dog Paçoca.
 */
export async function tutorWithPacoca(db: Db, email: string, base: string) {
  const { cookie, clienteId } = await customerCookie(email, base, db);
  const [pet] = await db
    .insert(pets)
    .values({
      clienteId,
      nome: "Paçoca",
      especie: "cao",
      porte: "P",
      pelagem: "curta",
      porteAConfirmar: false,
    })
    .returning({ id: pets.id });
  return { cookie, petId: pet!.id };
}

/** On the owner's /admin/servicos/pacotes: "Pacote 4 banhos" (Banho, R$ 160,00, 4 in 30 days). */
export async function fillPackageOfFourBaths(page: Page) {
  await page.getByLabel("Nome").fill("Pacote 4 banhos");
  await page.getByRole("checkbox", { name: "Banho", exact: true }).check();
  await page.getByLabel("Preço (R$)").fill("160,00");
  await page.getByLabel("Sessões").fill("4");
  await page.getByLabel("Validade (dias)").fill("30");
}

/** The signed-in tutor of `tutorWithPacoca` books Paçoca's bath for the 2nd day offered. */
export async function bookPacocaBath(page: Page, base: string) {
  await page.goto(`${base}/servicos/agendar`);
  await page.getByTestId("pets-da-conta").getByRole("link", { name: "Agendar Paçoca" }).click();
  await page.getByRole("checkbox", { name: /^Banho a partir de/ }).check();
  const day = await pickDayAndFirstTime(page, 2);
  await confirmAs(page, { nome: "Marta Souza", whatsapp: "(47) 99111-2233" });
  return { numero: await bookedNumber(page), day };
}

/**
 * On the agenda, the card of a booking that Paçoca's "Pacote 4 banhos" pays: 4 of 4 sessions,
 * checked in, delivered with no payment asked, then 3 of 4.
 */
export async function deliverOnPackage(card: Locator) {
  await expect(card.getByTestId("pacote")).toContainText("Pacote 4 banhos: 4 de 4 sessões");
  await expect(card.getByTestId("pagamento")).toContainText("Pacote");
  await checkInToReady(card, "55,00");
  await card.getByRole("button", { name: /^Entregue/ }).click();
  await expect(card.getByTestId("status")).toHaveText("Entregue");
  await expect(card.getByTestId("pacote")).toContainText("Pacote 4 banhos: 3 de 4 sessões");
}
