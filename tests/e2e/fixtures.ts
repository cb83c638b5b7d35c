// Every spec imports `test` from here: each page of the test's browser context is watched
// for Content-Security-Policy violations (the event and Chromium's 'Refused to ...' console
// lines), and the test fails if it saw any. The whole suite walks every page and flow.
import { test as base, expect } from "@playwright/test";

export type { Page } from "@playwright/test";
export { expect };

export const test = base.extend<{ cspGuard: string[] }>({
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
