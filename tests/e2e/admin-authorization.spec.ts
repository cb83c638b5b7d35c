// Over real HTTP, every admin route of app/routes.ts refuses a visitor without a session:
// the page, its `.data` request (what client navigation fetches) and a POST to its action
// all send the visitor to /admin/login, and no admin data travels in the answer. (The
// signed-in non-admin case runs on each loader and action in the integration suite.)
import { E2E_ADMIN } from "../../playwright.config";
import { adminRoutes } from "../support/admin-routes";
import { expect, test } from "./fixtures";

const pages = [...new Set(adminRoutes.map((route) => route.url))];

test("every admin page, .data request and action refuses an anonymous visitor", async ({
  request,
}) => {
  expect(pages.length).toBeGreaterThanOrEqual(10);
  for (const url of pages) {
    const page = await request.get(url, { maxRedirects: 0 });
    expect(page.status(), `GET ${url}`).toBe(302);
    expect(page.headers().location, `GET ${url}`).toMatch(/^\/admin\/login\?redirectTo=/);

    for (const [method, dataUrl] of [
      ["GET", `${url}.data`],
      ["POST", `${url}.data`],
    ] as const) {
      const response = await request.fetch(dataUrl, {
        method,
        maxRedirects: 0,
        form: method === "POST" ? { intent: "excluir" } : undefined,
      });
      const label = `${method} ${dataUrl}`;
      const body = await response.text();
      // Single fetch answers with 202 and the redirect inside its turbo-stream body; a route
      // without an action answers 405.
      const toLogin = /"redirect","\/admin\/login\?redirectTo=/.test(body);
      const noAction = method === "POST" && response.status() === 405;
      expect(toLogin || noAction, `${label}: ${response.status()} ${body.slice(0, 120)}`).toBe(
        true,
      );
      expect(body, label).not.toContain(E2E_ADMIN.email);
      expect(body.length, label).toBeLessThan(500);
    }
  }
});
