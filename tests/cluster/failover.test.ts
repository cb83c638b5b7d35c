// Failover behind nginx (issue 40, "stops that lose nothing"): checkouts at a steady rate
// plus page reads go through nginx while one instance gets SIGTERM (as `systemctl stop` or a
// rolling restart sends it) and is started again, and then while one is killed with
// SIGKILL (a crash). A local SMTP server and a webhook receiver count what the outboxes send.
// The instances run under .ci/two-instances' supervisor: PID in $CLUSTER_WORK/<a|b>.pid,
// exit codes in <a|b>.exits, started again by touching <a|b>.restart, output in <a|b>.log.
//
// Fails on: an acknowledged order (2xx/3xx checkout) missing from the database; after
// SIGTERM, any client error (checkout or page), an exit code other than 0 or an exit through
// the force timer, any e-mail or webhook received twice; after SIGKILL, a checkout error
// nginx could have retried (a 502/504 or a dropped connection: the checkout location retries
// on the other instance), or a repeated e-mail/webhook that does not carry its first copy's id.
// The figures are printed for the closing note.
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { customerCheckout } from "../../scripts/lib/checkout-form";
import { listenSmtp, type RunningSmtp } from "../../scripts/lib/smtp-server";
import { createProductThrough, env, form, send, signIn, sleep } from "./cluster-client";

const NGINX = env("CLUSTER_URL");
const WORK = env("CLUSTER_WORK");
const SHUTDOWN_DELAY_S = Number(env("SHUTDOWN_DELAY"));
const INSTANCES = { a: env("INSTANCE_A_URL"), b: env("INSTANCE_B_URL") };
type Instance = keyof typeof INSTANCES;

// A modest, steady load: the CI machine has 2 cores shared with the instances and nginx.
const CHECKOUTS_PER_SECOND = 12;
const READS_PER_SECOND = 8;
/** Load before the signal, and after the instance is back. */
const STEADY_MS = 3_000;
/** The line server.ts logs when its force timer ends a stop that took too long. */
const FORCED_EXIT_LINE = "encerramento demorou demais";

let database: pg.Client;
let smtp: RunningSmtp;
let hookServer: http.Server;
let hookUrl: string;
let productId: string;

interface Mail {
  to: string;
  subject: string;
  messageId: string | null;
}
interface Hook {
  body: string;
  deliveryId: string | null;
}
const mails: Mail[] = [];
const hooks: Hook[] = [];

const header = (raw: string, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, "im").exec(raw)?.[1]?.trim() ?? null;

beforeAll(async () => {
  database = new pg.Client({ connectionString: env("DATABASE_URL") });
  await database.connect();
  // The shop's SMTP server and webhook receiver, both a little slow (as real ones are), so
  // a send is often in flight when the signal comes.
  smtp = await listenSmtp({
    onMessage({ raw, to }) {
      const text = raw.toString("utf8");
      const head = text.slice(0, text.search(/\r?\n\r?\n/));
      mails.push({
        to: to.join(","),
        subject: header(head, "Subject") ?? "",
        messageId: header(head, "Message-ID"),
      });
    },
    delayMs: 80,
  });
  hookServer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      hooks.push({ body, deliveryId: (req.headers["idempotency-key"] as string) ?? null });
      setTimeout(() => res.writeHead(200).end("ok"), 80);
    });
  });
  await new Promise<void>((r) => hookServer.listen(0, "127.0.0.1", r));
  hookUrl = `http://127.0.0.1:${(hookServer.address() as AddressInfo).port}/pedidos`;
  await database.query(
    `update configuracoes set webhook_url = $1, webhook_ativo = true, webhook_servicos = null,
       webhook_curriculos = null, smtp_host = '127.0.0.1', smtp_porta = $2,
       email_remetente = 'Agropet <loja@agropet.test>' where id = 1`,
    [hookUrl, smtp.port],
  );
  const cookie = await signIn(NGINX);
  const { rows } = await database.query("select id from categorias order by nome limit 1");
  const sku = `FAILOVER-${crypto.randomBytes(3).toString("hex")}`;
  productId = await createProductThrough(database, {
    cookie,
    base: NGINX,
    categoriaId: rows[0].id,
    fields: { nome: `Ração Failover ${sku}`, precoAtual: "9,90", estoque: "5000", sku },
  });
  // Each instance hears the settings change (LISTEN/NOTIFY) before the orders go in.
  await sleep(1500);
}, 60_000);

afterAll(async () => {
  await database?.query(
    `update configuracoes set webhook_url = null, smtp_host = null, smtp_porta = null,
       email_remetente = null where id = 1`,
  );
  await database?.end();
  await smtp?.close();
  await new Promise((r) => hookServer?.close(r));
});

// --- the load -----------------------------------------------------------------------------

interface Attempt {
  status: number; // 0: the connection failed
  key: string;
  email: string;
}

/** Checkouts and page reads through nginx at a steady rate until `stop()`. */
function steadyLoad(run: string, clientNet: number) {
  let stopped = false;
  const checkouts: Attempt[] = [];
  const reads: number[] = [];
  const inFlight = new Set<Promise<unknown>>();
  const track = (p: Promise<unknown>) => {
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
  };
  const every = async (perSecond: number, fire: (n: number) => Promise<unknown>) => {
    const started = Date.now();
    for (let n = 0; !stopped; n++) {
      const due = started + (n * 1000) / perSecond;
      if (due > Date.now()) await sleep(due - Date.now());
      if (!stopped) track(fire(n));
    }
  };
  const loops = [
    every(CHECKOUTS_PER_SECOND, async (n) => {
      // A customer of their own per order (the per-IP checkout limit counts each one once).
      const email = `failover-${run}-${n}@example.com`;
      const fields: Record<string, string> = {
        ...customerCheckout(n, productId, `Cliente ${run} ${n}`),
        email,
      };
      const status = await send(`${NGINX}/loja/checkout`, {
        method: "POST",
        from: `127.${clientNet}.${Math.floor(n / 250)}.${(n % 250) + 1}`,
        ...form(fields),
      }).then(
        (r) => r.status,
        () => 0,
      );
      checkouts.push({ status, key: fields.idempotencyKey!, email });
    }),
    every(READS_PER_SECOND, async (n) => {
      const page = n % 2 ? `/loja/produto/${productId}` : "/loja";
      const status = await send(`${NGINX}${page}`, {
        from: `127.${clientNet + 1}.${Math.floor(n / 250)}.${(n % 250) + 1}`,
      }).then(
        (r) => r.status,
        () => 0,
      );
      reads.push(status);
    }),
  ];
  return {
    checkouts,
    reads,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      while (inFlight.size) await Promise.all([...inFlight]);
    },
  };
}

// --- the instance under its supervisor ------------------------------------------------------

const file = (name: string) => path.join(WORK, name);
const exitsOf = (instance: Instance) =>
  fs.existsSync(file(`${instance}.exits`))
    ? fs
        .readFileSync(file(`${instance}.exits`), "utf8")
        .trim()
        .split("\n")
        .filter(Boolean)
    : [];

/** Signals the instance and waits for its process to end: its exit code and time to exit. */
async function signalAndWait(instance: Instance, signal: "SIGTERM" | "SIGKILL") {
  const pid = Number(fs.readFileSync(file(`${instance}.pid`), "utf8"));
  const exitsBefore = exitsOf(instance).length;
  const logBefore = fs.statSync(file(`${instance}.log`)).size;
  const signalled = Date.now();
  process.kill(pid, signal);
  const until = signalled + (SHUTDOWN_DELAY_S + 30) * 1000;
  while (exitsOf(instance).length === exitsBefore) {
    if (Date.now() > until) throw new Error(`a instância ${instance} não saiu após ${signal}`);
    await sleep(50);
  }
  const seconds = (Date.now() - signalled) / 1000;
  const log = fs.readFileSync(file(`${instance}.log`), "utf8").slice(logBefore);
  return {
    code: Number(exitsOf(instance).at(-1)),
    seconds,
    forced: log.includes(FORCED_EXIT_LINE),
  };
}

/** Asks the supervisor to start the instance again; waits until /readyz answers 200. */
async function restart(instance: Instance) {
  fs.writeFileSync(file(`${instance}.restart`), "");
  const until = Date.now() + 90_000;
  while (
    !(await send(`${INSTANCES[instance]}/readyz`).then(
      (r) => r.status === 200,
      () => false,
    ))
  ) {
    if (Date.now() > until) throw new Error(`a instância ${instance} não voltou`);
    await sleep(200);
  }
}

// --- what reached the receivers ---------------------------------------------------------------

const countBy = (values: number[]) =>
  values.reduce<Record<string, number>>((acc, v) => {
    acc[v] = (acc[v] ?? 0) + 1;
    return acc;
  }, {});

/**
 * Waits until the outboxes hold nothing left to send for this run (a row a killed instance
 * had claimed is sent again once its lease ends) and every order's e-mail and webhook
 * arrived; then a few more passes of both workers, for a late copy.
 */
async function settleDeliveries(run: string, orderIds: string[]) {
  const until = Date.now() + 150_000;
  const covered = () => {
    const mailed = new Set(mails.map((m) => m.to));
    const hooked = new Set(
      hooks.map((h) => (JSON.parse(h.body) as { pedido: { id: string } }).pedido.id),
    );
    return (
      orderIds.every((id) => hooked.has(id)) &&
      [...ordersEmail.get(run)!.values()].every((email) => mailed.has(email))
    );
  };
  for (;;) {
    // The outbox tables' own status column: nothing pending or claimed for this run.
    const { rows } = await database.query(
      `select (select count(*)::int from emails where destinatario like $1 and status = 'pendente')
            + (select count(*)::int from webhook_entregas where url = $2 and status = 'pendente') as n`,
      [`failover-${run}-%`, hookUrl],
    );
    if (rows[0].n === 0 && covered()) break;
    if (Date.now() > until) throw new Error(`entregas pendentes: ${rows[0].n}`);
    await sleep(500);
  }
  await sleep(3_000);
}
const ordersEmail = new Map<string, Map<string, string>>();

/**
 * Copies received more than once, for this run's orders. A repeat must carry the first
 * copy's id (webhooks: Idempotency-Key; e-mails: Message-ID), so a receiver can drop it.
 */
function repeats(run: string, orderIds: Set<string>) {
  const mailGroups = new Map<string, Mail[]>();
  for (const m of mails.filter((m) => m.to.startsWith(`failover-${run}-`))) {
    const key = `${m.to}\n${m.subject}`;
    mailGroups.set(key, [...(mailGroups.get(key) ?? []), m]);
  }
  const hookGroups = new Map<string, Hook[]>();
  for (const h of hooks) {
    const id = (JSON.parse(h.body) as { pedido: { id: string } }).pedido.id;
    if (!orderIds.has(id)) continue;
    hookGroups.set(h.body, [...(hookGroups.get(h.body) ?? []), h]);
  }
  const doubled = <T>(groups: Map<string, T[]>) =>
    [...groups.values()].reduce((n, g) => n + g.length - 1, 0);
  return {
    mailsReceived: [...mailGroups.values()].flat().length,
    mailsDoubled: doubled(mailGroups),
    hooksReceived: [...hookGroups.values()].flat().length,
    hooksDoubled: doubled(hookGroups),
    // Each repeated group: the set of ids its copies carried (one id = a receiver drops it).
    mailRepeatIds: [...mailGroups.values()]
      .filter((g) => g.length > 1)
      .map((g) => new Set(g.map((m) => m.messageId))),
    hookRepeatIds: [...hookGroups.values()]
      .filter((g) => g.length > 1)
      .map((g) => new Set(g.map((h) => h.deliveryId))),
  };
}

/** One run: steady load, the signal, the restart, more load; then what was lost or doubled. */
async function failoverRun(signal: "SIGTERM" | "SIGKILL", victim: Instance, clientNet: number) {
  const run = `${signal.toLowerCase()}${crypto.randomBytes(2).toString("hex")}`;
  const load = steadyLoad(run, clientNet);
  await sleep(STEADY_MS);
  const exit = await signalAndWait(victim, signal);
  await restart(victim);
  await sleep(STEADY_MS);
  await load.stop();

  const acknowledged = load.checkouts.filter((c) => c.status >= 200 && c.status < 400);
  const { rows: orders } = await database.query(
    "select id, idempotency_key from pedidos where idempotency_key = any($1)",
    [acknowledged.map((c) => c.key)],
  );
  const found = new Set(orders.map((o) => o.idempotency_key as string));
  const lost = acknowledged.filter((c) => !found.has(c.key)).length;
  const emailByKey = new Map(load.checkouts.map((c) => [c.key, c.email]));
  ordersEmail.set(
    run,
    new Map(orders.map((o) => [o.id as string, emailByKey.get(o.idempotency_key)!])),
  );
  const orderIds = orders.map((o) => o.id as string);
  await settleDeliveries(run, orderIds);
  const delivered = repeats(run, new Set(orderIds));

  const figures = {
    checkouts: load.checkouts.length,
    acknowledged: acknowledged.length,
    checkoutErrors: countBy(load.checkouts.map((c) => c.status).filter((s) => s === 0 || s >= 400)),
    reads: load.reads.length,
    readErrors: countBy(load.reads.filter((s) => s === 0 || s >= 400)),
    lost,
    exitCode: exit.code,
    secondsToExit: Number(exit.seconds.toFixed(2)),
    forcedExit: exit.forced,
    ...delivered,
  };
  console.log(
    `[failover ${signal}] instância ${victim}: ${figures.checkouts} checkouts (${figures.acknowledged} aceitos), ` +
      `erros de checkout por status ${JSON.stringify(figures.checkoutErrors)}, ` +
      `${figures.reads} leituras de página, erros ${JSON.stringify(figures.readErrors)}, ` +
      `pedidos aceitos perdidos ${figures.lost}; saída ${figures.exitCode} em ${figures.secondsToExit} s` +
      `${figures.forcedExit ? " (pelo timer de força)" : ""}; e-mails ${figures.mailsReceived} recebidos, ` +
      `${figures.mailsDoubled} em dobro; webhooks ${figures.hooksReceived} recebidos, ${figures.hooksDoubled} em dobro`,
  );
  return figures;
}

describe("failover behind nginx", () => {
  it("SIGTERM to one instance under steady checkouts: no client error, nothing lost or sent twice, exit 0 on its own", async () => {
    const figures = await failoverRun("SIGTERM", "a", 40);
    expect(figures.lost).toBe(0);
    expect(figures.checkoutErrors).toEqual({});
    expect(figures.readErrors).toEqual({});
    expect(figures.exitCode).toBe(0);
    expect(figures.forcedExit).toBe(false);
    // The force timer would end it at SHUTDOWN_DELAY + 10 s with code 1; this is the same bound.
    expect(figures.secondsToExit).toBeLessThan(SHUTDOWN_DELAY_S + 10);
    expect(figures.mailsDoubled).toBe(0);
    expect(figures.hooksDoubled).toBe(0);
    expect(figures.acknowledged).toBeGreaterThan(0);
  }, 300_000);

  it("SIGKILL to one instance under steady checkouts: nothing lost, nginx retries the checkout, a repeat carries its first copy's id", async () => {
    const figures = await failoverRun("SIGKILL", "b", 50);
    expect(figures.lost).toBe(0);
    // What nginx answers when it gives up on an instance (502/504), or a dropped connection:
    // the checkout location retries those on the other instance, so none reaches a customer.
    const retryable = Object.entries(figures.checkoutErrors).filter(([status]) =>
      ["0", "502", "504"].includes(status),
    );
    expect(retryable).toEqual([]);
    expect(figures.exitCode).toBe(137);
    for (const ids of figures.hookRepeatIds) expect(ids.size).toBe(1);
    // Every copy of an e-mail carries the same Message-ID (nodemailer would give each send a
    // random one otherwise).
    for (const ids of figures.mailRepeatIds) {
      expect(ids.size).toBe(1);
      expect(ids.has(null)).toBe(false);
    }
    expect(figures.acknowledged).toBeGreaterThan(0);
  }, 300_000);
});
