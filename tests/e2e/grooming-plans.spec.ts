// Grooming plans (issue 45 point 5, decision 0087) on 360 px phones. Packages of baths: the owner defines
// "Pacote 4 banhos" in /admin/servicos/pacotes; the signed-in tutor books a bath for her pet
// Paçoca (a phone without JavaScript); at the counter the pet's page sells the package with
// its payment (Pix), the agenda card shows 4 of 4, and once the booking is delivered (no
// payment asked: the package pays) the card and the pet's page show 3 of 4. Its own server,
// so the tutor's session and pet and the owner are written in its database first. Repeat
// series, without JavaScript: "Repetir" from a walk-in's card, a closed date refused with the
// nearest free times, one chosen, the series booked; then "Encerrar série" from a date's card.
import {
  bookPacocaBath,
  deliverOnPackage,
  fillPackageOfFourBaths,
  tutorWithPacoca,
} from "../support/grooming-e2e";
import { startSeededServer } from "../support/own-server";
import {
  expect,
  expectNoSeriousA11yViolations,
  expectNoSideScroll,
  isoDay,
  phone,
  test,
} from "./fixtures";
import { ownShop, seedStaff, whileServing } from "./own-shop";

const plans = ownShop(41);
const series = ownShop(42);
const BASE = plans.base;
const SERIES_BASE = series.base;

/** The next Tuesday after today (Meia Praia takes pets at 08:00, 09:00 and 13:30 then). */
function nextTuesday() {
  for (let i = 1; i <= 7; i++) {
    const day = isoDay(i);
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 2) return day;
  }
  throw new Error("no Tuesday");
}

const dm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}`;
const OWNER = { email: "olga@agropet.test", nome: "Olga", papel: "dono" } as const;

test("the counter sells a package of four baths for a pet; a delivered booking makes its balance fall from 4 to 3", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { server, seeded: cookie } = await startSeededServer(plans.port, "planos", async (db) => {
    await seedStaff(db, OWNER);
    return (await tutorWithPacoca(db, "marta@example.com", BASE)).cookie;
  });
  await whileServing(server, async () => {
    // The tutor books Paçoca's bath from her account's pets (no JavaScript).
    const { context: tutorContext } = await plans.customerContext(
      browser,
      cookie,
      phone(360, { javaScriptEnabled: false }),
    );
    const tutor = await tutorContext.newPage();
    const { numero, day } = await bookPacocaBath(tutor, BASE);
    await tutorContext.close();

    // The owner defines the package.
    const context = await browser.newContext(phone(360));
    const staff = await context.newPage();
    await plans.signIn(staff, OWNER.email, "/admin/servicos/pacotes");
    await expect(staff.getByRole("heading", { name: "Pacotes de banho" })).toBeVisible();
    await fillPackageOfFourBaths(staff);
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
    await deliverOnPackage(card);
    await expectNoSideScroll(staff);
    await card.getByRole("link", { name: "Histórico do pet" }).click();
    await expect(staff.getByTestId("pet-pacotes")).toContainText("Pacote 4 banhos: 3 de 4 sessões");
    // The card's "Repetir" page reads well on the phone too.
    await staff.goto(`${BASE}/admin/servicos/agenda?dia=${day}`);
    await card.getByRole("link", { name: "Repetir" }).click();
    await expect(staff.getByRole("heading", { name: "Repetir agendamento" })).toBeVisible();
    await expectNoSideScroll(staff);
    await expectNoSeriousA11yViolations(staff);
    await context.close();
  });
});

test("without JavaScript, Repetir lists a closed date with the nearest free times; one chosen books the series, then it is ended", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { server } = await startSeededServer(series.port, "series", async (db) => {
    await seedStaff(db, OWNER);
  });
  await whileServing(server, async () => {
    const context = await browser.newContext(phone(360, { javaScriptEnabled: false }));
    const staff = await context.newPage();
    const tuesday = nextTuesday();
    const [d1, d2, d3] = [isoDay(7, tuesday), isoDay(14, tuesday), isoDay(21, tuesday)];
    // The third date of the series is closed (a holiday).
    await series.signIn(staff, OWNER.email, "/admin/servicos/configuracao");
    await staff.locator("#fechar-data").fill(d3);
    await staff.getByLabel("Motivo").fill("Feriado");
    await staff.getByRole("button", { name: "Fechar data" }).click();
    await expect(staff.getByText("Feriado").first()).toBeVisible();

    // A walk-in on Tuesday, then "Repetir" from its card.
    await staff.goto(`${SERIES_BASE}/admin/servicos/agenda?dia=${tuesday}`);
    const walkIn = staff
      .locator("form")
      .filter({ has: staff.getByRole("button", { name: "Adicionar encaixe" }) });
    await walkIn.getByLabel("Horário").fill("09:00");
    await walkIn.getByLabel("Tutor").fill("Seu Pedro");
    await walkIn.getByLabel("WhatsApp").fill("(47) 98877-6655");
    await walkIn.getByLabel("Pet").fill("Bolinha");
    await walkIn.getByRole("group", { name: "Serviços" }).getByRole("checkbox").first().check();
    await walkIn.getByRole("button", { name: "Adicionar encaixe" }).click();
    const card = staff.getByTestId(/^agendamento-/).filter({ hasText: "Bolinha" });
    await card.getByRole("link", { name: "Repetir" }).click();
    await expect(staff.getByRole("heading", { name: "Repetir agendamento" })).toBeVisible();
    await staff.getByRole("radio", { name: "a cada 7 dias" }).check();
    await staff.getByLabel("Primeira data").fill(d1);
    await staff.getByLabel("Quantas vezes").fill("3");
    await expectNoSideScroll(staff);
    await staff.getByRole("button", { name: "Agendar a série" }).click();

    // Refused whole: the closed date with the nearest free times (a day either side).
    await expect(staff.getByRole("alert").first()).toContainText(
      "Algumas datas da série não cabem na agenda",
    );
    const conflict = staff.getByRole("group", {
      name: new RegExp(`^3ª data: .* ${dm(d3)}`),
    });
    await expect(conflict).toBeVisible();
    await expect(conflict.getByRole("radio", { name: "Pular esta data" })).toBeVisible();
    const choice = conflict.getByRole("radio").first();
    const chosen = (await choice.getAttribute("value"))!;
    expect(chosen).toMatch(new RegExp(`^(${isoDay(20, tuesday)}|${isoDay(22, tuesday)})\\|`));
    await choice.check();
    await expect(staff.getByLabel("Primeira data")).toHaveValue(d1);
    await expectNoSideScroll(staff);
    await staff.getByRole("button", { name: "Enviar de novo" }).click();

    // Booked: the agenda of its first date, the card a date of a series.
    await expect(staff).toHaveURL(new RegExp(`/admin/servicos/agenda\\?unidade=.+&dia=${d1}$`));
    const first = staff.getByTestId(/^agendamento-/).filter({ hasText: "Bolinha" });
    await expect(first.getByTestId("serie")).toContainText("Série");
    await staff.goto(`${SERIES_BASE}/admin/servicos/agenda?dia=${d2}`);
    await expect(staff.getByTestId(/^agendamento-/).filter({ hasText: "Bolinha" })).toHaveCount(1);
    await staff.goto(`${SERIES_BASE}/admin/servicos/agenda?dia=${chosen.split("|")[0]}`);
    const moved = staff.getByTestId(/^agendamento-/).filter({ hasText: "Bolinha" });
    await expect(moved).toContainText(chosen.split("|")[1]!);

    // "Encerrar série" from the moved date's card: every date ahead is cancelled.
    await moved.getByRole("button", { name: "Encerrar série" }).click();
    await expect(moved.getByTestId("status")).toHaveText("Cancelado");
    await staff.goto(`${SERIES_BASE}/admin/servicos/agenda?dia=${d1}`);
    await expect(
      staff
        .getByTestId(/^agendamento-/)
        .filter({ hasText: "Bolinha" })
        .getByTestId("status"),
    ).toHaveText("Cancelado");
    await expectNoSideScroll(staff);
    await context.close();
  });
});
