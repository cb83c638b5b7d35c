// Property-based fuzz of every public and store action and loader (fast-check): generated
// bodies (missing fields, wrong types, huge and unicode strings, repeated keys, random
// multipart parts with path-traversal names and wrong content types) and generated query
// strings and URL params. Every answer is below 500, a refusal speaks pt-BR (no library
// message in English leaks), and no business row is written. Then valid forms with one or
// two fields replaced by junk (NUL and other control characters, numbers past every
// integer type, emoji, huge and SQL-ish strings): still below 500, a refusal creates
// nothing, and what is accepted is stored clean. FUZZ_RUNS scales the run
// (CI runs more); the count of requests is printed.

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "~/platform/db/client.server";
import { seedDatabase } from "~/startup/seed.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { checkoutForm, productsIn } from "../support/factories";
import { GROOMING_QUOTE, solidJpeg } from "../support/fixtures";
import {
  answer,
  body,
  expectNoFault,
  fieldName,
  fuzzOptions,
  junk,
  nasty,
  requestBody,
  SHOP_TABLES,
  STORED_CONTROL,
  tally,
  withJunk,
} from "../support/fuzz";

const ctx = withTestDatabase();

// A refused public request must not touch the shop's data, nor sign anyone in or audit
// anything (rate_limits counts attempts by design).
const BUSINESS_TABLES = [
  ...SHOP_TABLES,
  "sessoes",
  "admin_audit_log",
  "agendamentos",
  "agendamento_pets",
  "codigos_acesso",
  "emails",
  "clientes",
  "sessoes_clientes",
  "consentimentos_clientes",
];

type RouteModule = {
  loader?: (args: unknown) => unknown;
  action?: (args: unknown) => unknown;
};

// Each route's path and its module under app/routes; the params are the path's `:name` parts.
const ROUTES: [path: string, file: string][] = [
  ["/", "public/home"],
  ["/sobre", "public/sobre"],
  ["/produtos", "public/produtos"],
  ["/servicos", "public/servicos"],
  ["/servicos/enviar", "public/servicos-enviar"],
  ["/servicos/agendar", "public/servicos-agendar"],
  ["/servicos/agendamento/:numero", "public/servicos-agendamento"],
  ["/servicos/agendamento/:numero/calendario.ics", "public/servicos-agendamento-ics"],
  ["/contato", "public/contato"],
  ["/contato/enviar", "public/contato-enviar"],
  ["/faq", "public/faq"],
  ["/trabalhe-conosco", "public/trabalhe-conosco"],
  ["/trabalhe-conosco/enviar", "public/trabalhe-conosco-enviar"],
  ["/loja", "loja/index"],
  ["/loja/produto/:id", "loja/produto"],
  ["/loja/carrinho", "loja/carrinho"],
  ["/loja/carrinho/alterar", "loja/carrinho-alterar"],
  ["/loja/acompanhar", "loja/acompanhar"],
  ["/loja/checkout", "loja/checkout"],
  ["/loja/pedido/:numero", "loja/pedido"],
  ["/loja/pedido/:numero/status", "loja/pedido-status"],
  ["/loja/resumo", "loja/resumo"],
  ["/conta", "conta/index"],
  ["/conta/entrar", "conta/entrar"],
  ["/conta/sair", "conta/sair"],
  ["/conta/eu", "conta/eu"],
  // The customer's pets (issue 42): without a session, "Entrar"; never a 500.
  ["/conta/pets", "conta/pets"],
  ["/conta/pets/:id", "conta/pet"],
  ["/conta/pets/:id/vacinas/:vacinaId", "conta/pet-comprovante"],
  // "Repetir" a booking of the account (decision 0087): signed out, "Entrar"; never a 500.
  ["/conta/agendamentos/:numero/repetir", "conta/repetir"],
  ["/loja/avise-me", "loja/avise-me"],
  ["/conta/enderecos", "conta/enderecos"],
  ["/admin/login", "admin/login"],
  ["/admin/login/verificar", "admin/login-verificar"],
  ["/admin/sessao", "admin/sessao"],
  // The team's one-time links (decision 0067): a guessed token opens nothing.
  ["/admin/convite/:token", "admin/convite"],
  ["/admin/senha/:token", "admin/senha"],
  // The customer's data and consents (decision 0075): signed out, a forged revoke link.
  ["/conta/privacidade", "conta/privacidade"],
  ["/conta/privacidade/baixar", "conta/privacidade-baixar"],
  ["/conta/consentimento/:finalidade", "conta/consentimento"],
];

async function countOf(table: string): Promise<number> {
  const [row] = await queryRows<{ n: number | string }>(
    ctx.database.db,
    sql`select count(*) as n from ${sql.identifier(table)}`,
  );
  return Number(row!.n);
}

async function businessRows(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of BUSINESS_TABLES) counts[table] = await countOf(table);
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

// CI's long run (FUZZ_RUNS=700) takes minutes per property on PostgreSQL: a time per test
// that grows with the runs.
const FUZZ_TIMEOUT = Math.max(30_000, fuzzOptions().numRuns * 1_000);

describe("fuzz: public and store actions and loaders", { timeout: FUZZ_TIMEOUT }, () => {
  for (const [path, file] of ROUTES) {
    it(`${path}: generated input never gets a 5xx, an English message or a write`, async () => {
      const module = (await import(/* @vite-ignore */ `~/routes/${file}`)) as RouteModule;
      const paramNames = [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const paramsArb = fc.record(
        Object.fromEntries(paramNames.map((p) => [p, nasty])) as Record<
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
            const url = path.replace(/:(\w+)/g, (_, p: string) =>
              encodeURIComponent(params[p] ?? ""),
            );
            const got = await answer(
              loader,
              makeRequest(`${url}?${search}`, { ip: address }),
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
            const request = makeRequest(path, {
              method: "POST",
              body: payload,
              headers: { origin: "http://localhost", ...headers },
              ip: address,
            });
            expectNoFault(await answer(action, request, params));
          }),
          fuzzOptions(),
        );
      }
      expect(await businessRows()).toEqual(before);
    });
  }
});

/** Sends one request and checks the rule of this block: < 500, and a refusal writes nothing. */
async function junkRound(
  table: string,
  fn: (args: unknown) => unknown,
  request: Request,
): Promise<number> {
  const before = await countOf(table);
  const got = await answer(fn, request, {});
  if (expectNoFault(got)) expect(await countOf(table)).toBe(before);
  return got.status;
}

function multipart(fields: Record<string, string>, files: [string, File][]): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const [k, f] of files) form.append(k, f);
  return form;
}

/** Posts `valid` with one or two fields of junk from many addresses, each post a junkRound. */
async function fuzzPost(
  table: string,
  fn: unknown,
  path: string,
  valid: Record<string, string>,
  body: (fields: Record<string, string>) => URLSearchParams | FormData,
  maxRuns = Number.POSITIVE_INFINITY,
): Promise<void> {
  const options = fuzzOptions();
  await fc.assert(
    fc.asyncProperty(withJunk(Object.keys(valid)), fc.ipV4(), async (replaced, address) => {
      const request = makeRequest(path, {
        method: "POST",
        body: body({ ...valid, ...Object.fromEntries(replaced) }),
        headers: { origin: "http://localhost" },
        ip: address,
      });
      await junkRound(table, fn as never, request);
    }),
    { ...options, numRuns: Math.min(options.numRuns, maxRuns) },
  );
}

/** Every row of `table`, none with a control character stored in its text. */
async function storedClean(table: string): Promise<Record<string, unknown>[]> {
  const rows = await queryRows<Record<string, unknown>>(
    ctx.database.db,
    sql`select * from ${sql.identifier(table)}`,
  );
  for (const row of rows) {
    for (const value of Object.values(row)) {
      if (typeof value === "string") expect(value).not.toMatch(STORED_CONTROL);
    }
  }
  return rows;
}

describe("fuzz: valid forms with one or two fields of junk", { timeout: FUZZ_TIMEOUT }, () => {
  const ip = fc.ipV4();
  const product = productsIn(ctx);

  it("checkout: never a 5xx, a refusal is no order, an order is stored clean", async () => {
    const { action } = await import("~/routes/loja/checkout");
    const produto = await product({ nome: "Ração Fuzz", preco: 1000, estoque: 10_000_000 });
    const lines = fc.oneof(
      fc.constant(`${produto.id}:1`),
      junk.map((q) => `${produto.id}:${q}`),
      fc.constantFrom(
        `${produto.id}:2147483648`,
        `${produto.id}:2147483647,${produto.id}:2`,
        `${produto.id}:600,${produto.id}:600`,
        `${produto.id}:9007199254740991,${produto.id}:9007199254740991`,
        `${produto.id}:1e3`,
        `${produto.id}:0x10`,
      ),
    );
    const names = Object.keys(checkoutForm("")).filter((k) => k !== "itens");
    const optional = ["complemento", "referencia", "observacoes", "trocoPara", "cupom", "email"];
    const statuses = new Map<number, number>();
    await fc.assert(
      fc.asyncProperty(
        withJunk([...names, ...optional]),
        lines,
        ip,
        async (replaced, itens, address) => {
          const form = { ...checkoutForm(itens), ...Object.fromEntries(replaced) };
          const request = makeRequest("/loja/checkout", {
            method: "POST",
            body: new URLSearchParams(form),
            headers: { origin: "http://localhost" },
            ip: address,
          });
          const status = await junkRound("pedidos", action as never, request);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        },
      ),
      fuzzOptions(),
    );
    // Valid lines do get through: the run is not all refusals.
    expect(statuses.get(302) ?? 0).toBeGreaterThan(0);
    for (const order of await storedClean("pedidos")) {
      expect(String(order.cliente_nome)).toMatch(/\p{L}/u);
    }
    const items = await queryRows<{ quantidade: number }>(
      ctx.database.db,
      sql`select quantidade from itens_pedido`,
    );
    for (const item of items) expect(Number(item.quantidade)).toBeLessThanOrEqual(999);
  });

  it("Entrar: never a 5xx; a refusal sends no code, a wrong code opens no account", async () => {
    const { action } = await import("~/routes/conta/entrar");
    const asked = { intent: "codigo", email: "fuzz.conta@example.com", voltar: "/conta" };
    // Every valid ask waits the answer's 300 ms floor (decision 0072): 150 asks are 45 s, and the
    // code check below runs the full count.
    await fuzzPost(
      "codigos_acesso",
      action,
      "/conta/entrar",
      asked,
      (f) => new URLSearchParams(f),
      150,
    );
    const typed = { ...asked, intent: "verificar", codigo: "123456" };
    await fuzzPost(
      "sessoes_clientes",
      action,
      "/conta/entrar",
      typed,
      (f) => new URLSearchParams(f),
    );
    expect(await countOf("sessoes_clientes")).toBe(0);
    await storedClean("codigos_acesso");
  });

  it("contact: never a 5xx nor an English message", async () => {
    const { action } = await import("~/routes/public/contato-enviar");
    const valid = {
      nome: "Ana Lima",
      telefone: "(47) 98888-1234",
      email: "ana@example.com",
      pet: "Thor",
      mensagem: "Vocês têm ração para filhotes?",
    };
    await fuzzPost("pedidos", action, "/contato/enviar", valid, (f) => new URLSearchParams(f));
  });

  it("grooming quote: never a 5xx, a refusal stores no request", async () => {
    const { action } = await import("~/routes/public/servicos-enviar");
    const photo = await solidJpeg(8, 8, "#c96");
    const valid = GROOMING_QUOTE;
    await fuzzPost("pedidos_servicos", action, "/servicos/enviar", valid, (fields) =>
      multipart(fields, [["fotos", new File([photo], "thor.jpg", { type: "image/jpeg" })]]),
    );
    await storedClean("pedidos_servicos");
  });

  it("resume: never a 5xx, a refusal stores no resume", async () => {
    const { action } = await import("~/routes/public/trabalhe-conosco-enviar");
    const pdf = Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n");
    const valid = {
      nomeCompleto: "Maria Oliveira",
      email: "maria@example.com",
      telefone: "(47) 99999-2222",
      vaga: "banho-tosa",
      mensagem: "Tenho 3 anos de experiência com tosa.",
    };
    await fuzzPost("curriculos", action, "/trabalhe-conosco/enviar", valid, (fields) =>
      multipart(fields, [["curriculo", new File([pdf], "cv.pdf", { type: "application/pdf" })]]),
    );
    for (const row of await storedClean("curriculos")) {
      expect(String(row.nome_completo)).toMatch(/\p{L}/u);
    }
  });

  it("cart summary: junk lines, coupon and neighbourhood never get a 5xx", async () => {
    const { loader } = await import("~/routes/loja/resumo");
    const produto = await product({ nome: "Petisco Fuzz", preco: 500, estoque: 5 });
    const valid = {
      itens: `${produto.id}:1`,
      cupom: "BEMVINDO10",
      bairro: "Centro",
      formaPagamento: "pix",
    };
    await fc.assert(
      fc.asyncProperty(withJunk(Object.keys(valid)), ip, async (replaced, address) => {
        const query = new URLSearchParams({ ...valid, ...Object.fromEntries(replaced) });
        const got = await answer(
          loader as never,
          makeRequest(`/loja/resumo?${query}`, { ip: address }),
          {},
        );
        expect(got.status).toBeLessThan(500);
      }),
      fuzzOptions(),
    );
  });
});
