// npm run crash-test [-- --kills 20]: places checkouts against the built server, kills it
// with SIGKILL in the middle of the load, restarts it on the same data, again and again.
// Then checks what a shop must never lose: every order acknowledged to a customer (the
// redirect with its number) exists; for every variant and unit, the units in hand are still
// the initial ones, the reserved ones are the items of its stored orders, and the ledger adds
// up to both; the webhook of every acknowledged order is still delivered, and so is its
// confirmation e-mail (to an SMTP server in this process), as one message (one Message-ID).
// Runs on the embedded database, and also on PostgreSQL when DATABASE_URL is set.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { variantes } from "~/modules/catalog/testing.server";
import { pedidos } from "~/modules/orders/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { type Database, openDatabase, queryRows } from "~/platform/db/client.server";
import { listenSmtp } from "./lib/smtp-server";
import { setStockInHandAtDeliveringUnit } from "./lib/stock";
import { createThrowawayDatabase } from "./lib/throwaway-postgres";

const { values } = parseArgs({
  options: {
    kills: { type: "string", default: "20" },
    port: { type: "string", default: process.env.CRASH_PORT || "3190" },
    clients: { type: "string", default: "8" },
  },
});
const KILLS = Number(values.kills);
const PORT = Number(values.port);
const CLIENTS = Number(values.clients);
const root = path.resolve(import.meta.dirname, "..");
const base = `http://127.0.0.1:${PORT}`;

if (!fs.existsSync(path.join(root, "build", "server", "index.js"))) {
  const built = spawnSync("npx", ["react-router", "build"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) process.exit(1);
}

interface Target {
  name: string;
  env: Record<string, string>;
  open: () => Promise<Database>;
  cleanup: () => Promise<void>;
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-crash-"));
  return {
    name: "PGlite",
    // DATABASE_URL emptied: the server must use the embedded database even when the
    // environment names a PostgreSQL server (that one is the second target).
    env: { DATA_DIR: dataDir, DATABASE_URL: "" },
    open: () => openDatabase({ dataDir: path.join(dataDir, "db") }),
    cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const throwaway = await createThrowawayDatabase(url, "crash");
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agropet-crash-"));
  return {
    name: "PostgreSQL",
    env: { DATA_DIR: dataDir, DATABASE_URL: throwaway.url },
    open: () => openDatabase({ databaseUrl: throwaway.url, poolSize: 2 }),
    cleanup: async () => {
      await throwaway.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The SMTP server the app sends to during the test (set by run()). */
let smtpUrl = "";

function startServer(target: Target): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "server.ts"], {
    cwd: root,
    env: {
      ...process.env,
      ...target.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      LOG_LEVEL: "error",
      WEBHOOK_WORKER_INTERVAL: "1",
      MAIL_WORKER_INTERVAL: "1",
      SMTP_URL: smtpUrl,
      SESSION_SECRET: "segredo-do-teste-de-queda",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

async function waitReady(server: ChildProcess) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error("o servidor saiu durante a partida");
    if (
      await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("o servidor não ficou pronto em 60 s");
}

function exited(server: ChildProcess) {
  return new Promise<void>((resolve) => {
    if (server.exitCode !== null || server.signalCode !== null) resolve();
    else server.once("exit", () => resolve());
  });
}

/** The order number inside the signed flash cookie of an acknowledged checkout. */
function acknowledgedNumber(response: Response): string | null {
  if (response.status !== 302) return null;
  for (const cookie of response.headers.getSetCookie()) {
    const value = /^agropet_pedido=([^;]+)/.exec(cookie)?.[1];
    if (!value) continue;
    const payload = decodeURIComponent(value).split(".")[0]!;
    const flash = JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { numero: string };
    return flash.numero;
  }
  return null;
}

async function run(target: Target) {
  // Webhook receiver: the order numbers it was told about.
  const delivered = new Set<string>();
  const receiver = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      try {
        const numero = JSON.parse(body)?.pedido?.numero_pedido ?? JSON.parse(body)?.numero_pedido;
        if (numero) delivered.add(String(numero));
      } catch {}
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", () => r()));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/pedidos`;
  // SMTP server: the Message-IDs of the confirmations it got, per order number.
  const confirmations = new Map<string, Set<string>>();
  const smtp = await listenSmtp({
    async onMessage({ raw }) {
      const mail = await simpleParser(raw);
      const numero = /Pedido (PED\d+) recebido/.exec(mail.subject ?? "")?.[1];
      if (numero) {
        const ids = confirmations.get(numero) ?? new Set<string>();
        ids.add(mail.messageId ?? "");
        confirmations.set(numero, ids);
      }
    },
  });
  smtpUrl = smtp.url;

  // First start migrates and seeds; then the test sets the webhook and generous stock.
  let server = startServer(target);
  await waitReady(server);
  server.kill("SIGTERM");
  await exited(server);
  let database = await target.open();
  await updateSettings(database.db, { webhookUrl: hook, webhookAtivo: true });
  const chosen = await database.db.select({ id: variantes.id }).from(variantes).limit(6);
  const ids = chosen.map((v) => v.id);
  const initial = 100_000;
  // Generous stock at the unit that delivers, written to the ledger like a count.
  await setStockInHandAtDeliveringUnit(database, ids, initial, "teste de queda");
  await database.close();

  const acknowledged = new Set<string>();
  let attempts = 0;
  let refused = 0;
  let cut = 0;
  let client = 0;
  const started = Date.now();
  for (let kill = 0; kill < KILLS; kill++) {
    server = startServer(target);
    await waitReady(server);
    let stop = false;
    const load = Array.from({ length: CLIENTS }, async () => {
      while (!stop) {
        client += 1;
        const itens = ids
          .filter(() => Math.random() < 0.5)
          .map((id) => `${id}:${1 + Math.floor(Math.random() * 3)}`)
          .join(",");
        const form = new URLSearchParams({
          nome: "Cliente Queda",
          telefone: "(47) 99999-0000",
          endereco: "Rua 300",
          numero: "12",
          bairro: "Centro",
          janelaEntrega: "tarde",
          formaPagamento: "dinheiro",
          email: "cliente.queda@example.com",
          itens: itens || `${ids[0]}:1`,
          idempotencyKey: crypto.randomUUID(),
        });
        attempts += 1;
        try {
          const response = await fetch(`${base}/loja/checkout`, {
            method: "POST",
            body: form,
            redirect: "manual",
            // A different client each time (through the trusted loopback proxy): the
            // per-IP checkout limit is not what this test measures.
            headers: {
              "x-forwarded-for": `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`,
            },
          });
          const numero = acknowledgedNumber(response);
          if (numero) acknowledged.add(numero);
          else refused += 1;
        } catch (error) {
          if (process.env.CRASH_DEBUG) console.error(error);
          cut += 1; // the connection died with the server: never acknowledged
          await new Promise((r) => setTimeout(r, 20));
        }
      }
    });
    // Kill mid-load: once this cycle has acknowledged an order, at a random moment after it.
    const before = acknowledged.size;
    const deadline = Date.now() + 30_000;
    while (acknowledged.size === before && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    await new Promise((r) => setTimeout(r, Math.random() * 1500));
    server.kill("SIGKILL");
    await exited(server);
    stop = true;
    await Promise.all(load);
  }

  // Restart once more and let the outboxes deliver: a row a killed worker had claimed waits
  // for its claim to lapse (a minute for webhooks and e-mails).
  server = startServer(target);
  await waitReady(server);
  // E-mails are rendered one by one: after 20 crashes the backlog can be a thousand or more.
  const until = Date.now() + 360_000;
  while (
    Date.now() < until &&
    [...acknowledged].some((n) => !delivered.has(n) || !confirmations.has(n))
  ) {
    await new Promise((r) => setTimeout(r, 250));
  }
  server.kill("SIGTERM");
  await exited(server);
  receiver.close();
  await smtp.close();

  database = await target.open();
  const stored = new Set(
    (await database.db.select({ numero: pedidos.numeroPedido }).from(pedidos)).map((p) => p.numero),
  );
  const lost = [...acknowledged].filter((n) => !stored.has(n));
  // Every (variant, unit) row of the chosen variants: its reservation is the items of the
  // stored orders there, nothing left hand, and the ledger sums to both figures.
  const sold = await queryRows<{
    em_maos: number;
    reservado: number;
    pedidos: number | string;
    livro_em_maos: number | string;
    livro_reservado: number | string;
  }>(
    database.db,
    sql`select e.em_maos, e.reservado,
          (select coalesce(sum(i.quantidade), 0) from itens_pedido i join pedidos p
             on p.id = i.pedido_id and p.estoque_situacao = 'reservado'
           where i.variante_id = e.variante_id and p.unidade_id = e.unidade_id) as pedidos,
          (select coalesce(sum(m.delta_em_maos), 0) from movimentos_estoque m
           where m.variante_id = e.variante_id and m.unidade_id = e.unidade_id) as livro_em_maos,
          (select coalesce(sum(m.delta_reservado), 0) from movimentos_estoque m
           where m.variante_id = e.variante_id and m.unidade_id = e.unidade_id) as livro_reservado
        from estoque e where e.variante_id = any(${sql.param(ids)}::uuid[]) and e.em_maos > 0`,
  );
  await database.close();
  const stockWrong = sold.filter(
    (row) =>
      row.em_maos !== initial ||
      row.reservado !== Number(row.pedidos) ||
      Number(row.livro_em_maos) !== row.em_maos ||
      Number(row.livro_reservado) !== row.reservado,
  );
  const undelivered = [...acknowledged].filter((n) => !delivered.has(n));
  const unmailed = [...acknowledged].filter((n) => !confirmations.has(n));
  const mailedTwice = [...confirmations.values()].filter((ids) => ids.size > 1);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${target.name}: ${KILLS} kill -9 em ${seconds} s; ${attempts} checkouts tentados, ` +
      `${acknowledged.size} confirmados ao cliente, ${refused} recusados, ${cut} cortados pela queda; ` +
      `${stored.size} pedidos no banco; perdidos: ${lost.length}; estoque errado: ${stockWrong.length} de ${sold.length} variantes×unidades; ` +
      `webhooks não entregues: ${undelivered.length}; e-mails de confirmação não entregues: ${unmailed.length}, ` +
      `entregues como duas mensagens: ${mailedTwice.length}`,
  );
  return (
    lost.length === 0 &&
    stockWrong.length === 0 &&
    undelivered.length === 0 &&
    unmailed.length === 0 &&
    mailedTwice.length === 0 &&
    acknowledged.size > 0
  );
}

const targets: Target[] = [await pgliteTarget()];
if (process.env.DATABASE_URL) targets.push(await postgresTarget(process.env.DATABASE_URL));
let ok = true;
for (const target of targets) {
  try {
    ok = (await run(target)) && ok;
  } finally {
    await target.cleanup();
  }
}
console.log(ok ? "Nada perdido." : "FALHA: algo confirmado se perdeu.");
process.exit(ok ? 0 : 1);
