// A database that went away (PGlite closed; PostgreSQL's pool ended) turns every route's
// failure into the same 503: Retry-After and a pt-BR message, through the guard the server
// puts around every loader and action (app/platform/unavailable-routes.server.ts). The real
// route modules, on the real database of this run, closed under them.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, setDatabase } from "~/platform/db/client.server";
import { isUnavailable, unavailableKind } from "~/platform/unavailable.server";
import { answerUnavailable } from "~/platform/unavailable-routes.server";
import * as login from "~/routes/admin/login";
import * as checkout from "~/routes/loja/checkout";
import * as lojaIndex from "~/routes/loja/index";
import * as resumo from "~/routes/loja/resumo";
import * as contato from "~/routes/public/contato";
import * as contatoEnviar from "~/routes/public/contato-enviar";
import { createTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { checkoutForm, createProduct } from "../support/factories";

let database: Database;
let productId: string;

const build = answerUnavailable({
  routes: {
    login: { module: login },
    lojaIndex: { module: lojaIndex },
    checkout: { module: checkout },
    resumo: { module: resumo },
    contato: { module: contato },
    contatoEnviar: { module: contatoEnviar },
  },
});
type Guarded = {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
};
const route = (id: keyof typeof build.routes) => build.routes[id].module as unknown as Guarded;

/** Runs a guarded loader or action; what it threw or returned, as a Response when one. */
async function answer(fn: ((args: unknown) => Promise<unknown>) | undefined, request: Request) {
  try {
    return await fn!({ request, params: {}, context: {} });
  } catch (thrown) {
    return thrown;
  }
}

async function expect503(value: unknown, what: string) {
  expect(value, what).toBeInstanceOf(Response);
  const response = value as Response;
  expect(response.status, what).toBe(503);
  expect(Number(response.headers.get("retry-after")), what).toBeGreaterThan(0);
  const body = (await response.json()) as { message?: string; erro?: string };
  expect(body.message ?? body.erro, what).toMatch(/[ãçéêõ]|instabilidade|Erro/);
}

beforeAll(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  productId = (await createProduct(database, { nome: "Ração Falha", preco: 1000, estoque: 5 })).id;
  // Gone: PGlite closed, or the pool ended (as after PostgreSQL stopped).
  await database.close();
});

afterAll(() => setDatabase(undefined));

describe(`database gone (${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("store search, checkout, cart summary, contact and login answer 503 in pt-BR", async () => {
    await expect503(
      await answer(route("lojaIndex").loader, makeRequest("/loja?q=racao")),
      "busca da loja",
    );
    await expect503(
      await answer(
        route("checkout").action,
        formRequest("/loja/checkout", checkoutForm(`${productId}:1`)),
      ),
      "checkout",
    );
    await expect503(
      await answer(route("resumo").loader, makeRequest(`/loja/resumo?itens=${productId}:1`)),
      "resumo",
    );
    const message = { nome: "Ana", telefone: "(47) 98888-0000", mensagem: "Oi! Tem ração?" };
    await expect503(
      await answer(route("contato").action, formRequest("/contato", message)),
      "contato",
    );
    await expect503(
      await answer(route("contatoEnviar").action, formRequest("/contato/enviar", message)),
      "contato (JSON)",
    );
    await expect503(
      await answer(
        route("login").action,
        formRequest("/admin/login", { email: "dono@agropet.test", password: "senha-qualquer-123" }),
      ),
      "login",
    );
  });
});

describe("which errors are a fault that passes", () => {
  it("knows the database's and the disk's, however deep, and nothing else", () => {
    const wrapped = (cause: unknown) => new Error("Failed query: select 1", { cause });
    expect(
      unavailableKind(wrapped(Object.assign(new Error("connect"), { code: "ECONNREFUSED" }))),
    ).toBe("banco");
    expect(
      unavailableKind(wrapped(Object.assign(new Error("terminating"), { code: "57P01" }))),
    ).toBe("banco");
    expect(
      unavailableKind(
        new AggregateError([Object.assign(new Error("x"), { code: "ECONNREFUSED" })]),
      ),
    ).toBe("banco");
    expect(unavailableKind(wrapped(Object.assign(new Error("disk"), { code: "53100" })))).toBe(
      "disco",
    );
    expect(unavailableKind(Object.assign(new Error("write"), { code: "ENOSPC" }))).toBe("disco");
    expect(unavailableKind(Object.assign(new Error("write"), { code: "EROFS" }))).toBe("disco");
    // PGlite's file system error: a plain object named ErrnoError, errno 51 (ENOSPC).
    expect(unavailableKind({ name: "ErrnoError", errno: 51 })).toBe("disco");
    expect(isUnavailable(wrapped(Object.assign(new Error("dup"), { code: "23505" })))).toBe(false);
    expect(isUnavailable(new Error("boom"))).toBe(false);
    expect(isUnavailable(new TypeError("x is undefined"))).toBe(false);
  });
});
