// Every admin loader and action refuses a visitor without a session (-> /admin/login) and
// a signed-in non-admin (-> '/'). The list comes from app/routes.ts, so pages added later
// are covered without touching this file.
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes";
import { call, makeCustomer } from "../setup/admin";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";

withTestDatabase();

interface AdminRoute {
  file: string;
  /** A concrete URL for the route (params filled in). */
  url: string;
  params: Record<string, string>;
}

const SAMPLE_ID = "00000000-0000-4000-8000-000000000001";
/** The sign-in flow itself is open to visitors. */
const PUBLIC_ADMIN_PATHS = ["admin", "admin/login", "admin/logout", "admin/login/verificar"];

function collect(entries: RouteConfigEntry[], parentPath: string, out: AdminRoute[]) {
  for (const entry of entries) {
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    const underAdmin = path === "admin" || path.startsWith("admin/");
    if (underAdmin && !PUBLIC_ADMIN_PATHS.includes(path)) {
      const params: Record<string, string> = {};
      const url = `/${path
        .split("/")
        .map((segment) => {
          if (!segment.startsWith(":")) return segment;
          const name = segment.slice(1).replace(/\?$/, "");
          params[name] = SAMPLE_ID;
          return SAMPLE_ID;
        })
        .join("/")}`;
      out.push({ file: entry.file, url, params });
    }
    if (entry.children) collect(entry.children, path, out);
  }
  return out;
}

// Layout routes have no path of their own: they are checked with their first child's URL.
function withLayouts(entries: RouteConfigEntry[], parentPath: string, out: AdminRoute[]) {
  for (const entry of entries) {
    const path = [parentPath, entry.path ?? ""].filter(Boolean).join("/");
    if (!entry.path && entry.children && !entry.index) {
      const inner = collect(entry.children, path, []);
      if (inner.length > 0) out.push({ file: entry.file, url: inner[0]!.url, params: {} });
    }
    if (entry.children) withLayouts(entry.children, path, out);
  }
  return out;
}

const adminRoutes = [...collect(routes, "", []), ...withLayouts(routes, "", [])];

type Module = { loader?: (args: never) => unknown; action?: (args: never) => unknown };

async function load(file: string): Promise<Module> {
  return import(/* @vite-ignore */ `~/${file}`);
}

function expectRefused(result: unknown, location: RegExp, label: string) {
  expect(result, `${label} devia redirecionar`).toBeInstanceOf(Response);
  const response = result as Response;
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
      "routes/admin/security.tsx",
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
