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

const ctx = withTestDatabase();
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

// Tables a refused request must leave untouched (rate_limits counts attempts by design).
const BUSINESS_TABLES = [
  "categorias",
  "produtos",
  "cupons",
  "bairros_entrega",
  "pedidos",
  "itens_pedido",
  "pedidos_servicos",
  "curriculos",
  "configuracoes",
  "usuarios",
  "sessoes",
  "admin_audit_log",
  "webhook_entregas",
];

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
  { path: "/contato", load: () => import("~/routes/public/contato") },
  { path: "/faq", load: () => import("~/routes/public/faq") },
  { path: "/trabalhe-conosco", load: () => import("~/routes/public/trabalhe-conosco") },
  { path: "/loja", load: () => import("~/routes/loja/index") },
  { path: "/loja/produto/:id", params: ["id"], load: () => import("~/routes/loja/produto") },
  { path: "/loja/carrinho", load: () => import("~/routes/loja/carrinho") },
  { path: "/loja/checkout", load: () => import("~/routes/loja/checkout") },
  { path: "/loja/pedido/:numero", params: ["numero"], load: () => import("~/routes/loja/pedido") },
  { path: "/loja/resumo", load: () => import("~/routes/loja/resumo") },
  { path: "/admin/login", load: () => import("~/routes/admin/login") },
  { path: "/admin/login/verificar", load: () => import("~/routes/admin/login-verificar") },
  { path: "/admin/sessao", load: () => import("~/routes/admin/sessao") },
];

// Strings that break naive code: huge, unicode, control characters, traversal, injection.
const nasty = fc.oneof(
  fc.string(),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ minLength: 5000, maxLength: 20000 }),
  fc.constantFrom(
    "../../etc/passwd",
    "..\\..\\windows\\win.ini",
    "%00",
    "' or 1=1 --",
    "<script>alert(1)</script>",
    "NaN",
    "-1",
    "1e309",
    "9999999999999999999999",
    "🐶🐱🐴",
    "",
    " ",
    "null",
    "undefined",
    "{}",
    "[]",
  ),
  fc.integer().map(String),
  fc.double().map(String),
);
const fieldName = fc.oneof(
  fc.constantFrom(
    "nome",
    "email",
    "telefone",
    "mensagem",
    "intent",
    "cupom",
    "codigo",
    "senha",
    "itens",
    "carrinho",
    "bairro",
    "bairroId",
    "endereco",
    "pagamento",
    "entrega",
    "quantidade",
    "produtoId",
    "fotos",
    "curriculo",
    "cargo",
    "especie",
    "porte",
    "servico",
    "q",
    "categoria",
    "page",
    "ordem",
    "token",
  ),
  fc.string({ maxLength: 20 }),
);
const fields = fc.array(fc.tuple(fieldName, nasty), { maxLength: 12 });
const fileName = fc.oneof(
  fc.constantFrom("../../../etc/passwd", "..%2f..%2fx.pdf", "/abs/x.jpg", "foto.jpg", "cv.pdf"),
  fc.string({ maxLength: 60 }),
);
const fileType = fc.constantFrom(
  "image/jpeg",
  "image/png",
  "application/pdf",
  "text/html",
  "application/x-msdownload",
  "",
);
const filePart = fc.record({
  field: fc.constantFrom("fotos", "curriculo", "arquivo", "imagem"),
  name: fileName,
  type: fileType,
  data: fc.uint8Array({ maxLength: 2048 }),
});

const body = fc.oneof(
  fields.map((list) => ({ kind: "urlencoded" as const, list })),
  fc
    .tuple(fields, fc.array(filePart, { maxLength: 4 }))
    .map(([list, files]) => ({ kind: "multipart" as const, list, files })),
  fc.string({ maxLength: 3000 }).map((text) => ({ kind: "json" as const, text })),
  fc.uint8Array({ maxLength: 3000 }).map((bytes) => ({ kind: "bytes" as const, bytes })),
);

type Body = typeof body extends fc.Arbitrary<infer T> ? T : never;

function requestBody(generated: Body): { body: BodyInit; headers: Record<string, string> } {
  switch (generated.kind) {
    case "urlencoded": {
      const params = new URLSearchParams();
      for (const [k, v] of generated.list) params.append(k, v);
      return { body: params, headers: {} };
    }
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of generated.list) form.append(k, v);
      for (const f of generated.files)
        form.append(f.field, new File([Buffer.from(f.data)], f.name, { type: f.type }));
      return { body: form, headers: {} };
    }
    case "json":
      return { body: generated.text, headers: { "content-type": "application/json" } };
    case "bytes":
      return {
        body: Buffer.from(generated.bytes),
        headers: { "content-type": "multipart/form-data; boundary=----x" },
      };
  }
}

// Library messages in English must never reach a visitor.
const ENGLISH =
  /\b(invalid input|expected|required|undefined|unexpected|error:|cannot read|is not a function|NaN)\b/i;

/** The texts an answer shows, without the typed values it echoes back into the form. */
function messagesOf(text: string): string {
  if (!text) return "";
  return JSON.stringify(JSON.parse(text), (key, value) => (key === "values" ? undefined : value));
}

let requests = 0;
const statuses = new Map<number, number>();

/** Runs a loader or action as the server would and returns its status and body text. */
async function answer(
  fn: (args: unknown) => unknown,
  request: Request,
  params: Record<string, string>,
): Promise<{ status: number; text: string }> {
  requests++;
  let result: unknown;
  try {
    result = await fn({ request, params, context: {} });
  } catch (thrown) {
    if (thrown instanceof Response) result = thrown;
    else if (thrown && typeof thrown === "object" && "init" in thrown && "data" in thrown)
      result = thrown;
    else throw thrown;
  }
  let status = 200;
  let text = "";
  if (result instanceof Response) {
    status = result.status;
    text = result.headers.get("content-type")?.includes("json") ? await result.text() : "";
  } else if (result && typeof result === "object" && "init" in result && "data" in result) {
    const init = (result as { init: ResponseInit | null }).init;
    status = init?.status ?? 200;
    text = JSON.stringify((result as { data: unknown }).data);
  } else {
    text = JSON.stringify(result ?? null);
  }
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
  return { status, text };
}

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
    `[fuzz] ${requests} requisições; status: ${JSON.stringify(Object.fromEntries(statuses))}`,
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
          { numRuns: RUNS },
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
          { numRuns: RUNS },
        );
      }
      expect(await businessRows()).toEqual(before);
    });
  }
});
