// Property-based fuzz of every public and store action and loader (fast-check): generated
// bodies (missing fields, wrong types, huge and unicode strings, repeated keys, random
// multipart parts with path-traversal names and wrong content types) and generated query
// strings and URL params. Every answer is below 500, a refusal speaks pt-BR (no library
// message in English leaks), and no business row is written. FUZZ_RUNS scales the run
// (CI runs more); the count of requests is printed.

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/server/db/client.server";
import { seedDatabase } from "~/server/seed.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import {
  answer,
  body,
  ENGLISH,
  fieldName,
  fuzzOptions,
  messagesOf,
  nasty,
  requestBody,
  SHOP_TABLES,
  tally,
} from "../support/fuzz";

const ctx = withTestDatabase();

// A refused public request must not touch the shop's data, nor sign anyone in or audit
// anything (rate_limits counts attempts by design).
const BUSINESS_TABLES = [...SHOP_TABLES, "sessoes", "admin_audit_log"];

type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
};

// Route modules have typed loaders and actions; the fuzz calls them with generated args.
const ROUTES: { path: string; params?: string[]; load: () => Promise<unknown> }[] = [
  { path: "/", load: () => import("~/routes/public/home") },
  { path: "/sobre", load: () => import("~/routes/public/sobre") },
  { path: "/produtos", load: () => import("~/routes/public/produtos") },
  { path: "/servicos", load: () => import("~/routes/public/servicos") },
  { path: "/servicos/enviar", load: () => import("~/routes/public/servicos-enviar") },
  { path: "/contato", load: () => import("~/routes/public/contato") },
  { path: "/contato/enviar", load: () => import("~/routes/public/contato-enviar") },
  { path: "/faq", load: () => import("~/routes/public/faq") },
  { path: "/trabalhe-conosco", load: () => import("~/routes/public/trabalhe-conosco") },
  {
    path: "/trabalhe-conosco/enviar",
    load: () => import("~/routes/public/trabalhe-conosco-enviar"),
  },
  { path: "/loja", load: () => import("~/routes/loja/index") },
  { path: "/loja/produto/:id", params: ["id"], load: () => import("~/routes/loja/produto") },
  { path: "/loja/carrinho", load: () => import("~/routes/loja/carrinho") },
  { path: "/loja/checkout", load: () => import("~/routes/loja/checkout") },
  { path: "/loja/pedido/:numero", params: ["numero"], load: () => import("~/routes/loja/pedido") },
  {
    path: "/loja/pedido/:numero/status",
    params: ["numero"],
    load: () => import("~/routes/loja/pedido-status"),
  },
  { path: "/loja/resumo", load: () => import("~/routes/loja/resumo") },
  { path: "/admin/login", load: () => import("~/routes/admin/login") },
  { path: "/admin/login/verificar", load: () => import("~/routes/admin/login-verificar") },
  { path: "/admin/sessao", load: () => import("~/routes/admin/sessao") },
];

async function businessRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of BUSINESS_TABLES) {
    const [row] = await queryRows<{ n: number | string }>(
      ctx.database.db,
      sql`select count(*) as n from ${sql.identifier(table)}`,
    );
    counts[table] = Number(row!.n);
  }
  return counts;
}

let before: Record<string, number>;
beforeAll(async () => {
  await seedDatabase();
  before = await businessRows();
});

afterAll(() => {
  console.info(
    `[fuzz] ${tally.requests} requisições; status: ${JSON.stringify(Object.fromEntries(tally.statuses))}`,
  );
});

describe("fuzz: public and store actions and loaders", () => {
  for (const route of ROUTES) {
    it(`${route.path}: generated input never gets a 5xx, an English message or a write`, async () => {
      const module = (await route.load()) as RouteModule;
      const paramsArb = fc.record(
        Object.fromEntries((route.params ?? []).map((p) => [p, nasty])) as Record<
          string,
          fc.Arbitrary<string>
        >,
      );
      const query = fc.array(fc.tuple(fieldName, nasty), { maxLength: 6 });
      const ip = fc.ipV4();
      if (module.loader) {
        const loader = module.loader;
        await fc.assert(
          fc.asyncProperty(query, paramsArb, ip, async (pairs, params, address) => {
            const search = new URLSearchParams(pairs).toString();
            const path = route.path.replace(/:(\w+)/g, (_, p: string) =>
              encodeURIComponent(params[p] ?? ""),
            );
            const got = await answer(
              loader,
              makeRequest(`${path}?${search}`, { ip: address }),
              params,
            );
            expect(got.status).toBeLessThan(500);
          }),
          fuzzOptions(),
        );
      }
      if (module.action) {
        const action = module.action;
        await fc.assert(
          fc.asyncProperty(body, paramsArb, ip, async (generated, params, address) => {
            const { body: payload, headers } = requestBody(generated);
            const request = makeRequest(route.path, {
              method: "POST",
              body: payload,
              headers: { origin: "http://localhost", ...headers },
              ip: address,
            });
            const got = await answer(action, request, params);
            expect(got.status).toBeLessThan(500);
            if (got.status >= 400) expect(messagesOf(got.text)).not.toMatch(ENGLISH);
          }),
          fuzzOptions(),
        );
      }
      expect(await businessRows()).toEqual(before);
    });
  }
});
