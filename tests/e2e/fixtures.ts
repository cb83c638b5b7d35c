// Every spec imports `test` and its shared steps from here. Each page of the test's browser
// context is watched for Content-Security-Policy violations (the event and Chromium's
// 'Refused to ...' console lines), and the test fails if it saw any. The whole suite walks
// every page and flow.
import fs from "node:fs";
import path from "node:path";
import {
  type BrowserContextOptions,
  test as base,
  devices,
  expect,
  type Locator,
  type Page,
} from "@playwright/test";
import { type ParsedMail, simpleParser } from "mailparser";
import sharp from "sharp";
import { SITE_NAV } from "~/components/site/nav";
import { E2E_ADMIN, E2E_SMTP_DIR } from "../../playwright.config";
import { ONE_PAGE_PDF } from "../support/pdf";

export type { Locator, Page } from "@playwright/test";
export { expectNoSeriousA11yViolations } from "./a11y";
export { expect };

/** Opens `target` (the login page, or a page that sends there) and signs in through the form. */
export async function loginAt(page: Page, target = "/admin/login", who = E2E_ADMIN) {
  await page.goto(target);
  await page.getByLabel("E-mail").fill(who.email);
  await page.getByLabel("Senha").fill(who.password);
  await page.getByRole("button", { name: "Entrar" }).click();
  // The shell is there once 'Sair' is (the login card also says 'Painel Administrativo').
  await expect(page.getByRole("button", { name: "Sair" })).toBeVisible();
  await expect(page).not.toHaveURL(/\/admin(\/login)?(\?|$)/);
}

/** Signs in through the login form and lands on `redirectTo`. */
export function loginAsAdmin(page: Page, redirectTo = "/admin/dashboard") {
  return signInAs(page, E2E_ADMIN, redirectTo);
}

/** Signs `who` in through the login form of the server at `base` and lands on `redirectTo`. */
export function signInAs(
  page: Page,
  who: { email: string; password: string },
  redirectTo: string,
  base = "",
) {
  return loginAt(page, `${base}/admin/login?redirectTo=${encodeURIComponent(redirectTo)}`, who);
}

/** A Pixel 5's browser, `width` px wide (360 or 390), in pt-BR on the shop's time zone. */
export function phone(width: 360 | 390 = 390, more: BrowserContextOptions = {}) {
  return {
    viewport: { width, height: width === 360 ? 780 : 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent: devices["Pixel 5"].userAgent,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    ...more,
  } satisfies BrowserContextOptions;
}

/** Nothing wider than `width` (the viewport's): the page never scrolls sideways. */
export async function expectNoSideScroll(page: Page, width = page.viewportSize()!.width) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    width,
  );
}

/** The public site's pages (its header links): the pages each site-wide check walks. */
export const SITE_PAGES = SITE_NAV.map((link) => link.to);

/** Today in São Paulo (or the day `from`, yyyy-MM-dd) plus `days`, as <input type=date> takes it. */
export function isoDay(days: number, from?: string) {
  const today =
    from ?? new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}`;

/**
 * The script files among `urls` that are not islands: React, React Router, the app's route
 * modules. An island's module and the chunks only islands share are built to /assets/islands/
 * (decision 0020); in development they are the sources under /app/islands/.
 */
export function frameworkScripts(urls: string[]): string[] {
  return urls.filter((url) => !/^\/(?:assets|app)\/islands\//.test(new URL(url).pathname));
}

/** The URLs of the scripts the page requests from now on. */
export function watchScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") urls.push(request.url());
  });
  return urls;
}

/** Opens a page and waits until React has hydrated it (its DOM nodes carry a fiber). */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => {
    const node = document.querySelector("main");
    return !!node && Object.keys(node).some((key) => key.startsWith("__reactFiber"));
  });
}

/**
 * Opens /servicos (plain HTML, no React) and waits until its script has made the quote
 * dialog ready.
 */
export async function gotoServicos(page: Page, path = "/servicos") {
  await page.goto(path);
  await page.locator('dialog[data-ready="1"]').waitFor({ state: "attached" });
}

/**
 * Every page of the site and the store is served without React; the pages that hydrate (the
 * 404 page, the order page) link into them with document loads (decision 0020). Starts on
 * the 404 page and follows its link: ends on the home, loaded as a document.
 */
export async function gotoHydratedSite(page: Page) {
  await gotoHydrated(page, "/pagina-que-nao-existe");
  await page.getByRole("link", { name: "Voltar para o início" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByRole("heading", { level: 1, name: /Tudo para o seu pet/ }).waitFor();
}

/** A PNG photo (small unless sized), for a product's image or a pet's photo. */
export function pngPhoto(width = 80, height = 60, background = "#d9a066") {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** Attaches one PNG photo named `name` to the photo input of a grooming quote form. */
export async function attachPetPhoto(form: Locator, name = "pet.png") {
  await form
    .locator('input[type="file"]')
    .setInputFiles({ name, mimeType: "image/png", buffer: await pngPhoto() });
}

/** The demo shop's unit the pick-up, stock and day-close specs use. */
export const MEIA_PRAIA = "Unidade Meia Praia";

/** The demo shop's product the checkout specs buy (found by searching "comedouro"). */
export const COMEDOURO = "Comedouro Inox Antiderrapante 500 ml";

/** Searches the store for `query` and puts one `product` in the cart from the list. */
export async function addToCart(page: Page, query: string, product: string) {
  await page.goto(`/loja?q=${query}`);
  await page.getByRole("button", { name: `Adicionar ${product} ao carrinho` }).click();
}

interface NewProduct {
  nome: string;
  preco: string;
  estoque: string;
  sku?: string;
  image?: Buffer;
}

/** Creates a product through the admin form. */
export async function createProductInAdmin(page: Page, options: NewProduct) {
  await page.goto("/admin/loja?view=produtos");
  await page.getByRole("button", { name: "Novo produto" }).click();
  await submitNewProduct(page, options);
}

/** Fills the open "Novo produto" dialog (category Rações) and creates the product. */
export async function submitNewProduct(page: Page, options: NewProduct) {
  const dialog = page.getByRole("dialog", { name: "Novo produto" });
  await dialog.getByLabel("Nome").fill(options.nome);
  await dialog.getByLabel("Categoria").selectOption({ label: "Rações" });
  if (options.sku) await dialog.getByLabel("SKU").fill(options.sku);
  await dialog.getByLabel("Preço atual (R$)").fill(options.preco);
  await dialog.getByLabel("Estoque").fill(options.estoque);
  if (options.image) {
    await dialog
      .getByLabel("Imagem")
      .setInputFiles({ name: "foto.png", mimeType: "image/png", buffer: options.image });
  }
  await dialog.getByRole("button", { name: "Criar produto" }).click();
  await expect(page.getByText("Produto criado com sucesso!")).toBeVisible();
}

/**
 * Signs the admin in and creates product `${name} ${tag}`, the tag a fresh word the store's
 * search finds it by; returns both.
 */
export async function adminCreatesProduct(
  page: Page,
  name: string,
  options: Omit<NewProduct, "nome">,
) {
  await loginAsAdmin(page, "/admin/loja");
  const tag = Date.now().toString(36);
  const nome = `${name} ${tag}`;
  await createProductInAdmin(page, { nome, ...options });
  return { tag, nome };
}

/** Types `code` into the cart's coupon field and applies it. */
export async function applyCoupon(page: Page, code: string) {
  await page.getByRole("textbox", { name: "Cupom de desconto" }).fill(code);
  await page.getByRole("button", { name: "Aplicar" }).click();
}

/**
 * Opens the "Variações" of product `nome` and generates its combinations of "Peso" with
 * `pesos` (comma-separated); returns the card of a combination by its weight.
 */
export async function generateWeights(page: Page, nome: string, pesos: string) {
  await page.goto(`/admin/loja?view=produtos&q=${encodeURIComponent(nome)}`);
  await page.getByRole("link", { name: `Variações de ${nome}` }).click();
  await expect(page.getByRole("heading", { name: `Variações: ${nome}` })).toBeVisible();
  await page.getByRole("button", { name: "Adicionar opção" }).click();
  await page.getByLabel("Opção 1").fill("Peso");
  await page.getByLabel("Valores (separados por vírgula)").fill(pesos);
  await page.getByRole("button", { name: "Gerar combinações" }).click();
  return (peso: string) =>
    page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: peso, exact: true }) });
}

/**
 * Opens a page served as plain HTML and waits until its small inline script has taken the
 * element `selector` (the script marks it data-ready="1").
 */
export async function gotoScripted(page: Page, path: string, selector: string) {
  await page.goto(path);
  await expect(page.locator(`${selector}[data-ready="1"]`)).toHaveCount(1);
}

/** The resume page, once its script has taken the form. */
export function openResumeForm(page: Page) {
  return gotoScripted(page, "/trabalhe-conosco", "form#curriculo-form");
}

/**
 * Fills the page's photo quote form (nothing sent): the tutor, the pet and one photo sent as a
 * PNG named `foto.name` (whatever its bytes).
 */
export async function fillQuoteForm(
  form: Locator,
  given: {
    nome: string;
    whatsapp: string;
    pet: string;
    raca: string;
    foto: { name: string; buffer: Buffer };
  },
) {
  await form.getByLabel("Nome Completo").fill(given.nome);
  await form.getByLabel("WhatsApp").fill(given.whatsapp);
  await form.getByLabel("Nome do Pet").fill(given.pet);
  await form.getByLabel("Raça e Porte").fill(given.raca);
  await form.getByLabel(/Fotos do pet/).setInputFiles({ mimeType: "image/png", ...given.foto });
}

/** Fills the resume form of the page (nothing sent): the opening is "caixa" unless said. */
export async function fillResume(
  page: Page,
  given: {
    nome: string;
    email: string;
    telefone: string;
    vaga?: string;
    mensagem?: string;
    pdf: Buffer;
  },
) {
  await page.getByLabel(/Nome completo/).fill(given.nome);
  await page.getByLabel(/E-mail/).fill(given.email);
  await page.getByLabel(/Telefone/).fill(given.telefone);
  await page.getByLabel(/Vaga de interesse/).selectOption(given.vaga ?? "caixa");
  if (given.mensagem) await page.getByLabel(/Mensagem/).fill(given.mensagem);
  await page
    .getByLabel(/Currículo em PDF/)
    .setInputFiles({ name: "cv.pdf", mimeType: "application/pdf", buffer: given.pdf });
}

/**
 * Opens the resume page and fills it for Pedro Falso with a file named and typed as a PDF whose
 * bytes are a PNG (nothing sent): the server must refuse it.
 */
export async function fillResumeWithPngAsPdf(page: Page, email: string) {
  await openResumeForm(page);
  await fillResume(page, {
    nome: "Pedro Falso",
    email,
    telefone: "(47) 99999-6666",
    pdf: await pngPhoto(),
  });
}

/** The rest of a job application, where a test does not say otherwise. */
const APPLICANT = {
  email: "candidata.e2e@example.com",
  telefone: "(47) 99999-5555",
  pdf: ONE_PAGE_PDF,
};

/** Sends a job application with a PDF through /trabalhe-conosco and waits for the thanks. */
export async function sendResume(page: Page, given: { nome: string } & Partial<typeof APPLICANT>) {
  await page.goto("/trabalhe-conosco");
  await fillResume(page, { ...APPLICANT, ...given });
  await page.getByRole("button", { name: "Enviar Currículo" }).click();
  await expect(page.getByText(/Currículo enviado com sucesso!/).first()).toBeVisible();
}

/** The customer of a checkout, where a test does not say otherwise. */
const CUSTOMER = { telefone: "(47) 98888-1234", rua: "Rua 300", numero: "12", horario: "manha" };

interface CheckoutOrder extends Partial<typeof CUSTOMER> {
  nome: string;
  /** The payment's radio; left unchosen when absent. */
  pagamento?: string;
}

/** Opens /loja/checkout and fills it for the cart's items, delivered in Centro. */
export async function fillCheckout(page: Page, given: CheckoutOrder) {
  const order = { ...CUSTOMER, ...given };
  await page.goto("/loja/checkout");
  await page.getByLabel("Nome completo").fill(order.nome);
  await page.getByLabel("Telefone / WhatsApp").fill(order.telefone);
  await page.getByRole("textbox", { name: "Rua" }).fill(order.rua);
  await page.getByLabel("Número").fill(order.numero);
  await page.getByLabel("Bairro").selectOption("Centro");
  await page.getByLabel("Horário de entrega").selectOption(order.horario);
  if (order.pagamento) await page.getByRole("radio", { name: order.pagamento }).check();
}

/**
 * Fills the checkout form for the cart's items, confirms, and ends on the order page: a Pix
 * order lands there (issue 39), another follows the order link of the store list's message.
 */
export async function checkoutAndFollow(page: Page, order: CheckoutOrder & { pagamento: string }) {
  await fillCheckout(page, order);
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  const message = page.getByText(/^Pedido PED\d+ realizado com sucesso!/);
  await expect(message).toBeVisible();
  const numero = (await message.textContent())!.match(/PED\d+/)![0];
  if (!new URL(page.url()).pathname.startsWith("/loja/pedido/")) {
    await page.getByRole("link", { name: `Acompanhar pedido ${numero}` }).click();
  }
  return numero;
}

/** Opens /loja/checkout for the cart's items: a pick-up at `unidade`, paid at the counter. */
export async function fillPickupCheckout(
  page: Page,
  who: { nome: string; telefone: string; unidade: string },
) {
  await page.goto("/loja/checkout");
  await page.getByLabel("Nome completo").fill(who.nome);
  await page.getByLabel("Telefone / WhatsApp").fill(who.telefone);
  await page.getByRole("radio", { name: "Retirar na loja" }).check();
  await page.getByRole("radio", { name: new RegExp(who.unidade) }).check();
  await page.getByRole("radio", { name: /^Pagar na retirada/ }).check();
}

/**
 * Confirms a pick-up checkout and follows the store's message to the order page: the order's
 * number and the pick-up code that page shows.
 */
export async function confirmPickup(page: Page) {
  await page.getByRole("button", { name: "Confirmar pedido" }).click();
  const message = page.getByText(/^Pedido PED\d+ realizado com sucesso!/);
  await expect(message).toBeVisible();
  const numero = (await message.textContent())!.match(/PED\d+/)![0];
  await page.getByRole("link", { name: `Acompanhar pedido ${numero}` }).click();
  const codigo = (await page.getByTestId("codigo-retirada").textContent())!.trim();
  return { numero, codigo };
}

/** The settings screens whose saved values `restoreSettings` puts back after a test. */
const SETTINGS_SCREENS = ["/admin/configuracoes", "/admin/loja?view=configuracoes"];

interface SavedControl {
  name: string;
  type: string;
  value: string;
  checked: boolean;
}

/** The values of the screen's settings form (the one saved by 'Salvar configurações'). */
async function readSettings(page: Page, screen: string): Promise<SavedControl[]> {
  await gotoHydrated(page, screen);
  const form = page.locator("form").filter({
    has: page.getByRole("button", { name: "Salvar configurações" }),
  });
  return form.locator("input[name], select[name], textarea[name]").evaluateAll((nodes) =>
    nodes
      .map((node) => {
        const input = node as HTMLInputElement;
        return {
          name: input.name,
          type: input.type,
          value: input.value,
          checked: input.checked,
          usable: !input.disabled,
        };
      })
      .filter((c) => c.usable && !["hidden", "password", "file", "submit"].includes(c.type))
      .map(({ usable: _, ...c }) => c),
  );
}

/** Types the saved values back (switches first: they may enable fields) and saves. */
async function writeSettings(page: Page, screen: string, saved: SavedControl[]) {
  await gotoHydrated(page, screen);
  const form = page.locator("form").filter({
    has: page.getByRole("button", { name: "Salvar configurações" }),
  });
  const control = (name: string) => form.locator(`[name="${name}"]`).first();
  for (const c of saved.filter((c) => c.type === "checkbox")) {
    await control(c.name).setChecked(c.checked);
  }
  for (const c of saved.filter((c) => c.type !== "checkbox")) {
    if (c.type.startsWith("select")) await control(c.name).selectOption(c.value);
    else await control(c.name).fill(c.value);
  }
  await form.getByRole("button", { name: "Salvar configurações" }).click();
  await expect(page.getByText(/Configurações salvas/).first()).toBeVisible();
}

export const test = base.extend<{
  cspGuard: string[];
  restoreSettings: boolean;
  settingsGuard: undefined;
}>({
  /**
   * With `test.use({ restoreSettings: true })` the shop's settings (both settings screens) are
   * read before each test and saved back after it, so no spec depends on another's order.
   */
  restoreSettings: [false, { option: true }],
  settingsGuard: [
    async ({ restoreSettings, browser }, use) => {
      if (!restoreSettings) return use(undefined);
      const context = await browser.newContext();
      const page = await context.newPage();
      await loginAsAdmin(page, SETTINGS_SCREENS[0]);
      const saved: SavedControl[][] = [];
      for (const screen of SETTINGS_SCREENS) saved.push(await readSettings(page, screen));
      await use(undefined);
      for (const [i, screen] of SETTINGS_SCREENS.entries()) {
        await writeSettings(page, screen, saved[i]!);
      }
      await context.close();
    },
    { auto: true },
  ],
  cspGuard: [
    async ({ context }, use) => {
      const violations: string[] = [];
      await context.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          console.error(
            `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || "inline"} at ${event.documentURI}`,
          );
        });
      });
      context.on("console", (message) => {
        const text = message.text();
        if (text.startsWith("CSP violation:") || text.includes("Refused to")) {
          violations.push(text);
        }
      });
      await use(violations);
      expect(violations, "Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

/**
 * The first message the test SMTP server got whose subject matches (and sent `to`, when
 * given), parsed as a mail client would; waits for the app's mail worker (it sends every
 * second in the e2e run).
 */
export async function receivedMail(
  subject: RegExp,
  timeoutMs = 20_000,
  to?: string,
): Promise<ParsedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(E2E_SMTP_DIR)
      ? fs.readdirSync(E2E_SMTP_DIR).filter((f) => f.endsWith(".eml"))
      : [];
    for (const file of files.sort()) {
      const mail = await simpleParser(fs.readFileSync(path.join(E2E_SMTP_DIR, file)));
      const addressed = !to || (mail.to && !Array.isArray(mail.to) && mail.to.text.includes(to));
      if (subject.test(mail.subject ?? "") && addressed) return mail;
    }
    if (Date.now() > until) throw new Error(`nenhum e-mail com assunto ${subject} chegou`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
