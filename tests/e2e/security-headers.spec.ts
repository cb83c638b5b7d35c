// Every page of the public site, the store and the admin panel, in Chromium: the strict
// policy is sent, every inline script carries this response's nonce (or, on a page the
// shared page cache serves alike to every visitor, its hash is in the policy and no nonce
// is anywhere), and the page runs without a single CSP violation (checked by the fixture
// for every spec).
import crypto from "node:crypto";
import { SITE_NAV } from "~/components/site/nav";
import { expect, loginAt, type Page, test } from "./fixtures";

const PUBLIC_PAGES = SITE_NAV.map((link) => link.to);
const STORE_PAGES = ["/loja", "/loja?q=racao&page=1", "/loja/carrinho", "/loja/checkout"];
const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/loja",
  "/admin/loja?view=produtos",
  "/admin/loja?view=pedidos",
  "/admin/loja?view=cupons",
  "/admin/loja?view=configuracoes",
  "/admin/curriculos",
  "/admin/servicos",
  "/admin/importar",
  "/admin/security",
  "/admin/configuracoes",
  "/admin/testes",
  "/admin/conta",
];

async function visit(page: Page, path: string) {
  const shared = await checkPolicy(page, path);
  await page.waitForLoadState("load");
  return shared;
}

async function checkPolicy(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBeLessThan(400);
  const policy = response?.headers()["content-security-policy"] ?? "";
  const scriptSrc = /script-src ([^;]+)/.exec(policy)?.[1] ?? "";
  expect(scriptSrc, path).not.toContain("unsafe-inline");
  expect(scriptSrc, path).not.toContain("unsafe-eval");
  for (const directive of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'none'"]) {
    expect(policy, path).toContain(directive);
  }
  // The browser hides nonce attributes from getAttribute; the HTML as sent still has them.
  const html = await response!.text();
  // Executable scripts only: JSON-LD data blocks never run, so CSP does not govern them.
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
    ([tag]) => !tag.includes('type="application/ld+json"'),
  );
  expect(scripts.length, path).toBeGreaterThan(0);
  const shared = response!.headers()["x-cache"] !== undefined;
  if (shared) {
    expect(scriptSrc, path).not.toContain("nonce-");
    expect(html, path).not.toContain("nonce=");
    for (const [tag, attributes, body] of scripts) {
      if (/\bsrc=/.test(attributes ?? "")) continue;
      const hash = crypto
        .createHash("sha256")
        .update(body ?? "")
        .digest("base64");
      expect(scriptSrc, `${path}: ${tag.slice(0, 60)}`).toContain(`'sha256-${hash}'`);
    }
  } else {
    expect(scriptSrc, path).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc)![1];
    for (const [tag] of scripts) {
      expect(tag.slice(0, tag.indexOf(">") + 1), `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
    }
  }
  return shared;
}

test("public and store pages: strict policy, nonce on every script, no violation", async ({
  page,
  request,
}) => {
  const shared: string[] = [];
  for (const path of [...PUBLIC_PAGES, ...STORE_PAGES]) {
    if (await visit(page, path)) shared.push(path);
  }
  await page.goto("/loja");
  const product = await page.locator('a[href^="/loja/produto/"]').first().getAttribute("href");
  if (await visit(page, product!)) shared.push("produto");
  // The catalogue pages are shared; the cart and checkout never are.
  expect(shared).toEqual([...PUBLIC_PAGES, "/loja", "/loja?q=racao&page=1", "produto"]);
  // The 404 page, a static file and an upload answer with the headers too.
  for (const path of ["/nao-existe", "/favicon.svg", "/robots.txt", "/uploads/nao-existe.png"]) {
    const response = await request.get(path);
    expect(response.headers()["x-content-type-options"], path).toBe("nosniff");
    expect(response.headers()["x-frame-options"], path).toBe("DENY");
    expect(response.headers()["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(response.headers()["permissions-policy"], path).toContain("camera=()");
    expect(response.headers()["content-security-policy"], path).toContain("frame-ancestors 'none'");
  }
});

test("admin pages: strict policy, nonce on every script, no violation", async ({ page }) => {
  await loginAt(page);
  for (const path of ADMIN_PAGES) await visit(page, path);
});
