// "Compra programada" (issue 45 point 2, decision 0093): the cycle job in a process of its own
// on a file database (a PGlite directory, or the PostgreSQL of DATABASE_URL), killed with
// SIGKILL at two known points of a run: between the reminders and the renewal orders, and in
// the middle of a batch of orders (an order made, its cycle not yet marked). The point is read
// from the job's own log on the child's stdout. Another run then completes: each cycle has one
// reminder e-mail and one renewal order, none lost, none doubled.
import { spawn } from "node:child_process";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { customerCookie } from "~/modules/customers/testing.server";
import { emails } from "~/modules/mail/testing.server";
import { pedidos } from "~/modules/orders/testing.server";
import { runSubscriptionCycles } from "~/modules/subscriptions/index.server";
import { assinaturas, ciclosAssinatura } from "~/modules/subscriptions/testing.server";
import { type Database, migrateDatabase, setDatabase } from "~/platform/db/client.server";
import { seedDatabase } from "~/startup/seed.server";
import { createFileTestDatabase, type FileTestDatabase } from "../setup/db";
import { withTestClock } from "../support/clock";
import { stockAt } from "../support/factories";
import { feedAtCentro, newSubscription, subscriptionForm } from "../support/subscriptions";

withTestClock("2026-12-01T15:00:00Z");

const root = path.resolve(import.meta.dirname, "../..");
const CHILD = path.join(root, "tests", "support", "subscriptions-cycle-child.ts");
/** Two days before 10/12/2026: the reminder and the renewal order are both due in one run. */
const ORDER_DAY = "2026-12-08T15:00:00Z";
const BATCH = 2;
const COUNT = 5;

/**
 * Runs the cycle in a child process and kills it with SIGKILL as soon as its stdout shows the
 * log line holding `killOn` (the child stalls right after writing it). Resolves with how it ended.
 */
function runChildUntil(target: FileTestDatabase, killOn: string) {
  return new Promise<{ signal: NodeJS.Signals | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", CHILD], {
      cwd: root,
      env: {
        ...process.env,
        ...target.env,
        CYCLE_AT: ORDER_DAY,
        CYCLE_BATCH: String(BATCH),
        CYCLE_STALL_ON: killOn,
        LOG_LEVEL: "info",
        LOG_FORMAT: "pretty",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 90_000);
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes(killOn)) child.kill("SIGKILL");
    });
    child.stderr.on("data", (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.on("error", reject);
    child.on("exit", (_code, signal) => {
      clearTimeout(timer);
      resolve({ signal, output });
    });
  });
}

/** The database's state, seen from a fresh connection after the child is gone. */
async function stateOf(database: Database) {
  const db = database.db;
  return {
    ciclos: await db.select().from(ciclosAssinatura),
    lembretes: await db.select().from(emails).where(eq(emails.tipo, "assinatura_lembrete")),
    pedidos: await db.select().from(pedidos).where(eq(pedidos.compraProgramada, true)),
  };
}

describe("a run killed with SIGKILL", () => {
  it("between the reminders and the orders, and in the middle of a batch of orders: the next run makes each cycle once", async () => {
    const target = await createFileTestDatabase();
    let database = await target.open();
    try {
      setDatabase(database);
      await migrateDatabase(database);
      await seedDatabase({ images: false });
      const { unidade, racao } = await feedAtCentro(database, {
        nome: "Ração Golden 15 kg",
        preco: 20000,
        emMaos: 20,
        pesoG: 15000,
      });
      const ids: string[] = [];
      for (let i = 0; i < COUNT; i++) {
        const email = `tutor${i}@example.com`;
        const { clienteId } = await customerCookie(email);
        const sub = await newSubscription(
          { id: clienteId, email, nome: `Tutor ${i}` },
          subscriptionForm(racao.id, unidade),
        );
        ids.push(sub.id);
      }
      // The embedded database opens in one process at a time: the child's turn.
      await database.close();
      setDatabase(undefined);

      // 1. Killed after the first batch of reminders, before any order.
      const first = await runChildUntil(target, "lote de ciclos lembrados");
      expect(first.signal, first.output).toBe("SIGKILL");
      database = await target.open();
      let state = await stateOf(database);
      expect(state.ciclos).toHaveLength(BATCH);
      expect(state.ciclos.every((c) => c.estado === "lembrado")).toBe(true);
      expect(state.lembretes.map((e) => e.resourceId).sort()).toEqual(
        state.ciclos.map((c) => c.assinaturaId).sort(),
      );
      expect(state.pedidos).toHaveLength(0);
      await database.close();

      // 2. Killed right after the first renewal order of a batch, before its cycle is marked.
      const second = await runChildUntil(target, "pedido de renovação criado");
      expect(second.signal, second.output).toBe("SIGKILL");
      database = await target.open();
      state = await stateOf(database);
      expect(state.ciclos).toHaveLength(2 * BATCH);
      expect(state.lembretes).toHaveLength(2 * BATCH);
      expect(state.pedidos).toHaveLength(1);
      const orphan = state.pedidos[0]!;
      const orphanCycle = state.ciclos.find((c) => orphan.idempotencyKey?.includes(c.assinaturaId));
      expect(orphanCycle).toMatchObject({ estado: "lembrado", pedidoId: null });

      // 3. The next run (here, in this process) completes, in more than one batch.
      setDatabase(database);
      const at = new Date(ORDER_DAY);
      expect(await runSubscriptionCycles(at, { batch: BATCH })).toMatchObject({
        lembretes: COUNT - 2 * BATCH,
        pedidos: COUNT,
      });
      expect(await runSubscriptionCycles(at, { batch: BATCH })).toMatchObject({
        lembretes: 0,
        pedidos: 0,
      });

      state = await stateOf(database);
      expect(state.pedidos).toHaveLength(COUNT);
      for (const id of ids) {
        const ciclos = state.ciclos.filter((c) => c.assinaturaId === id);
        expect(ciclos).toMatchObject([{ data: "2026-12-10", estado: "pedido_criado" }]);
        expect(state.lembretes.filter((e) => e.resourceId === id)).toHaveLength(1);
        const orders = state.pedidos.filter((p) => p.idempotencyKey?.includes(id));
        expect(orders.map((o) => o.id)).toEqual([ciclos[0]!.pedidoId]);
        const [row] = await database.db
          .select({ proximaData: assinaturas.proximaData })
          .from(assinaturas)
          .where(eq(assinaturas.id, id));
        expect(row!.proximaData).toBe("2027-01-09");
      }
      // The order made before the kill is the one its cycle holds, not a second one.
      expect(state.ciclos.find((c) => c.id === orphanCycle!.id)!.pedidoId).toBe(orphan.id);
      expect(await stockAt(database, racao.id, unidade)).toMatchObject({ reservado: COUNT });
    } finally {
      setDatabase(undefined);
      await database.close().catch(() => {});
      await target.drop();
    }
  }, 300_000);
});
