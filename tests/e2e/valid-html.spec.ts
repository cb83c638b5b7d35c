// Every page a visitor can reach is valid HTML: the W3C's Nu Html Checker (vnu-jar) reads
// the HTML the server sends (not the DOM after scripts) and finds no error. Warnings and
// notes are not failures. It needs Java: CI installs it (.ci/run); elsewhere, without
// `java` on the PATH, the test is skipped and says why.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { addToCart, checkoutAndFollow, expect, SITE_PAGES, test } from "./fixtures";

/** The path of vnu.jar, beside the package's main file. */
const vnuJar = path.join(
  path.dirname(fileURLToPath(import.meta.resolve("vnu-jar"))),
  "build/dist/vnu.jar",
);

const hasJava = spawnSync("java", ["-version"], { stdio: "ignore" }).status === 0;

interface VnuMessage {
  type: "error" | "info" | "non-document-error";
  subType?: string;
  url?: string;
  message: string;
  lastLine?: number;
  firstColumn?: number;
  extract?: string;
}

/** Validates each page's HTML in one run of the checker; returns its errors, readable. */
function validate(pages: Map<string, string>): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-vnu-"));
  const files = new Map<string, string>();
  try {
    let n = 0;
    for (const [label, html] of pages) {
      const file = path.join(dir, `page-${n++}.html`);
      fs.writeFileSync(file, html);
      files.set(path.basename(file), label);
    }
    const run = spawnSync(
      "java",
      ["-jar", vnuJar, "--format", "json", "--stdout", "--exit-zero-always", ...files.keys()],
      { cwd: dir, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    if (run.status !== 0) throw new Error(`vnu falhou (${run.status}): ${run.stderr}`);
    const { messages } = JSON.parse(run.stdout) as { messages: VnuMessage[] };
    return messages
      .filter((m) => m.type === "error" || m.type === "non-document-error")
      .map((m) => {
        const page = files.get(path.basename(m.url ?? "")) ?? m.url ?? "?";
        const where = m.lastLine ? `${m.lastLine}:${m.firstColumn ?? 0}` : "";
        const extract = m.extract ? `\n    ${m.extract.replace(/\s+/g, " ").trim()}` : "";
        return `${page} ${where}: ${m.message}${extract}`;
      });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test("every public, store and sign-in page the server renders is valid HTML (Nu Html Checker)", async ({
  page,
}) => {
  test.skip(
    !hasJava && !process.env.CI,
    "o validador do W3C (vnu-jar) precisa de Java: instale um JRE (apt-get install default-jre-headless) para rodar esta verificação",
  );
  expect(hasJava, "CI instala Java (.ci/run); sem ele a validação não roda").toBe(true);
  test.setTimeout(120_000);

  const pages = new Map<string, string>();
  const serverHtml = async (url: string) => {
    const response = await page.request.get(url);
    expect(response.status(), url).toBeLessThan(500);
    pages.set(url.replace(/token=[^&]+/, "token=…"), await response.text());
  };

  for (const url of [
    ...SITE_PAGES,
    "/privacidade",
    "/trocas-e-devolucoes",
    "/termos",
    "/pagina-que-nao-existe",
    "/loja",
    "/loja?q=racao",
    "/loja/carrinho",
    "/loja/checkout",
    "/servicos/agendar",
    "/conta/entrar",
    "/admin",
    "/admin/login",
  ]) {
    await serverHtml(url);
  }
  const loja = pages.get("/loja") ?? "";
  const product = loja.match(/href="(\/loja\/produto\/[^"]+)"/)?.[1];
  expect(product, "um produto na vitrine").toBeTruthy();
  await serverHtml(product!);

  // A real order: the /loja that says it was placed, then the order page.
  await addToCart(page, "comedouro", "Comedouro Inox Antiderrapante 500 ml");
  const placed = page
    .waitForResponse(
      (r) => r.request().resourceType() === "document" && new URL(r.url()).pathname === "/loja",
    )
    .then((r) => r.text());
  await checkoutAndFollow(page, { nome: "Cliente Validação", pagamento: "Dinheiro" });
  pages.set("/loja (pedido realizado)", await placed);
  await serverHtml(page.url());

  // Grooming booking (issue 28): the form with prices and times, then a booking's page.
  await page.goto("/servicos/agendar");
  await page.getByLabel("Nome do pet").fill("Bidu");
  await page.getByLabel("Porte").selectOption("P");
  await page.getByLabel("Pelagem").selectOption("curta");
  await page.getByRole("checkbox", { name: /^Banho a partir de/ }).check();
  await page.getByRole("combobox", { name: "Dia", exact: true }).selectOption({ index: 3 });
  await page.getByRole("button", { name: "Ver horários e preço" }).click();
  await serverHtml(page.url());
  await page
    .getByRole("radiogroup", { name: "Horário para deixar o pet" })
    .getByRole("radio")
    .first()
    .check();
  await page.getByLabel("Seu nome").fill("Cliente Validação");
  await page.getByRole("textbox", { name: "WhatsApp", exact: true }).fill("(47) 99999-1234");
  await page.getByRole("button", { name: "Confirmar agendamento" }).click();
  await expect(page).toHaveURL(/\/servicos\/agendamento\//);
  await serverHtml(page.url());

  const errors = validate(pages);
  expect(errors, `erros do validador:\n${errors.join("\n")}`).toEqual([]);
});
