// Groomers own their day (issue 41 point 6, decision 0070), on a 360 px phone: the owner adds
// a walk-in for Bruna and one for nobody, filters the agenda by groomer, sees the pets per
// groomer and drop-off, gives the second pet to Bruna at check-in; Bruna signs in and lands on
// her own list, without the assign form; the day sheet names her. Its own server, so the team
// (an owner and a Tosador) is written in its database before it starts.
import type { Page } from "@playwright/test";
import { startSeededServer } from "../support/own-server";
import { expect, expectNoSeriousA11yViolations, expectNoSideScroll, phone, test } from "./fixtures";
import { ownShop, seedStaff, whileServing } from "./own-shop";

const { port: PORT, base: BASE, signIn } = ownShop(24);
const PHONE = phone(360);

/** Pets per drop-off of one row of "Pets por tosador e horário de entrega". */
const loadRow = (page: Page, nome: string) =>
  page
    .getByTestId("carga-tosador")
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: nome }) });

test("a walk-in for Bruna, the agenda by groomer, check-in assigns; Bruna lands on her own day", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { server } = await startSeededServer(PORT, "tosadores", async (db) => {
    await seedStaff(db, { email: "olga@agropet.test", nome: "Olga", papel: "dono" });
    await seedStaff(db, { email: "bruna@agropet.test", nome: "Bruna", papel: "tosador" });
  });
  await whileServing(server, async () => {
    const ownerContext = await browser.newContext(PHONE);
    const owner = await ownerContext.newPage();
    await signIn(owner, "olga@agropet.test", "/admin/servicos/agenda");
    await expect(owner.getByRole("heading", { name: "Agenda de Banho & Tosa" })).toBeVisible();

    // Two walk-ins at the counter (over capacity allowed: any day the test runs), one for Bruna.
    const walkIn = owner
      .locator("form")
      .filter({ has: owner.getByRole("button", { name: "Adicionar encaixe" }) });
    for (const [pet, tosador] of [
      ["Thor", "Bruna"],
      ["Luna", "Sem tosador"],
    ] as const) {
      await walkIn.getByLabel("Horário").fill("09:00");
      await walkIn.getByLabel("Tutor").fill("Seu Pedro");
      await walkIn.getByLabel("WhatsApp").fill("(47) 98877-6655");
      await walkIn.getByLabel("Pet").fill(pet);
      await walkIn.getByRole("group", { name: "Serviços" }).getByRole("checkbox").first().check();
      await walkIn.getByLabel("Tosador").selectOption({ label: tosador });
      await walkIn.getByLabel("Encaixar acima da capacidade").check();
      await walkIn.getByRole("button", { name: "Adicionar encaixe" }).click();
      await expect(
        owner.getByRole("listitem").filter({ hasText: pet }).getByTestId("tosador"),
      ).toHaveText(`Tosador: ${tosador === "Bruna" ? "Bruna" : "sem tosador"}`);
    }
    const nineIndex = await owner
      .getByTestId("carga-tosador")
      .getByRole("columnheader")
      .evaluateAll((cells) => cells.findIndex((c) => c.textContent === "09:00"));
    expect(nineIndex).toBeGreaterThan(0);
    await expect(
      loadRow(owner, "Bruna")
        .getByRole("cell")
        .nth(nineIndex - 1),
    ).toHaveText("1");
    await expect(
      loadRow(owner, "Sem tosador")
        .getByRole("cell")
        .nth(nineIndex - 1),
    ).toHaveText("1");
    await expectNoSideScroll(owner);
    await expectNoSeriousA11yViolations(owner);

    // The filter: Bruna's list, then the pets nobody took.
    const filter = owner.getByRole("navigation", { name: "Filtrar por tosador" });
    await filter.getByRole("link", { name: "Bruna" }).click();
    await expect(filter.getByRole("link", { name: "Bruna" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(owner.getByTestId(/^agendamento-/)).toHaveCount(1);
    await expect(owner.getByTestId(/^agendamento-/)).toContainText("Thor");
    await filter.getByRole("link", { name: "Sem tosador" }).click();
    await expect(owner.getByTestId(/^agendamento-/)).toHaveCount(1);
    const luna = owner.getByTestId(/^agendamento-/).filter({ hasText: "Luna" });

    // Luna arrives: check-in gives her to Bruna; nobody is left without a groomer.
    await luna.getByText("Check-in", { exact: true }).click();
    await luna.getByLabel("Tosador").first().selectOption({ label: "Bruna" });
    await luna.getByRole("button", { name: "Fazer check-in" }).click();
    await filter.getByRole("link", { name: "Todos" }).click();
    await expect(loadRow(owner, "Bruna").getByRole("cell").last()).toHaveText("2");
    await expect(loadRow(owner, "Sem tosador")).toHaveCount(0);
    await ownerContext.close();

    // Bruna opens the panel on her phone: her own list of today, no assigning.
    const groomerContext = await browser.newContext(PHONE);
    const bruna = await groomerContext.newPage();
    await signIn(bruna, "bruna@agropet.test", "/admin/servicos/agenda");
    const hers = bruna.getByRole("navigation", { name: "Filtrar por tosador" });
    await expect(hers.getByRole("link", { name: "Bruna" })).toHaveAttribute("aria-current", "page");
    await expect(bruna.getByTestId(/^agendamento-/)).toHaveCount(2);
    await expect(bruna.getByText(/Atribuir tosador|Trocar tosador/)).toHaveCount(0);
    await expectNoSideScroll(bruna);
    // The day sheet, printed from her list: her name on every card.
    const sheet = await bruna
      .getByRole("link", { name: "Imprimir fichas do dia" })
      .getAttribute("href");
    await bruna.goto(`${BASE}${sheet}`);
    await expect(bruna.getByTestId("ficha")).toHaveCount(2);
    for (const card of await bruna.getByTestId("ficha-tosador").all()) {
      await expect(card).toHaveText("Tosador: Bruna");
    }
    await groomerContext.close();
  });
});
