// The authorization matrix (issue 41, decision 0068), generated from app/routes.ts: every
// admin route's loader (GET) and every intent its action declares (`action.capabilities`),
// for each role (Dono, Gerente, Atendente, Tosador), a visitor, a deactivated person and a
// signed-in customer, called for real with a session cookie. A role whose matrix lacks the
// route's capability is refused with 403 and the SPEC's words; a role that has it is not
// refused (any answer but 403 or the login: a page, a validation error, a 404 of the sample
// id). Anyone outside the team is sent to the login or home. A route under /admin that
// declares nothing (a loader without `handle.capability`, an action without its
// capabilities) fails the test, so a new route cannot forget who may use it.
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACESSO_NEGADO,
  type AdminHandle,
  CAPACIDADES,
  type Capacidade,
  PAPEIS,
  type Papel,
  podeAlguma,
} from "~/domain/permissions";
import { adminAction, createSession, createUser } from "~/modules/accounts/index.server";
import { startAlertFeed, stopAlertFeed } from "~/modules/alerts/index.server";
import { adminIntent } from "~/platform/admin/action.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { type AdminRoute, adminRoutes } from "../support/admin-routes";
import { type CallResult, call } from "../support/routes";

const ctx = withTestDatabase();

type Fn = (args: never) => unknown;
interface RouteModule {
  handle?: Partial<AdminHandle>;
  loader?: Fn;
  action?: Fn & {
    capabilities?: Record<string, Capacidade | undefined>;
    intentField?: string;
  };
}

/** Who asks: a role of the team, or someone the panel must not let in at all. */
type Subject =
  | { kind: "papel"; papel: Papel; token: string }
  | { kind: "fora"; label: "visitante" | "desativado" | "cliente"; token?: string };

/**
 * What a route module fails to declare. Exported shape of the rule the test applies to every
 * admin route: a loader needs `handle.capability`, an action the wrapper's `capabilities`.
 */
function undeclared(mod: RouteModule): string[] {
  const problems: string[] = [];
  const cap = mod.handle?.capability;
  const list = typeof cap === "string" ? [cap] : (cap ?? []);
  if (mod.loader && (list.length === 0 || list.some((c) => !(c in CAPACIDADES)))) {
    problems.push("loader sem handle.capability");
  }
  if (mod.action) {
    const caps = mod.action.capabilities;
    if (!caps || Object.keys(caps).length === 0) problems.push("action sem capacidades");
    else {
      for (const [intent, c] of Object.entries(caps)) {
        if (!c || !(c in CAPACIDADES)) problems.push(`intenção ${intent} sem capacidade`);
      }
    }
  }
  return problems;
}

function isLoginOrHome(result: CallResult): boolean {
  const location = result.response?.headers.get("location") ?? "";
  const status = result.response?.status ?? result.status;
  return (
    status >= 300 && status < 400 && (/^\/admin\/login(\?|$)/.test(location) || location === "/")
  );
}

/** The verdict of one call: refused by the matrix (403), sent away (login/home), or let in. */
function verdict(result: CallResult): "negado" | "fora" | "permitido" {
  if (result.status === 403 || result.response?.status === 403) return "negado";
  if (isLoginOrHome(result)) return "fora";
  return "permitido";
}

/** A 403 speaks the SPEC's words (the loader's error data, or the action's result). */
async function refusalMessage(result: CallResult): Promise<string | undefined> {
  if (result.data && typeof result.data.message === "string") return result.data.message;
  if (result.response) return (await result.response.clone().text()).slice(0, 200);
  return undefined;
}

/** An answer that streams (the live alerts) is closed once read. */
async function settle(result: CallResult) {
  await result.response?.body?.cancel().catch(() => {});
}

let subjects: Subject[] = [];
let ip = 0;
/** Each call from its own address: the flood gates of the sign-in and writes stay out of it. */
function nextIp() {
  ip += 1;
  return `10.41.${Math.floor(ip / 250) % 250}.${(ip % 250) + 1}`;
}

beforeAll(async () => {
  await startAlertFeed(ctx.database, { heartbeatMs: 60_000 });
  const session = async (id: string) =>
    (await createSession(id, makeRequest("/admin/login"))).token;
  for (const papel of PAPEIS) {
    const user = await createUser({
      email: `${papel}-matriz@teste.com`,
      password: "Quati-Aveia-Moinho-35",
      papel,
      nome: `Pessoa ${papel}`,
    });
    subjects.push({ kind: "papel", papel, token: await session(user.id) });
  }
  // Staff whose account was deactivated while signed in: the session they hold no longer
  // opens anything.
  const gone = await createUser({
    email: "desativada-matriz@teste.com",
    password: "Quati-Aveia-Moinho-35",
    papel: "atendente",
    nome: "Desativada",
  });
  const goneToken = await session(gone.id);
  await ctx.database.db.execute(sql`update usuarios set ativo = false where id = ${gone.id}`);
  const customer = await createUser({
    email: "cliente-matriz@teste.com",
    password: "senha-do-cliente",
    papel: null,
  });
  subjects = [
    ...subjects,
    { kind: "fora", label: "visitante" },
    { kind: "fora", label: "desativado", token: goneToken },
    { kind: "fora", label: "cliente", token: await session(customer.id) },
  ];
  // Hook for issue 41 point 3 (units): a person bound to one unit asking for another unit's
  // record (an order, a booking, a stock row) joins here as its own subject, with the route
  // URLs filled with that record's id, and expects 404/403 where the role would be allowed.
});

afterAll(async () => {
  await stopAlertFeed();
});

function label(subject: Subject) {
  return subject.kind === "papel" ? subject.papel : subject.label;
}

async function callAs(
  fn: Fn,
  route: AdminRoute,
  subject: Subject,
  init: RequestInit = {},
): Promise<CallResult> {
  const request = makeRequest(route.url, { ...init, token: subject.token, ip: nextIp() });
  const result = await call(fn, request, route.params);
  await settle(result);
  return result;
}

describe("authorization matrix (routes × intents × roles)", () => {
  it("a route that declares no capability is caught, and the action wrapper refuses one", () => {
    // The rule applied to each route below, on modules that forget: it must not pass them.
    expect(undeclared({ loader: (() => null) as Fn })).toEqual(["loader sem handle.capability"]);
    expect(
      undeclared({ handle: { capability: "inventada" as Capacidade }, loader: (() => null) as Fn }),
    ).toEqual(["loader sem handle.capability"]);
    expect(undeclared({ action: (() => null) as Fn })).toEqual(["action sem capacidades"]);
    // And the wrapper itself will not build an action that says nothing.
    expect(() =>
      adminAction(
        { x: adminIntent({ failure: "x", run: async () => "x" }) },
        // @ts-expect-error: the capability is required by the type, and checked at run time
        {},
      ),
    ).toThrow(/capability/);
  });

  it("every admin route of app/routes.ts declares its capability, and the server enforces it for every role", async () => {
    const problems: string[] = [];
    const mismatches: string[] = [];
    let routes = 0;
    let cells = 0;
    let intents = 0;
    let loaders = 0;
    for (const route of adminRoutes) {
      const mod = (await import(/* @vite-ignore */ `~/${route.file}`)) as RouteModule;
      if (!mod.loader && !mod.action) continue;
      routes += 1;
      for (const p of undeclared(mod)) problems.push(`${route.file}: ${p}`);

      // Each loader (GET), then each intent of the action (POST).
      const cases: { what: string; fn: Fn; need: AdminHandle["capability"]; init?: RequestInit }[] =
        [];
      if (mod.loader && mod.handle?.capability) {
        loaders += 1;
        cases.push({ what: `GET ${route.url}`, fn: mod.loader, need: mod.handle.capability });
      }
      const caps = mod.action?.capabilities ?? {};
      const field = mod.action?.intentField ?? "intent";
      for (const [intent, need] of Object.entries(caps)) {
        if (!need) continue;
        intents += 1;
        cases.push({
          what: `POST ${route.url} ${field}=${intent}`,
          fn: mod.action as Fn,
          need,
          init: { method: "POST", body: new URLSearchParams({ [field]: intent }) },
        });
      }

      for (const c of cases) {
        for (const subject of subjects) {
          cells += 1;
          const init = c.init?.body
            ? { ...c.init, body: new URLSearchParams(c.init.body as URLSearchParams) }
            : c.init;
          const result = await callAs(c.fn, route, subject, init);
          const got = verdict(result);
          const expected =
            subject.kind === "fora"
              ? "fora"
              : podeAlguma(subject.papel, c.need)
                ? "permitido"
                : "negado";
          if (got !== expected) {
            mismatches.push(
              `${c.what} como ${label(subject)}: esperado ${expected}, veio ${got} (${result.status})`,
            );
          } else if (got === "negado") {
            const message = await refusalMessage(result);
            if (message !== ACESSO_NEGADO) {
              mismatches.push(`${c.what} como ${label(subject)}: 403 sem a frase (${message})`);
            }
          }
        }
      }
    }
    // The size of the matrix, for the closing note.
    console.info(
      `matriz de autorização: ${routes} rotas (${loaders} loaders + ${intents} intenções) × ` +
        `${subjects.length} sujeitos (${PAPEIS.length} papéis + visitante, desativado, cliente) = ` +
        `${cells} chamadas`,
    );
    // Undeclared routes and every cell that disagrees with the matrix, all at once.
    expect({ problems, mismatches }).toEqual({ problems: [], mismatches: [] });
    expect(routes).toBeGreaterThanOrEqual(35);
    expect(intents).toBeGreaterThanOrEqual(50);
  });
});
