// Every admin loader and action refuses a visitor without a session (-> /admin/login) and
// a signed-in non-admin (-> '/'). The list comes from app/routes.ts, so pages added later
// are covered without touching this file.
import { describe, expect, it } from "vitest";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { adminRoutes } from "../support/admin-routes";
import { makeCustomer } from "../support/factories";
import { type CallResult, call } from "../support/routes";

withTestDatabase();

type Module = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

async function load(file: string): Promise<Module> {
  return import(/* @vite-ignore */ `~/${file}`);
}

function expectRefused(result: CallResult, location: RegExp, label: string) {
  expect(result.response, `${label} devia redirecionar`).toBeInstanceOf(Response);
  const response = result.response!;
  expect(response.status, label).toBeGreaterThanOrEqual(300);
  expect(response.status, label).toBeLessThan(400);
  expect(response.headers.get("location"), label).toMatch(location);
}

describe("admin route guard", () => {
  it("finds the admin pages in app/routes.ts", () => {
    const files = adminRoutes.map((r) => r.file);
    for (const expected of [
      "routes/admin/layout.tsx",
      "routes/admin/dashboard.tsx",
      "routes/admin/loja.tsx",
      "routes/admin/loja/produtos.ts",
      "routes/admin/loja/cupons.ts",
      "routes/admin/loja/pedidos.ts",
      "routes/admin/loja/bairros.ts",
      "routes/admin/loja/configuracoes.ts",
      "routes/admin/estoque.tsx",
      "routes/admin/estoque-historico.tsx",
      "routes/admin/security.tsx",
      "routes/admin/rotinas.tsx",
      "routes/admin/configuracoes.tsx",
      "routes/admin/testes.tsx",
      "routes/admin/conta.tsx",
    ]) {
      expect(files).toContain(expected);
    }
    expect(files).not.toContain("routes/admin/login.tsx");
  });

  it("every admin loader and action refuses a visitor and a non-admin", async () => {
    const customer = await makeCustomer();
    let checked = 0;
    for (const route of adminRoutes) {
      const mod = await load(route.file);
      for (const kind of ["loader", "action"] as const) {
        const fn = mod[kind];
        if (!fn) continue;
        checked += 1;
        const init =
          kind === "action" ? { method: "POST", body: new URLSearchParams({ intent: "x" }) } : {};
        const label = `${kind} de ${route.file}`;

        const anonymous = await call(fn, makeRequest(route.url, init), route.params);
        expectRefused(anonymous, /^\/admin\/login\?redirectTo=/, `${label} (sem sessão)`);

        const init2 =
          kind === "action" ? { method: "POST", body: new URLSearchParams({ intent: "x" }) } : {};
        const nonAdmin = await call(
          fn,
          makeRequest(route.url, { ...init2, token: customer.token }),
          route.params,
        );
        expectRefused(nonAdmin, /^\/$/, `${label} (não administrador)`);
      }
    }
    expect(checked).toBeGreaterThanOrEqual(10);
  });
});
