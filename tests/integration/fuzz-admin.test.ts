// Property-based fuzz of every admin loader and action (from app/routes.ts), signed in as
// the owner or, in turn, as an Atendente (whose refusals, 403, must write nothing either):
// generated query strings, URL params and bodies, with the real intents mixed in
// so each branch of each action is reached with hostile fields. Every answer is below 500,
// a refusal speaks pt-BR, and a refusal (4xx) writes nothing. FUZZ_RUNS scales the run.
//
// Left out on purpose: /admin/testes and the 'webhook-test' intent, which send HTTP
// requests to the address they are given; generated addresses must never leave this
// machine. Their input checks are covered by their own tests.
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAlertFeed, stopAlertFeed } from "~/modules/alerts/index.server";
import { queryRows } from "~/platform/db/client.server";
import { seedDatabase } from "~/startup/seed.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { adminRoutes } from "../support/admin-routes";
import { makeAdmin, makeStaff } from "../support/factories";
import {
  answer,
  type Body,
  body,
  expectNoFault,
  fieldName,
  fuzzOptions,
  nasty,
  requestBody,
  SHOP_TABLES,
  tally,
} from "../support/fuzz";

const ctx = withTestDatabase();

const NETWORK_ROUTES = ["routes/admin/testes.tsx"];
const INTENTS = [
  "bairro-create",
  "bairro-delete",
  "bairro-fee",
  "bairro-toggle",
  "bairro-unit",
  "category-create",
  "coupon-create",
  "coupon-toggle",
  "order-status",
  "payment-status",
  "payment-settings-save",
  "pix-refund",
  "product-create",
  "product-delete",
  "product-toggle",
  "product-update",
  "settings-save",
  "desbloquear",
  "limpar",
  "preview",
  "import",
  "senha",
  "totp_iniciar",
  "totp_confirmar",
  "totp_desativar",
  "unit-create",
  "unit-update",
  // Grooming: the quote's link, the day's agenda, the configuration.
  "link",
  "status",
  "checkin",
  "walkin",
  "remarcar",
  "tosador",
  "agenda",
  "servico",
  "fechar",
  "reabrir",
  // Privacy: legal texts and one person's data.
  "textos",
  "anonimizar",
  // The team (decision 0067).
  "convidar",
  "reenviar",
  "revogar",
  "acesso",
  "desativar",
  "reativar",
  "encerrar_sessoes",
  "redefinir_senha",
  // Stock transfers in transit (decision 0076).
  "receber",
  "cancelar",
];

async function rows(): Promise<string> {
  const counts: string[] = [];
  for (const table of SHOP_TABLES) {
    const [row] = await queryRows<{ n: number | string; h: string | null }>(
      ctx.database.db,
      sql`select count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as h from ${sql.identifier(table)} t`,
    );
    counts.push(`${table}:${row!.n}:${row!.h}`);
  }
  return counts.join(" ");
}

/** A generated body with one of the real intents set (or none, or a made-up one). */
const adminBody = fc
  .tuple(body, fc.option(fc.oneof(fc.constantFrom(...INTENTS), nasty), { nil: undefined }))
  .map(([generated, intent]): Body => {
    if (intent === undefined || generated.kind === "json" || generated.kind === "bytes")
      return generated;
    return { ...generated, list: [["intent", intent], ...generated.list] };
  });

/** Each sample signs in as one of these: the owner, or a counter clerk (issue 41). */
let tokens: string[] = [];
const who = fc.nat({ max: 1 });
beforeAll(async () => {
  await seedDatabase();
  tokens = [(await makeAdmin()).token, (await makeStaff("atendente")).token];
  // The alerts' stream answers only with its feed running, as in the server.
  await startAlertFeed(ctx.database);
});

afterAll(async () => {
  await stopAlertFeed();
  console.info(
    `[fuzz admin] ${tally.requests} requisições; status: ${JSON.stringify(Object.fromEntries(tally.statuses))}`,
  );
});

const routes = adminRoutes.filter((route) => !NETWORK_ROUTES.includes(route.file));

describe("fuzz: admin loaders and actions, signed in", () => {
  it("reads every admin route of app/routes.ts", () => {
    expect(routes.length).toBeGreaterThanOrEqual(10);
    // The store hub's writes, one route per concept: each gets every intent above, its own
    // and the others' (which it must refuse).
    expect(routes.map((r) => r.file)).toEqual(
      expect.arrayContaining(
        ["produtos", "cupons", "pedidos", "bairros", "configuracoes"].map(
          (name) => `routes/admin/loja/${name}.ts`,
        ),
      ),
    );
  });

  for (const route of routes) {
    it(`${route.file}: generated input never gets a 5xx or an English message; a refusal writes nothing`, async () => {
      const module = (await import(/* @vite-ignore */ `~/${route.file}`)) as {
        loader?: (args: unknown) => unknown;
        action?: (args: unknown) => unknown;
      };
      const paramNames = Object.keys(route.params);
      const paramsArb = fc.record(
        Object.fromEntries(paramNames.map((p) => [p, fc.oneof(nasty, fc.uuid())])) as Record<
          string,
          fc.Arbitrary<string>
        >,
      );
      if (module.loader) {
        const loader = module.loader;
        const query = fc.array(fc.tuple(fieldName, nasty), { maxLength: 6 });
        await fc.assert(
          fc.asyncProperty(query, paramsArb, who, async (pairs, params, i) => {
            const search = new URLSearchParams(pairs).toString();
            const token = tokens[i];
            const got = await answer(loader, makeRequest(`${route.url}?${search}`, { token }), {
              ...route.params,
              ...params,
            });
            expect(got.status).toBeLessThan(500);
          }),
          fuzzOptions(),
        );
      }
      if (module.action) {
        const action = module.action;
        await fc.assert(
          fc.asyncProperty(adminBody, paramsArb, who, async (generated, params, i) => {
            const { body: payload, headers } = requestBody(generated);
            const token = tokens[i];
            const before = await rows();
            const got = await answer(
              action,
              makeRequest(route.url, {
                method: "POST",
                body: payload,
                headers: { origin: "http://localhost", ...headers },
                token,
              }),
              { ...route.params, ...params },
            );
            if (expectNoFault(got)) expect(await rows()).toBe(before);
          }),
          fuzzOptions(),
        );
      }
    });
  }
});
