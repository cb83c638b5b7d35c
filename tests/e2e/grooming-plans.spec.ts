// Packages of baths (issue 45 point 5, decision 0087) on 360 px phones: the owner defines
// "Pacote 4 banhos" in /admin/servicos/pacotes; the signed-in tutor books a bath for her pet
// Paçoca (a phone without JavaScript); at the counter the pet's page sells the package with
// its payment (Pix), the agenda card shows 4 of 4, and once the booking is delivered (no
// payment asked: the package pays) the card and the pet's page show 3 of 4. Its own server,
// so the tutor's session and pet and the owner are written in its database first.
import { createUser } from "~/modules/accounts/index.server";
import { customerCookie, pets } from "~/modules/customers/testing.server";
import { checkInToReady, confirmAs, pickDayAndFirstTime } from "../support/grooming-e2e";
import { startSeededServer } from "../support/own-server";
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSideScroll,
  phone,
  signInAs,
  test,
} from "./fixtures";

const PORT = Number(process.env.E2E_PORT || 3100) + 41;
const BASE = `http://127.0.0.1:${PORT}`;
const OWNER = { email: "olga@agropet.test", password: "Quati-Aveia-Moinho-35" };

test("the counter sells a package of four baths for a pet; a delivered booking makes its balance fall from 4 to 3", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { server, seeded: cookie } = await startSeededServer(PORT, "planos", async (db) => {
    await createUser({ ...OWNER, papel: "dono", nome: "Olga" }, db);
    const { cookie, clienteId } = await customerCookie("marta@example.com", BASE, db);
    await db.insert(pets).values({
      clienteId,
      nome: "Paçoca",
      especie: "cao",
      porte: "P",
      pelagem: "curta",
      porteAConfirmar: false,
    });
    return cookie;
  });
  try {
    await server.ready();

    // The tutor books Paçoca's bath from her account's pets (no JavaScript).
    const tutorContext = await browser.newContext(phone(360, { javaScriptEnabled: false }));
    const [name, value] = cookie.split("=") as [string, string];
    await tutorContext.addCookies([{ name, value, url: BASE }]);
    const tutor = await tutorContext.newPage();
    await tutor.goto(`${BASE}/servicos/agendar`);
    await tutor.getByTestId("pets-da-conta").getByRole("link", { name: "Agendar Paçoca" }).click();
    await tutor.getByRole("checkbox", { name: /^Banho a partir de/ }).check();
    const day = await pickDayAndFirstTime(tutor, 2);
    await confirmAs(tutor, { nome: "Marta Souza", whatsapp: "(47) 99111-2233" });
    await expect(tutor).toHaveURL(/\/servicos\/agendamento\/AGD\d{6}\?token=/);
    const numero = new URL(tutor.url()).pathname.split("/").at(-1)!;
    await tutorContext.close();

    // The owner defines the package.
    const context = await browser.newContext(phone(360));
    const staff = await context.newPage();
    await signInAs(staff, OWNER, "/admin/servicos/pacotes", BASE);
    await expect(staff.getByRole("heading", { name: "Pacotes de banho" })).toBeVisible();
    await staff.getByLabel("Nome").fill("Pacote 4 banhos");
    await staff.getByRole("checkbox", { name: "Banho", exact: true }).check();
    await staff.getByLabel("Preço (R$)").fill("160,00");
    await staff.getByLabel("Sessões").fill("4");
    await staff.getByLabel("Validade (dias)").fill("30");
    await expectNoSideScroll(staff);
    await expectNoSeriousA11yViolations(staff);
    await staff.getByRole("button", { name: "Criar pacote" }).click();
    await expect(staff.getByTestId("pacotes")).toContainText("Pacote 4 banhos · R$ 160,00");
    await expect(staff.getByTestId("pacotes")).toContainText("4 sessões · vale 30 dias · Banho");

    // At the counter: from the booking's card to Paçoca's page, "Vender pacote" by Pix.
    await staff.goto(`${BASE}/admin/servicos/agenda?dia=${day}`);
    const card = staff.getByTestId(`agendamento-${numero}`);
    await expect(card.getByTestId("pacote")).toHaveCount(0);
    await card.getByRole("link", { name: "Histórico do pet" }).click();
    await expect(staff.getByRole("heading", { name: "Paçoca" })).toBeVisible();
    await staff.locator("summary", { hasText: "Vender pacote" }).click();
    const sale = staff.getByTestId("vender-pacote");
    await expect(sale.getByLabel("Pacote")).toContainText("Pacote 4 banhos · R$ 160,00");
    await expect(sale.getByLabel("Valor recebido (R$)")).toHaveValue("160,00");
    await sale.getByLabel("Como foi pago").selectOption("pix");
    await expectNoSideScroll(staff);
    await expectNoSeriousA11yViolations(staff);
    await sale.getByRole("button", { name: "Vender pacote" }).click();
    await expect(staff.getByText(/^Pacote 4 banhos vendido: 4 sessões/).first()).toBeVisible();
    await expect(staff.getByTestId("pet-pacotes")).toContainText(
      /^Pacote 4 banhos: 4 de 4 sessões · vale até \d{2}\/\d{2}\/\d{4}$/,
    );

    // The agenda card shows the balance; delivered, the package pays (no payment asked).
    await staff.goto(`${BASE}/admin/servicos/agenda?dia=${day}`);
    await expect(card.getByTestId("pacote")).toContainText("Pacote 4 banhos: 4 de 4 sessões");
    await expect(card.getByTestId("pagamento")).toContainText("Pacote");
    await checkInToReady(card, "55,00");
    await card.getByRole("button", { name: /^Entregue/ }).click();
    await expect(card.getByTestId("status")).toHaveText("Entregue");
    await expect(card.getByTestId("pacote")).toContainText("Pacote 4 banhos: 3 de 4 sessões");
    await expectNoSideScroll(staff);
    await card.getByRole("link", { name: "Histórico do pet" }).click();
    await expect(staff.getByTestId("pet-pacotes")).toContainText("Pacote 4 banhos: 3 de 4 sessões");
    await context.close();
    await server.stop();
  } catch (error) {
    server.kill();
    throw error;
  }
});
