// Banho e tosa booked online on a phone-sized Chromium without JavaScript (issue 28): the
// tutor books, follows the status link while the staff move the pet to "Pronto", downloads
// the .ics; a second booking is rescheduled and cancelled. The demo shop's Meia Praia agenda.
import { devices, type Locator } from "@playwright/test";
import { bookedNumber, confirmAs, pickDayAndFirstTime } from "../support/grooming-e2e";
import {
  test as base,
  expect,
  expectNoSeriousA11yViolations,
  fillQuoteForm,
  loginAsAdmin,
  type Page,
  pngPhoto,
  receivedMail,
  unique,
} from "./fixtures";

const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent: devices["Pixel 5"].userAgent,
  javaScriptEnabled: false,
};

/** `tutor`: a tutor on a phone without JavaScript, in the shop's time zone, apart from `page`. */
const test = base.extend<{ tutor: Page }>({
  tutor: async ({ browser }, use) => {
    const context = await browser.newContext({
      ...PHONE,
      locale: "pt-BR",
      timezoneId: "America/Sao_Paulo",
    });
    await use(await context.newPage());
    await context.close();
  },
});

/** Fills the booking form for one pet and books the first free time of the `nth` day offered. */
async function book(page: Page, pet: string, phone: string, nth: number, email = "") {
  await page.goto("/servicos/agendar");
  await page.getByLabel("Nome do pet").fill(pet);
  await page.getByLabel("Raça").fill("Poodle");
  await page.getByLabel("Porte").selectOption("P");
  await page.getByLabel("Pelagem").selectOption("curta");
  await page.getByLabel("Algo que devemos saber?").fill("medo de secador");
  await page.getByRole("checkbox", { name: /^Banho a partir de/ }).check();
  const day = await pickDayAndFirstTime(page, nth);
  await expect(page.getByTestId("preco-pet-0")).toContainText("Banho R$ 50,00");
  await confirmAs(page, { nome: "Carla Mendes", whatsapp: phone, email });
  const numero = await bookedNumber(page);
  await expect(page.getByTestId("status-agendamento")).toHaveText("Solicitado");
  return { numero, day, url: page.url() };
}

/** On the staff's agenda: presses each status button of a booking's card, in order. */
async function moveBooking(card: Locator, steps: readonly (readonly [string, string])[]) {
  for (const [button, status] of steps) {
    await card.getByRole("button", { name: new RegExp(`^${button}`) }).click();
    await expect(card.getByTestId("status")).toHaveText(status);
  }
}

const TO_READY = [
  ["Confirmar", "Confirmado"],
  ["Iniciar", "Em atendimento"],
  ["Pronto", "Pronto para buscar"],
] as const;

test("without JavaScript, 'Ver horários' opens the answer at the day-and-time step, not at the top", async ({
  tutor,
}) => {
  await tutor.goto("/servicos/agendar");
  await tutor.getByLabel("Nome do pet").fill("Bolinha");
  await tutor.getByLabel("Raça").fill("Poodle");
  await tutor.getByLabel("Porte").selectOption("P");
  await tutor.getByLabel("Pelagem").selectOption("curta");
  await tutor.getByRole("checkbox", { name: /^Banho a partir de/ }).check();
  await pickDayAndFirstTime(tutor, 1);
  expect(new URL(tutor.url()).hash).toBe("#dia-e-horario");
  await expect(tutor.getByRole("group", { name: /3\. Dia e horário/ })).toBeInViewport();
  await expect(tutor.getByRole("heading", { level: 1 })).not.toBeInViewport();
});

test("a tutor books on the phone, the staff move it to Pronto; another is rescheduled and cancelled", async ({
  tutor,
  page: staff,
}) => {
  // Two people's steps on a shared 2-core machine: more than the default minute.
  test.setTimeout(150_000);

  // Three days ahead, outside the 24 h cancellation window.
  const first = await book(tutor, "Bolinha", "(47) 99111-2233", 3);
  await expect(tutor.getByTestId("preco")).toContainText("R$ 50,00");
  // Said so, with "guarde este link"; when to leave the pet and how it comes back.
  await expect(tutor.getByTestId("feito")).toContainText("Agendamento feito para");
  await expect(tutor.getByTestId("feito")).toContainText("Guarde este link");
  await expect(tutor.getByRole("heading", { name: "Deixar o pet" })).toBeVisible();
  await expect(tutor.getByRole("heading", { name: "Buscar o pet" })).toBeVisible();
  await expect(tutor.getByRole("heading", { name: /Entrega/ })).toHaveCount(0);
  // The page with its secret link is never cached.
  const statusReply = await tutor.request.get(first.url);
  expect(statusReply.headers()["cache-control"]).toBe("private, no-store");
  // Axe runs scripts: the form and the status page are checked in a browser with JavaScript.
  await staff.goto("/servicos/agendar");
  await expectNoSeriousA11yViolations(staff);
  await staff.goto(first.url);
  await expectNoSeriousA11yViolations(staff);

  // "Adicionar ao calendário": an .ics file.
  const download = tutor.waitForEvent("download");
  await tutor.getByRole("link", { name: "Adicionar ao calendário" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`agendamento-${first.numero}.ics`);

  // The staff open that day's agenda and move the booking along.
  await loginAsAdmin(staff, `/admin/servicos/agenda?dia=${first.day}`);
  const card = staff.getByTestId(`agendamento-${first.numero}`);
  // The print sheets of the day are never cached either.
  const unidade = await staff.locator("#unidade").inputValue();
  const sheet = await staff.request.get(
    `/admin/servicos/agenda/imprimir?dia=${first.day}&unidade=${unidade}`,
  );
  expect(sheet.status()).toBe(200);
  expect(sheet.headers()["cache-control"]).toBe("private, no-store");
  // Check-in: a bad final price is refused next to the field; a good one, and the time shows.
  await card.getByText("Check-in", { exact: true }).click();
  await card.getByLabel("Preço final (R$)").fill("abc");
  await card.getByRole("button", { name: "Fazer check-in" }).click();
  await expect(card.getByText(/^Preço final inválido/)).toBeVisible();
  await expect(card.getByLabel("Preço final (R$)")).toHaveValue("abc");
  await card.getByLabel("Preço final (R$)").fill("55,00");
  await card.getByRole("button", { name: "Fazer check-in" }).click();
  await expect(card).toContainText("final R$ 55,00");
  await expect(card.getByTestId("checkin")).toHaveText(/· check-in \d{2}:\d{2}$/);
  await expect(card).toContainText("Bolinha");
  await expect(card).toContainText("medo de secador");
  await expect(staff.getByTestId("capacidade")).toContainText("GG 0/2");
  await moveBooking(card, TO_READY);
  await expect(card.getByRole("link", { name: "Avisar: pronto para buscar" })).toHaveAttribute(
    "href",
    /wa\.me\/.*Bolinha/,
  );

  // A walk-in at the counter on the same day, then moved to the day's other time from its card.
  const times = staff.getByTestId("capacidade").locator("li");
  const [early, late] = [
    (await times.nth(0).textContent())!.slice(0, 5),
    (await times.nth(1).textContent())!.slice(0, 5),
  ];
  const rex = unique("Rex");
  const walkIn = staff
    .locator("form")
    .filter({ has: staff.getByRole("button", { name: "Adicionar encaixe" }) });
  await walkIn.getByLabel("Horário").fill(early);
  await walkIn.getByLabel("Tutor").fill("Seu Pedro");
  await walkIn.getByLabel("WhatsApp").fill("(47) 98877-6655");
  await walkIn.getByLabel("Pet").fill(rex);
  await walkIn.getByLabel("Porte").selectOption("M");
  await walkIn.getByRole("group", { name: "Serviços" }).getByRole("checkbox").first().check();
  await walkIn.getByRole("button", { name: "Adicionar encaixe" }).click();
  const walkInCard = staff
    .getByRole("listitem")
    .filter({ hasText: rex })
    .filter({ hasText: "balcão" });
  await expect(walkInCard).toContainText(`${early} · AGD`);
  await walkInCard.getByText("Remarcar", { exact: true }).click();
  await walkInCard.getByLabel("Horário").fill(late);
  await walkInCard.getByRole("button", { name: /^Remarcar/ }).click();
  await expect(walkInCard).toContainText(`${late} · AGD`);
  await tutor.reload();
  await expect(tutor.getByTestId("status-agendamento")).toHaveText("Pronto para buscar");
  // Past "Confirmado" the tutor can no longer cancel.
  await expect(tutor.getByRole("button", { name: "Cancelar agendamento" })).toHaveCount(0);

  // A second pet: rescheduled to another day, then cancelled.
  const second = await book(tutor, "Pipoca", "(47) 99111-2233", 4);
  await tutor.getByLabel("Novo dia").selectOption({ index: 6 });
  await tutor.getByRole("button", { name: "Reagendar: ver horários" }).click();
  await tutor.getByRole("radiogroup", { name: "Novo horário" }).getByRole("radio").last().check();
  await tutor.getByRole("button", { name: "Confirmar novo horário" }).click();
  await expect(tutor.getByTestId("feito")).toContainText("Agendamento remarcado para");
  await expect(tutor.getByTestId("feito")).toContainText("Guarde este link");
  await expect(tutor).toHaveURL(new RegExp(`/servicos/agendamento/${second.numero}\\?token=`));
  await expect(tutor.getByTestId("quando")).not.toContainText(
    second.day.split("-").reverse().join("/"),
  );
  await tutor.getByRole("button", { name: "Cancelar agendamento" }).click();
  // Asked first: whose booking, which day and time.
  await expect(tutor.getByTestId("pergunta-cancelar")).toHaveText(
    /^Cancelar o agendamento de Pipoca de (dom|seg|ter|qua|qui|sex|sáb) \d{2}\/\d{2} às \d{2}:\d{2}\?$/,
  );
  await tutor.getByRole("button", { name: "Sim, cancelar" }).click();
  await expect(tutor.getByTestId("status-agendamento")).toHaveText("Cancelado");
  // A cancelled booking offers no calendar file.
  await expect(tutor.getByRole("link", { name: "Adicionar ao calendário" })).toHaveCount(0);
  await expect(tutor.getByRole("button", { name: "Cancelar agendamento" })).toHaveCount(0);
});

for (const javaScriptEnabled of [false, true]) {
  test(`a GG is told about the photos when its size is chosen, ${javaScriptEnabled ? "with" : "without"} JavaScript, and the quote form comes filled in`, async ({
    browser,
  }) => {
    const context = await browser.newContext({ ...PHONE, javaScriptEnabled, locale: "pt-BR" });
    const page = await context.newPage();
    await page.goto("/servicos/agendar");
    await page.getByLabel("Nome do pet").fill("Thor");
    await page.getByLabel("Raça").fill("São Bernardo");
    const note = page.getByTestId("fotos-gg-0");
    await expect(note).toBeHidden();
    await page.getByLabel("Porte").selectOption("GG");
    if (javaScriptEnabled) {
      // Said at once, before anything is sent.
      await expect(note).toBeVisible();
      await page.getByLabel("Porte").selectOption("M");
      await expect(note).toBeHidden();
      await page.getByLabel("Porte").selectOption("GG");
      await expect(note).toBeVisible();
    }
    await page.getByLabel("Pelagem").selectOption("longa");
    await page.getByRole("checkbox", { name: /^Banho a partir de/ }).check();
    await page.getByLabel("Seu nome").fill("Ana Souza");
    await page.getByRole("textbox", { name: "WhatsApp", exact: true }).fill("(47) 98888-1111");
    // The server's answer to the step says it too (the only way without JavaScript).
    await page.getByRole("button", { name: "Ver horários e preço" }).click();
    await expect(note).toBeVisible();
    await expect(note).toContainText("Gigante (GG) precisam de fotos antes");
    await page
      .locator("#fotos-gg-0")
      .getByRole("link", { name: "Pedir orçamento com fotos" })
      .click();
    await expect(page).toHaveURL(/\/servicos\?servico=banho_tosa&/);
    const form = javaScriptEnabled ? page.getByRole("dialog") : page.locator("#orcamento");
    await expect(form.getByLabel("Nome Completo")).toHaveValue("Ana Souza");
    await expect(form.getByLabel("WhatsApp")).toHaveValue("(47) 98888-1111");
    await expect(form.getByLabel("Nome do Pet")).toHaveValue("Thor");
    await expect(form.getByLabel("Raça e Porte")).toHaveValue("São Bernardo, gigante (gg)");
    await context.close();
  });
}

test("a first-visit GG goes through the photo quote and books from the staff's link", async ({
  tutor,
  page: staff,
}) => {
  const pet = unique("Thor");
  // The photo quote, as the no-JavaScript page form sends it.
  await tutor.goto("/servicos?servico=banho_tosa#orcamento");
  const form = tutor.locator("#orcamento");
  await fillQuoteForm(form, {
    nome: "Ana Souza",
    whatsapp: "47 98888-1111",
    pet,
    raca: "São Bernardo, gigante",
    foto: { name: "thor.png", buffer: await pngPhoto() },
  });
  await form.getByRole("button", { name: "Enviar Solicitação" }).click();
  await expect(tutor.getByRole("status")).toContainText("Solicitação enviada com sucesso!");

  // The staff answer with a price and send the link.
  await loginAsAdmin(staff, "/admin/servicos");
  const card = staff.getByRole("listitem").filter({ hasText: pet });
  await card.getByLabel("Porte (pelas fotos)").selectOption("GG");
  await card.getByRole("checkbox", { name: "Banho e tosa higiênica" }).check();
  await card.getByLabel("Preço do orçamento (R$)").fill("150,00");
  await card.getByRole("button", { name: /Gerar link para agendar/ }).click();
  const chat = card.getByRole("link", { name: /Enviar link para agendar/ });
  await expect(chat).toBeVisible();
  const text = new URL((await chat.getAttribute("href"))!).searchParams.get("text")!;
  const link = /(https?:\/\/\S+)/.exec(text)![1]!;
  expect(link).toMatch(/\/servicos\/agendar\?orcamento=SRV\d{6}&chave=/);

  // The tutor books from the link: the pet and the tutor come filled in, the price is the
  // quote's, and no footer sends them back to the photo quote.
  await tutor.goto(new URL(link).pathname + new URL(link).search);
  await expect(tutor.getByTestId("orcamento")).toContainText("R$ 150,00");
  await expect(tutor.getByLabel("Nome do pet")).toHaveValue(pet);
  await expect(tutor.getByLabel("Seu nome")).toHaveValue("Ana Souza");
  await expect(tutor.getByRole("textbox", { name: "WhatsApp", exact: true })).toHaveValue(
    "47 98888-1111",
  );
  await expect(tutor.getByText("Primeira visita ou pet gigante (GG)?")).toHaveCount(0);
  await expect(tutor.getByTestId("fotos-gg-0")).toHaveCount(0);
  // The size and the services are the ones the staff quoted.
  await expect(tutor.getByTestId("porte-orcado")).toContainText("Gigante (GG)");
  await expect(tutor.getByTestId("servicos-orcados")).toContainText("Banho e tosa higiênica");
  await tutor.getByLabel("Pelagem").selectOption("longa");
  await pickDayAndFirstTime(tutor, 5);
  await confirmAs(tutor, { nome: "Ana Souza", whatsapp: "(47) 98888-1111" });
  await bookedNumber(tutor);
  await expect(tutor.getByTestId("preco")).toContainText("Valor final: R$ 150,00");

  // The quote on the staff's board is now Confirmado.
  await staff.reload();
  await expect(staff.getByRole("listitem").filter({ hasText: pet })).toContainText("Confirmado");
});

test("a returning tutor gets the e-mails, then books the same pet again after a code", async ({
  browser,
  tutor,
  page: staff,
}) => {
  const pet = unique("Mel");
  const email = `${unique("tutora").replace(/\W/g, "").toLowerCase()}@example.com`;
  const digits = String(Date.now()).slice(-8);
  const phone = `(47) 9${digits.slice(0, 4)}-${digits.slice(4)}`;

  // The first booking, with an e-mail: the confirmation carries the status link.
  const first = await book(tutor, pet, phone, 2, email);
  const confirmation = await receivedMail(
    new RegExp(`Banho e tosa agendado: ${first.numero}`),
    20_000,
    email,
  );
  expect(confirmation.text).toContain(pet);
  const link = /(https?:\/\/\S+\/servicos\/agendamento\/AGD\d+\?token=\S+)/.exec(
    confirmation.text ?? "",
  )![1]!;
  const elsewhere = await browser.newContext({ ...PHONE });
  const fromMail = await elsewhere.newPage();
  await fromMail.goto(new URL(link).pathname + new URL(link).search);
  await expect(fromMail.getByTestId("status-agendamento")).toHaveText("Solicitado");
  await elsewhere.close();

  // The staff move it to Pronto: the tutor gets "Pronto para buscar" by e-mail; then Entregue.
  await loginAsAdmin(staff, `/admin/servicos/agenda?dia=${first.day}`);
  const card = staff.getByTestId(`agendamento-${first.numero}`);
  await moveBooking(card, TO_READY);
  // "Entregue" asks how the tutor paid first (issue 43 point 3): the estimate, in cash.
  await card.locator("summary", { hasText: /^Entregue/ }).click();
  await card.getByRole("button", { name: /^Receber e entregar/ }).click();
  await expect(card.getByTestId("status")).toHaveText("Entregue");
  const ready = await receivedMail(
    new RegExp(`Pronto para buscar: ${first.numero}`),
    20_000,
    email,
  );
  expect(ready.text).toContain(`${pet} está pronto(a) para buscar`);

  // Next time: "Já agendou com a gente?" with the phone, the code from the e-mail, the pet back.
  await tutor.goto("/servicos/agendar");
  await tutor.getByLabel("Seu WhatsApp").fill(phone);
  await tutor.getByRole("button", { name: "Receber código por e-mail" }).click();
  await expect(tutor.getByRole("status")).toContainText("enviamos um código");
  const codeMail = await receivedMail(/Seu código para agendar/, 20_000, email);
  const code = /Seu código: (\d{6})/.exec(codeMail.text ?? "")![1]!;
  await tutor.getByLabel("Código de 6 dígitos").fill(code);
  await tutor.getByRole("button", { name: "Ver meus pets" }).click();
  await tutor.getByRole("link", { name: `Agendar ${pet}` }).click();
  await expect(tutor.getByLabel("Nome do pet")).toHaveValue(pet);
  await expect(tutor.getByLabel("Porte")).toHaveValue("P");
  await expect(tutor.getByLabel("Seu nome")).toHaveValue("Carla Mendes");
  await pickDayAndFirstTime(tutor, 5);
  await expect(tutor.getByTestId("preco-pet-0")).toContainText("Banho R$ 50,00");
  await tutor.getByRole("button", { name: "Confirmar agendamento" }).click();
  await bookedNumber(tutor);
  await expect(tutor.getByTestId("status-agendamento")).toHaveText("Solicitado");
});
