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
import { shopDay } from "~/domain/dates";
import {
  ACESSO_NEGADO,
  type AdminHandle,
  CAPACIDADES,
  type Capacidade,
  PAPEIS,
  type Papel,
  podeAlguma,
} from "~/domain/permissions";
import { addDays } from "~/domain/shop-time";
import { adminAction, createSession, createUser } from "~/modules/accounts/index.server";
import { startAlertFeed, stopAlertFeed } from "~/modules/alerts/index.server";
import { addWalkIn } from "~/modules/grooming/index.server";
import { agendasBanho } from "~/modules/grooming/testing.server";
import { openCount, transfer } from "~/modules/inventory/index.server";
import { placeOrder } from "~/modules/orders/index.server";
import { unidades } from "~/modules/shop/testing.server";
import { adminIntent } from "~/platform/admin/action.server";
import { runSql } from "~/platform/db/client.server";
import { seedDatabase } from "~/startup/seed.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { type AdminRoute, adminRoutes } from "../support/admin-routes";
import {
  agendaConfigForm,
  PROOF_AGENDA_LIMITS,
  smallDogWalkIn,
  walkInForm,
} from "../support/agenda";
import * as factories from "../support/factories";
import { type CallResult, call } from "../support/routes";
import { type StaffSession, staffSession } from "../support/staff";

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

/** Each admin route of app/routes.ts with its module, when it has a loader or an action. */
async function* answeringAdminRoutes() {
  for (const route of adminRoutes) {
    const mod = (await import(/* @vite-ignore */ `~/${route.file}`)) as RouteModule;
    if (mod.loader || mod.action) yield { route, mod };
  }
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
  // Issue 41 point 3 (units): the "other unit" dimension is the describe block below, with
  // its own records at two units (UNIT_CASES says, for every declared loader and intent,
  // whether it reaches a unit's record and how).
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
    for await (const { route, mod } of answeringAdminRoutes()) {
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

// ---------------------------------------------------------------------------------------------
// The "other unit" dimension (issue 41 point 3, decision 0069). For every loader and intent
// the routes declare, UNIT_CASES says either how it reaches a unit's record (an order by id or
// number, a booking, a variant's stock at a unit, a unit's agenda, a list or export filtered
// by unit) or, in words, why it reaches none. A declared loader or intent missing from the
// table fails the test, so a new one cannot skip the question. Each unit-bound case is called
// on unit A's record by a Gerente bound to unit B (every capability of those areas, the wrong
// unit): refused without revealing it (404, "… não encontrado(a)", or a list without it) and
// nothing of unit A changes; then by a Gerente bound to unit A: not refused.

interface UnitRecords {
  unitA: string;
  unitB: string;
  order: { id: string; numeroPedido: string };
  booking: string;
  variant: string;
  day: string;
  serviceId: string;
  /** In transit from unit C to unit A (A receives it) and from A to C (A may cancel it). */
  transferIn: string;
  transferOut: string;
  /** An open stock count at unit A (decision 0085), and a code its variant reads by. */
  count: string;
  sku: string;
}

type Answer = { result: CallResult; text: string };

interface UnitCase {
  /**
   * The URL (with its query) and params; for an intent, the form's fields too. `own`: the
   * unit of the person asking.
   */
  ask: (
    r: UnitRecords,
    own: string,
  ) => { url: string; params?: Record<string, string>; fields?: Fields };
  /** Whether the answer holds unit A's record (a page or list that shows it). */
  shows?: (a: Answer, r: UnitRecords) => boolean;
  /** The not-found words an action answers the other unit with. */
  notFound?: string;
}
type Fields = Record<string, string>;

const ORDER_NOT_FOUND = "Pedido não encontrado";
const TRANSFER_NOT_FOUND = "Transferência não encontrada";
const COUNT_NOT_FOUND = "Contagem não encontrada";
const BOOKING_NOT_FOUND = "Agendamento não encontrado";
const UNIT_NOT_FOUND = "Unidade não encontrada";

const orderIntent = (fields: (r: UnitRecords) => Fields): UnitCase => ({
  ask: (r) => ({ url: "/admin/loja/pedidos", fields: { id: r.order.id, ...fields(r) } }),
  notFound: ORDER_NOT_FOUND,
});
const bookingIntent = (fields: (r: UnitRecords, own: string) => Fields): UnitCase => ({
  ask: (r, own) => ({
    url: "/admin/servicos/agenda",
    fields: { id: r.booking, ...fields(r, own) },
  }),
  notFound: BOOKING_NOT_FOUND,
});
/** An intent on the stock count `r.count`, at its page under `page` ("" is the count's own). */
const countIntent = (page: string, fields: (r: UnitRecords) => Fields = () => ({})): UnitCase => ({
  ask: (r) => ({
    url: `/admin/estoque/contagens/${r.count}${page}`,
    params: { id: r.count },
    fields: { contagemId: r.count, ...fields(r) },
  }),
  notFound: COUNT_NOT_FOUND,
});
const stockIntent = (fields: (r: UnitRecords) => Fields): UnitCase => ({
  ask: (r) => ({ url: "/admin/estoque", fields: { varianteId: r.variant, ...fields(r) } }),
  notFound: UNIT_NOT_FOUND,
});
const agendaConfig = (fields: (r: UnitRecords) => Fields): UnitCase => ({
  ask: (r) => ({
    url: `/admin/servicos/configuracao?unidade=${r.unitA}`,
    fields: { unidadeId: r.unitA, ...fields(r) },
  }),
  notFound: UNIT_NOT_FOUND,
});
const hasOrder = (a: Answer, r: UnitRecords) => a.text.includes(r.order.numeroPedido);
const hasBooking = (a: Answer, r: UnitRecords) => a.text.includes(r.booking);

/** The agenda form as /admin/servicos/configuracao sends it. */
const AGENDA_FORM: Fields = agendaConfigForm({
  ...Object.fromEntries(Array.from({ length: 7 }, (_, d) => [`horarios_${d}`, "08:00, 09:00"])),
  antecedenciaHoras: "0",
  diasAFrente: "60",
  statusInicial: "confirmado",
});

const NO_RECORD = "não chega a registro de uma unidade";
const SHOP_WIDE = "da loja inteira, não de uma unidade (decisão 0069)";
const PET = "o pet é do cliente e vai a qualquer unidade (decisão 0073)";
const OWNER_ONLY = "só do Dono (o Gerente não tem a capacidade; coberta pela matriz acima)";

/** Every declared loader ("GET") and intent of the admin routes, unit-bound or why not. */
const UNIT_CASES: Record<string, UnitCase | string> = {
  "routes/admin/sessao.ts GET": NO_RECORD,
  "routes/admin/sessao.ts manter": NO_RECORD,
  "routes/admin/layout.tsx GET": NO_RECORD,
  "routes/admin/conta.tsx GET": "a própria conta",
  "routes/admin/conta.tsx senha": "a própria conta",
  "routes/admin/conta.tsx encerrar_sessoes": "a própria conta",
  "routes/admin/conta.tsx totp_iniciar": "a própria conta",
  "routes/admin/conta.tsx totp_confirmar": "a própria conta",
  "routes/admin/conta.tsx totp_desativar": "a própria conta",
  "routes/admin/avisos.ts GET":
    "stream ao vivo: o filtro por unidade, na conexão e na reconexão, é provado por HTTP em unit-scope.test.ts",
  "routes/admin/dashboard.tsx GET": {
    ask: () => ({ url: "/admin/dashboard" }),
    shows: hasOrder,
  },
  // The day close of unit A (issue 43 point 4): another unit's answers as unknown.
  "routes/admin/fechamento.tsx GET": {
    ask: (r) => ({ url: `/admin/fechamento?unidade=${r.unitA}` }),
    shows: (a, r) => a.result.data?.close?.unidade?.id === r.unitA,
  },
  "routes/admin/fechamento-imprimir.tsx GET": {
    ask: (r) => ({
      url: `/admin/fechamento/imprimir?unidade=${r.unitA}&dia=${shopDay(new Date())}`,
    }),
    shows: (a, r) => a.result.data?.close?.unidade?.id === r.unitA,
  },
  "routes/admin/fechamento-exportar.ts GET": {
    ask: (r) => ({
      url: `/admin/fechamento/exportar?formato=csv&unidade=${r.unitA}&dia=${shopDay(new Date())}`,
    }),
    shows: (a) => a.result.status === 200,
  },
  "routes/admin/loja.tsx GET": {
    ask: (r) => ({ url: `/admin/loja?view=pedidos&unidade=${r.unitA}` }),
    shows: hasOrder,
  },
  "routes/admin/loja/pedidos.ts GET": "só leva à lista de pedidos de /admin/loja",
  "routes/admin/loja/pedidos.ts order-status": orderIntent(() => ({ status: "preparo" })),
  "routes/admin/loja/pedidos.ts payment-status": orderIntent(() => ({ status: "pago" })),
  "routes/admin/loja/pedidos.ts pix-refund": orderIntent(() => ({})),
  "routes/admin/loja/pedidos.ts order-reopen": orderIntent(() => ({})),
  "routes/admin/pedido-imprimir.tsx GET": {
    ask: (r) => ({
      url: `/admin/loja/pedidos/${r.order.numeroPedido}/imprimir`,
      params: { numero: r.order.numeroPedido },
    }),
    shows: hasOrder,
  },
  "routes/admin/pedidos-imprimir.tsx GET": {
    ask: () => ({ url: "/admin/loja/pedidos/imprimir" }),
    shows: hasOrder,
  },
  "routes/admin/loja/pedidos-exportar.ts GET": {
    ask: (r) => ({ url: `/admin/loja/pedidos/exportar?formato=csv&unidade=${r.unitA}` }),
    shows: hasOrder,
  },
  "routes/admin/estoque.tsx GET": {
    ask: (r) => ({ url: `/admin/estoque?q=Escopo&unidade=${r.unitA}` }),
    shows: (a, r) =>
      (a.result.data?.listing?.rows ?? []).some((row: { porUnidade: { unidadeId: string }[] }) =>
        row.porUnidade.some((f) => f.unidadeId === r.unitA),
      ),
  },
  "routes/admin/estoque-historico.tsx GET": {
    ask: (r) => ({ url: `/admin/estoque/${r.variant}`, params: { varianteId: r.variant } }),
    // Unit A's stock row or any of its movements (unit B's own rows may name A as a source).
    shows: (a, r) => {
      const history = a.result.data?.history;
      return (
        (history?.variante.porUnidade ?? []).some(
          (f: { unidadeId: string }) => f.unidadeId === r.unitA,
        ) ||
        (history?.movimentos ?? []).some(
          (m: { unidadeNome: string }) => m.unidadeNome === "Unidade Meia Praia",
        )
      );
    },
  },
  "routes/admin/estoque.tsx stock-adjust": stockIntent((r) => ({
    unidadeId: r.unitA,
    emMaos: "7",
    motivo: "Contagem",
  })),
  "routes/admin/estoque.tsx stock-enter": stockIntent((r) => ({
    unidadeId: r.unitA,
    quantidade: "3",
    motivo: "Bonificação do fornecedor",
  })),
  "routes/admin/estoque-entrada.tsx GET": "a página de envio não mostra registro de unidade",
  "routes/admin/estoque-entrada.tsx preview":
    "a unidade vem do CNPJ do destinatário da nota; a nota de outra unidade é recusada na prévia (nfe-entry.test.ts)",
  "routes/admin/estoque-entrada.tsx confirmar":
    "confirma só notas lidas no envio da própria pessoa, já conferidas pela unidade (nfe-entry.test.ts)",
  "routes/admin/estoque-balcao.tsx GET":
    "a lista de itens esperando e de reservas em risco é filtrada pelas unidades da pessoa (pendingCounterCodes, reservationsAtRisk)",
  "routes/admin/estoque-balcao.tsx importar":
    "a unidade vem do CNPJ do emitente da NFC-e; a nota de outra unidade é recusada e nada muda (nfce-counter.test.ts)",
  "routes/admin/estoque-balcao.tsx associar": {
    ask: (r) => ({
      url: "/admin/estoque/balcao",
      fields: { unidadeId: r.unitA, codigo: "5501", texto: "BIF65", fator: "1" },
    }),
    notFound: UNIT_NOT_FOUND,
  },
  "routes/admin/estoque.tsx stock-minimum": stockIntent((r) => ({
    unidadeId: r.unitA,
    minimo: "4",
  })),
  "routes/admin/estoque.tsx stock-transfer": stockIntent((r) => ({
    de: r.unitA,
    para: r.unitB,
    quantidade: "1",
  })),
  "routes/admin/estoque-transferencias.tsx GET": {
    ask: () => ({ url: "/admin/estoque/transferencias" }),
    // Unit A's transfers with unit C: none of unit B's business.
    shows: (a, r) => a.text.includes(r.transferOut) || a.text.includes(r.transferIn),
  },
  "routes/admin/estoque-transferencias.tsx receber": {
    ask: (r) => ({
      url: "/admin/estoque/transferencias",
      fields: { id: r.transferIn, quantidade: "" },
    }),
    notFound: TRANSFER_NOT_FOUND,
  },
  "routes/admin/estoque-transferencias.tsx cancelar": {
    ask: (r) => ({ url: "/admin/estoque/transferencias", fields: { id: r.transferOut } }),
    notFound: TRANSFER_NOT_FOUND,
  },
  "routes/admin/estoque-contagens.tsx GET": {
    ask: () => ({ url: "/admin/estoque/contagens" }),
    shows: (a, r) => a.text.includes(r.count),
  },
  "routes/admin/estoque-contagens.tsx abrir": {
    ask: (r) => ({
      url: "/admin/estoque/contagens",
      fields: { unidadeId: r.unitA, escopo: "tudo", cega: "1" },
    }),
    notFound: UNIT_NOT_FOUND,
  },
  "routes/admin/estoque-contagem.tsx GET": {
    ask: (r) => ({ url: `/admin/estoque/contagens/${r.count}`, params: { id: r.count } }),
    shows: (a, r) => a.result.data?.contagem?.id === r.count,
  },
  "routes/admin/estoque-contagem.tsx ler": countIntent("", (r) => ({
    codigo: r.sku,
    quantidade: "2",
  })),
  "routes/admin/estoque-contagem.tsx desfazer": countIntent(""),
  "routes/admin/estoque-contagem-diferencas.tsx GET": {
    ask: (r) => ({
      url: `/admin/estoque/contagens/${r.count}/diferencas`,
      params: { id: r.count },
    }),
    shows: (a, r) => a.result.data?.diferencas?.contagem?.id === r.count,
  },
  "routes/admin/estoque-contagem-diferencas.tsx aplicar": countIntent("/diferencas"),
  "routes/admin/estoque-contagem-diferencas.tsx cancelar": countIntent("/diferencas"),
  "routes/admin/estoque-contagem-imprimir.tsx GET": {
    ask: (r) => ({
      url: `/admin/estoque/contagens/${r.count}/imprimir`,
      params: { id: r.count },
    }),
    shows: (a, r) => a.text.includes(r.count) || a.result.data?.folha?.contagem?.id === r.count,
  },
  "routes/admin/servicos-agenda.tsx GET": {
    ask: (r) => ({ url: `/admin/servicos/agenda?unidade=${r.unitA}&dia=${r.day}` }),
    shows: hasBooking,
  },
  "routes/admin/servicos-agenda-imprimir.tsx GET": {
    ask: (r) => ({ url: `/admin/servicos/agenda/imprimir?unidade=${r.unitA}&dia=${r.day}` }),
    shows: (a) => a.text.includes("Rex"),
  },
  "routes/admin/servicos-agenda.tsx status": bookingIntent(() => ({ status: "em_atendimento" })),
  "routes/admin/servicos-agenda.tsx tosador": bookingIntent(() => ({ tosadorId: "" })),
  "routes/admin/servicos-agenda.tsx pagamento": bookingIntent(() => ({
    pagamentoMetodo: "pix",
    pagamentoValor: "50,00",
  })),
  "routes/admin/servicos-agenda.tsx checkin": bookingIntent(() => ({ precoFinal: "" })),
  // To the asker's own unit: the booking itself must be out of their reach.
  "routes/admin/servicos-agenda.tsx remarcar": bookingIntent((r, own) => ({
    unidadeId: own,
    data: r.day,
    horario: "09:00",
  })),
  "routes/admin/servicos-agenda.tsx liberar": bookingIntent(() => ({ por: "whatsapp" })),
  // A date of a series (decision 0087): another unit's booking is not found.
  "routes/admin/servicos-agenda.tsx serie-pular": bookingIntent(() => ({})),
  "routes/admin/servicos-agenda.tsx serie-encerrar": bookingIntent(() => ({})),
  "routes/admin/servicos-repetir.tsx GET": {
    ask: (r) => ({ url: `/admin/servicos/agenda/${r.booking}/repetir`, params: { id: r.booking } }),
    shows: hasBooking,
  },
  "routes/admin/servicos-repetir.tsx repetir": {
    ask: (r) => ({
      url: `/admin/servicos/agenda/${r.booking}/repetir`,
      params: { id: r.booking },
      fields: { intervaloDias: "7", primeiraData: r.day, horario: "09:00", ocorrencias: "2" },
    }),
    notFound: BOOKING_NOT_FOUND,
  },
  "routes/admin/servicos-agenda.tsx walkin": {
    ask: (r) => ({
      url: "/admin/servicos/agenda",
      fields: {
        ...walkInForm({ unidadeId: r.unitA, data: r.day, horario: "09:00", nome: "Toby" }),
        servicoIds: r.serviceId,
      },
    }),
    notFound: "Esta unidade não tem agenda de banho e tosa",
  },
  "routes/admin/servicos-configuracao.tsx GET": {
    ask: (r) => ({ url: `/admin/servicos/configuracao?unidade=${r.unitA}` }),
    shows: (a, r) => a.text.includes(`"unit":{"id":"${r.unitA}"`),
  },
  "routes/admin/servicos-configuracao.tsx agenda": agendaConfig(() => AGENDA_FORM),
  "routes/admin/servicos-configuracao.tsx fechar": agendaConfig((r) => ({
    data: r.day,
    motivo: "Feriado",
  })),
  "routes/admin/servicos-configuracao.tsx reabrir": agendaConfig((r) => ({ data: r.day })),
  "routes/admin/servicos-configuracao.tsx servico": "serviços e preços são da loja inteira",
  "routes/admin/servicos.tsx GET": "orçamentos por foto não têm unidade (decisão 0069)",
  "routes/admin/servicos.tsx link": "orçamentos por foto não têm unidade (decisão 0069)",
  "routes/admin/servicos.tsx grooming-status": "orçamentos por foto não têm unidade (decisão 0069)",
  "routes/admin/curriculos.tsx GET": "currículos não têm unidade (decisão 0069)",
  "routes/admin/curriculos.tsx resume-status": "currículos não têm unidade (decisão 0069)",
  "routes/admin/curriculo-download.tsx GET": "currículos não têm unidade (decisão 0069)",
  // A customer's pet goes to any unit: its record is the customer's (decision 0073).
  "routes/admin/servicos-pet.tsx GET": PET,
  "routes/admin/servicos-pet.tsx peso": PET,
  "routes/admin/servicos-pet.tsx nota": PET,
  "routes/admin/servicos-pet.tsx conferir": PET,
  "routes/admin/servicos-pet.tsx juntar": PET,
  "routes/admin/servicos-pet-comprovante.ts GET": PET,
  "routes/admin/servicos-pet.tsx vender-pacote":
    "o pet é do cliente (decisão 0073); a unidade da venda é conferida por sellPackageAtCounter",
  // The owner's package offers (decision 0087) are the whole shop's.
  "routes/admin/servicos-pacotes.tsx GET": SHOP_WIDE,
  "routes/admin/servicos-pacotes.tsx pacote": SHOP_WIDE,
  "routes/admin/loja/produtos.ts GET": SHOP_WIDE,
  "routes/admin/loja/produtos.ts product-create": SHOP_WIDE,
  "routes/admin/loja/produtos.ts product-update": SHOP_WIDE,
  "routes/admin/loja/produtos.ts product-toggle": SHOP_WIDE,
  "routes/admin/loja/produtos.ts product-delete": SHOP_WIDE,
  "routes/admin/loja/produtos.ts category-create": SHOP_WIDE,
  "routes/admin/loja/variacoes.tsx GET": SHOP_WIDE,
  "routes/admin/loja/variacoes.tsx variants-save": SHOP_WIDE,
  "routes/admin/loja/sinonimos.tsx GET": SHOP_WIDE,
  "routes/admin/loja/sinonimos.tsx synonyms-create": SHOP_WIDE,
  "routes/admin/loja/sinonimos.tsx synonyms-update": SHOP_WIDE,
  "routes/admin/loja/sinonimos.tsx synonyms-delete": SHOP_WIDE,
  // "Compra programada" (issue 45, decision 0086): the shop's forecast, list and discounts.
  "routes/admin/assinaturas.tsx GET": SHOP_WIDE,
  "routes/admin/assinaturas.tsx desconto": SHOP_WIDE,
  "routes/admin/loja/cupons.ts GET": SHOP_WIDE,
  "routes/admin/loja/cupons.ts coupon-create": SHOP_WIDE,
  "routes/admin/loja/cupons.ts coupon-toggle": SHOP_WIDE,
  "routes/admin/loja/bairros.ts GET": "o mapa de entrega (bairro → unidade) é da loja inteira",
  "routes/admin/loja/bairros.ts bairro-create": "o mapa de entrega é da loja inteira",
  "routes/admin/loja/bairros.ts bairro-fee": "o mapa de entrega é da loja inteira",
  "routes/admin/loja/bairros.ts bairro-unit": "o mapa de entrega é da loja inteira",
  "routes/admin/loja/bairros.ts bairro-toggle": "o mapa de entrega é da loja inteira",
  "routes/admin/loja/bairros.ts bairro-delete": "o mapa de entrega é da loja inteira",
  "routes/admin/loja/configuracoes.ts GET": OWNER_ONLY,
  "routes/admin/loja/configuracoes.ts settings-save": OWNER_ONLY,
  "routes/admin/loja/configuracoes.ts payment-settings-save": OWNER_ONLY,
  "routes/admin/loja/configuracoes.ts webhook-test": OWNER_ONLY,
  "routes/admin/importar.tsx GET": SHOP_WIDE,
  "routes/admin/importar.tsx preview": SHOP_WIDE,
  "routes/admin/importar.tsx import": SHOP_WIDE,
  "routes/admin/importar-modelo.ts GET": SHOP_WIDE,
  "routes/admin/importar-exportar.ts GET": SHOP_WIDE,
  "routes/admin/unidades.tsx GET": OWNER_ONLY,
  "routes/admin/unidades.tsx unit-create": OWNER_ONLY,
  "routes/admin/unidades.tsx unit-update": OWNER_ONLY,
  "routes/admin/security.tsx GET": OWNER_ONLY,
  "routes/admin/security.tsx limpar": OWNER_ONLY,
  "routes/admin/security.tsx desbloquear": OWNER_ONLY,
  "routes/admin/equipe.tsx GET": OWNER_ONLY,
  "routes/admin/equipe.tsx convidar": OWNER_ONLY,
  "routes/admin/equipe.tsx reenviar": OWNER_ONLY,
  "routes/admin/equipe.tsx revogar": OWNER_ONLY,
  "routes/admin/equipe.tsx acesso": OWNER_ONLY,
  "routes/admin/equipe.tsx desativar": OWNER_ONLY,
  "routes/admin/equipe.tsx reativar": OWNER_ONLY,
  "routes/admin/equipe.tsx encerrar_sessoes": OWNER_ONLY,
  "routes/admin/equipe.tsx redefinir_senha": OWNER_ONLY,
  "routes/admin/rotinas.tsx GET": OWNER_ONLY,
  "routes/admin/configuracoes.tsx GET": OWNER_ONLY,
  "routes/admin/configuracoes.tsx remover-demo": OWNER_ONLY,
  "routes/admin/configuracoes.tsx configuracoes": OWNER_ONLY,
  "routes/admin/privacidade.tsx GET": OWNER_ONLY,
  "routes/admin/privacidade.tsx textos": OWNER_ONLY,
  "routes/admin/privacidade.tsx anonimizar": OWNER_ONLY,
  "routes/admin/privacidade-exportar.ts GET": OWNER_ONLY,
  "routes/admin/testes.tsx GET": OWNER_ONLY,
  "routes/admin/testes.tsx database": OWNER_ONLY,
  "routes/admin/testes.tsx webhook": OWNER_ONLY,
  "routes/admin/emails.tsx GET": OWNER_ONLY,
  "routes/admin/emails.tsx smtp": OWNER_ONLY,
  "routes/admin/email.tsx GET": OWNER_ONLY,
};

/** Everything of unit A a write could touch: the order, its bookings, stock and agenda. */
async function stateOfUnit(r: UnitRecords) {
  const db = ctx.database.db;
  const rows = (text: string, values: unknown[]) =>
    runSql<Record<string, unknown>>(db, text, values);
  return JSON.stringify({
    pedido: await rows("select * from pedidos where id = $1", [r.order.id]),
    agendamentos: await rows("select * from agendamentos where unidade_id = $1 order by id", [
      r.unitA,
    ]),
    estoque: await rows("select * from estoque where unidade_id = $1 order by variante_id", [
      r.unitA,
    ]),
    agenda: await rows("select * from agendas_banho where unidade_id = $1", [r.unitA]),
    fechadas: await rows("select * from agendas_banho_fechadas where unidade_id = $1", [r.unitA]),
    transferencias: await rows(
      "select * from transferencias_estoque where de_unidade_id = $1 or para_unidade_id = $1 order by id",
      [r.unitA],
    ),
    contagens: await rows("select * from contagens where unidade_id = $1 order by id", [r.unitA]),
    leituras: await rows(
      "select l.* from contagem_leituras l join contagens c on c.id = l.contagem_id where c.unidade_id = $1 order by l.id",
      [r.unitA],
    ),
  });
}

async function answerOf(result: CallResult): Promise<Answer> {
  const text = result.response
    ? await result.response
        .clone()
        .text()
        .catch(() => "")
    : JSON.stringify(result.data ?? null);
  return { result, text };
}

describe("authorization matrix: other unit (a Gerente of unit B on unit A's records)", () => {
  let records: UnitRecords;
  let gerenteA: StaffSession;
  let gerenteB: StaffSession;

  beforeAll(async () => {
    await seedDatabase({ images: false });
    const db = ctx.database.db;
    const unitA = await factories.defaultUnitId();
    const unitB = await factories.addCentroUnit(db, { atendeEntregas: false });
    const racao = await factories.productsIn(ctx)({
      nome: "Ração Escopo 15 kg",
      preco: 15990,
      estoque: 0,
    });
    await factories.setStock(racao.id, unitA, 20);
    await factories.setStock(racao.id, unitB, 20);
    const placed = await placeOrder(
      factories.orderInput([{ varianteId: racao.id, quantidade: 1 }], {
        modo: "retirada",
        unidadeId: unitA,
        formaPagamento: "balcao",
      }),
    );
    if (!placed.ok) throw new Error(`pedido recusado: ${JSON.stringify(placed)}`);
    const banho = await factories.insertSmallBath("banho-matriz", db);
    await db.delete(agendasBanho);
    for (const unidadeId of [unitA, unitB]) {
      await db.insert(agendasBanho).values({
        unidadeId,
        horarios: Array.from({ length: 7 }, () => ["08:00", "09:00"]),
        ...PROOF_AGENDA_LIMITS,
        statusInicial: "confirmado",
      });
    }
    gerenteA = await staffSession({ papel: "gerente", unidades: [unitA], nome: "Gerente A" });
    gerenteB = await staffSession({ papel: "gerente", unidades: [unitB], nome: "Gerente B" });
    const day = addDays(shopDay(new Date()), 3);
    const booking = await addWalkIn(
      smallDogWalkIn({
        unidadeId: unitA,
        data: day,
        nomeTutor: "Tutor do Rex",
        servicoId: banho!.id,
      }),
      gerenteA.actor("/admin/servicos/agenda"),
    );
    // A third unit, C: unit A's transfers with it are neither A's nor B's alone to show B.
    const [unitC] = await db
      .insert(unidades)
      .values({
        slug: "terceira-matriz",
        nome: "Unidade Terceira",
        endereco: "Rua 3",
        bairro: "Centro",
        cidade: "Itapema",
        uf: "SC",
        horarios: [null, null, null, null, null, null, null],
        posicao: 9,
      })
      .returning({ id: unidades.id });
    await factories.setStock(racao.id, unitC!.id, 5);
    const donoTodas = await staffSession({ papel: "dono", unidades: null, nome: "Dono" });
    const sendOf = async (de: string, para: string, who: StaffSession) => {
      await transfer(
        { varianteId: racao.id, de, para, quantidade: 1, motivo: null },
        who.actor("/admin/estoque"),
      );
      const [t] = await runSql<{ id: string }>(
        db,
        `select id from transferencias_estoque where de_unidade_id = $1 and para_unidade_id = $2
         and status = 'em_transito'`,
        [de, para],
      );
      return t!.id;
    };
    const transferIn = await sendOf(unitC!.id, unitA, donoTodas);
    const transferOut = await sendOf(unitA, unitC!.id, gerenteA);
    const count = await openCount(
      { unidadeId: unitA, escopo: "tudo", categoriaId: null, marca: null, cega: true },
      gerenteA.actor("/admin/estoque/contagens"),
    );
    const [variant] = await runSql<{ sku: string }>(db, "select sku from variantes where id = $1", [
      racao.id,
    ]);
    records = {
      count: count.id,
      sku: variant!.sku,
      transferIn,
      transferOut,
      unitA,
      unitB,
      order: placed.pedido,
      booking: booking.id,
      variant: racao.id,
      day,
      serviceId: banho!.id,
    };
  });

  it("every declared loader and intent is classified; the unit-bound ones refuse the other unit and change nothing", async () => {
    const declared = new Set<string>();
    const unlisted: string[] = [];
    const mismatches: string[] = [];
    let routes = 0;
    let cells = 0;
    let bound = 0;
    for await (const { route, mod } of answeringAdminRoutes()) {
      routes += 1;
      const field = mod.action?.intentField ?? "intent";
      const entries: { key: string; fn: Fn; intent?: string }[] = [];
      if (mod.loader) entries.push({ key: `${route.file} GET`, fn: mod.loader });
      for (const intent of Object.keys(mod.action?.capabilities ?? {})) {
        entries.push({ key: `${route.file} ${intent}`, fn: mod.action as Fn, intent });
      }
      for (const { key, fn, intent } of entries) {
        declared.add(key);
        const kase = UNIT_CASES[key];
        if (kase === undefined) {
          unlisted.push(key);
          continue;
        }
        if (typeof kase === "string") continue;
        bound += 1;
        const callOnA = async (who: StaffSession) => {
          const ask = kase.ask(records, who === gerenteA ? records.unitA : records.unitB);
          const init: RequestInit =
            intent === undefined
              ? {}
              : {
                  method: "POST",
                  body: new URLSearchParams({ ...ask.fields, [field]: intent }),
                };
          const request = makeRequest(ask.url, { ...init, token: who.token, ip: nextIp() });
          cells += 1;
          const result = await call(fn, request, ask.params ?? route.params);
          const answer = await answerOf(result);
          await settle(result);
          return answer;
        };

        // The Gerente of unit B: refused without a word of unit A's record, nothing changed.
        const before = await stateOfUnit(records);
        const other = await callOnA(gerenteB);
        const status = other.result.status;
        if (intent === undefined) {
          const revealed = status < 400 && kase.shows?.(other, records);
          if (status === 403 || isLoginOrHome(other.result)) {
            mismatches.push(
              `${key} (unidade B): ${status}, esperado 404 ou a lista sem o registro`,
            );
          } else if (revealed) {
            mismatches.push(`${key} (unidade B): mostrou o registro da unidade A`);
          }
        } else if (
          other.result.data?.ok !== false ||
          other.result.data?.message !== kase.notFound
        ) {
          mismatches.push(
            `${key} (unidade B): esperado "${kase.notFound}", veio ${status} ${other.text.slice(0, 160)}`,
          );
        }
        if ((await stateOfUnit(records)) !== before) {
          mismatches.push(`${key} (unidade B): mudou algo da unidade A`);
        }

        // The Gerente of unit A: not refused (and the page or list shows the record).
        const own = await callOnA(gerenteA);
        const ownStatus = own.result.status;
        if (ownStatus === 403 || ownStatus === 404 || isLoginOrHome(own.result)) {
          mismatches.push(`${key} (unidade A): recusado (${ownStatus})`);
        } else if (intent === undefined && kase.shows && !kase.shows(own, records)) {
          mismatches.push(`${key} (unidade A): não mostrou o registro da unidade A`);
        } else if (intent !== undefined && own.result.data?.message === kase.notFound) {
          mismatches.push(`${key} (unidade A): "${kase.notFound}" na própria unidade`);
        }
      }
    }
    const stale = Object.keys(UNIT_CASES).filter((key) => !declared.has(key));
    console.info(
      `matriz de autorização, outra unidade: ${routes} rotas, ${declared.size} loaders e ` +
        `intenções classificados, ${bound} presos a uma unidade × 2 sujeitos (Gerente da ` +
        `unidade B, Gerente da unidade A) = ${cells} chamadas`,
    );
    expect({ unlisted, stale, mismatches }).toEqual({ unlisted: [], stale: [], mismatches: [] });
    expect(bound).toBeGreaterThanOrEqual(25);
  });
});
