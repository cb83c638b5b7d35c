// The platform's delivery engine (decision 0061), run once for each channel that uses it: the
// e-mail outbox against a real SMTP server in this process, the webhook outbox against a real
// HTTP endpoint. Claim, lease expiry and reclaim, retry with backoff, give up, two workers
// racing, and the stop that releases what it claimed and did not send. Both databases.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { inArray } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type ComposedEmail,
  claimDueEmails,
  deliverEmailsDue,
  deliverMail,
  enqueueEmails,
} from "~/modules/mail/index.server";
import { emails } from "~/modules/mail/testing.server";
import { claimDue, deliverDue, enqueueWebhook } from "~/modules/notifications/index.server";
import { webhookEntregas } from "~/modules/notifications/testing.server";
import { resetEnvCache } from "~/platform/env.server";
import { createJobRunner, type JobRunner } from "~/platform/jobs/runner.server";
import type { JobDefinition } from "~/platform/module.server";
import { OUTBOX_LEASE_MS, OUTBOX_RETRY_DELAYS_MS } from "~/platform/outbox.server";
import { listenSmtp, type RunningSmtp } from "../../scripts/lib/smtp-server";
import { truncateAll, withTestDatabase } from "../setup/db";
import { declaredJob } from "../support/jobs";

const ctx = withTestDatabase();

/** The receiver of either channel: what arrived (by row id), down or not, and a gate. */
const receiver = {
  ids: [] as string[],
  down: false,
  /** While set, the next delivery is held at the receiver until `release()`. */
  hold: null as null | { arrived: () => void; release: Promise<void> },
};

/** Holds the next delivery; resolves `arrived` when it reaches the receiver. */
function holdNext() {
  let release!: () => void;
  let arrived!: () => void;
  const arrival = new Promise<void>((resolve) => {
    arrived = resolve;
  });
  receiver.hold = { arrived, release: new Promise<void>((r) => (release = r)) };
  return { arrival, release };
}

async function atReceiver(id: string) {
  const hold = receiver.hold;
  if (hold) {
    receiver.hold = null;
    hold.arrived();
    await hold.release;
  }
  receiver.ids.push(id);
}

let smtp: RunningSmtp;
let hooks: http.Server;
let hookUrl = "";

beforeAll(async () => {
  smtp = await listenSmtp({
    refuse: () => receiver.down,
    async onMessage({ raw }) {
      const parsed = await simpleParser(raw);
      // The Message-ID is the row's: <id@domain>.
      await atReceiver(/^<([^@]+)@/.exec(parsed.messageId ?? "")?.[1] ?? "?");
    },
  });
  process.env.SMTP_URL = smtp.url;
  resetEnvCache();
  hooks = http.createServer((req, res) => {
    req.resume();
    req.on("end", async () => {
      if (receiver.down) return void res.writeHead(503).end();
      await atReceiver(String(req.headers["x-agropet-delivery"]));
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, "127.0.0.1", resolve));
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  resetEnvCache();
  await smtp.close();
  await new Promise<void>((resolve) => hooks.close(() => resolve()));
});

beforeEach(async () => {
  await truncateAll(ctx.database);
  receiver.ids.length = 0;
  receiver.down = false;
  receiver.hold = null;
});

const compose = async (): Promise<ComposedEmail> => ({
  assunto: "Teste",
  html: "<p>Olá</p>",
  texto: "Olá",
});

interface Channel {
  name: string;
  enqueue(n: number): Promise<string[]>;
  claim(limit: number, at: Date): Promise<{ id: string }[]>;
  deliverDue(options?: { now?: () => Date; limit?: number }): Promise<number>;
  start(): JobRunner;
  rows(
    ids: string[],
  ): Promise<{ id: string; status: string; tentativas: number; proximaTentativa: Date }[]>;
  sent: string;
}

const CHANNELS: Channel[] = [
  {
    name: "e-mail (emails)",
    async enqueue(n) {
      await enqueueEmails(
        ctx.database.db,
        Array.from({ length: n }, (_, i) => ({ tipo: "teste", destinatario: `p${i}@example.com` })),
      );
      const rows = await ctx.database.db.select({ id: emails.id }).from(emails);
      return rows.map((r) => r.id);
    },
    claim: (limit, at) => claimDueEmails(limit, at),
    deliverDue: (options = {}) => deliverEmailsDue({ compose, ...options }),
    start: () => startDelivery("mail.deliver", ({ signal }) => deliverMail(signal, compose)),
    rows: (ids) => ctx.database.db.select().from(emails).where(inArray(emails.id, ids)),
    sent: "enviado",
  },
  {
    name: "webhook (webhook_entregas)",
    async enqueue(n) {
      const ids: string[] = [];
      for (let i = 0; i < n; i++) {
        const row = await enqueueWebhook(ctx.database.db, {
          tipo: "pedido",
          url: hookUrl,
          payload: { i },
        });
        ids.push(row.id);
      }
      return ids;
    },
    claim: (limit, at) => claimDue(limit, at),
    deliverDue: (options = {}) => deliverDue(options),
    start: () => startDelivery("notifications.deliver"),
    rows: (ids) =>
      ctx.database.db.select().from(webhookEntregas).where(inArray(webhookEntregas.id, ids)),
    sent: "entregue",
  },
];

/** The channel's declared delivery job, on the platform's runner, as a server runs it. */
function startDelivery(id: string, run?: JobDefinition["run"]): JobRunner {
  const job = declaredJob(id);
  const runner = createJobRunner(
    [{ ...job, run: run ?? job.run, enabled: () => true, firstRunAfterMs: 0 }],
    { instanceId: "teste" },
  );
  runner.start();
  return runner;
}

describe.each(CHANNELS)("the delivery engine, $name", (channel) => {
  it("claims a due row once, and again only after its lease lapses", async () => {
    const [id] = await channel.enqueue(1);
    const at = new Date(Date.now() + 1000);
    expect((await channel.claim(10, at)).map((r) => r.id)).toEqual([id]);
    // Within the lease nobody else gets it…
    expect(await channel.claim(10, new Date(at.getTime() + OUTBOX_LEASE_MS - 1))).toEqual([]);
    // …after it (the claimer died), the next worker does, and sends it once.
    const later = new Date(at.getTime() + OUTBOX_LEASE_MS);
    expect(await channel.deliverDue({ now: () => later })).toBe(1);
    expect(receiver.ids).toEqual([id]);
    const [row] = await channel.rows([id!]);
    expect(row).toMatchObject({ status: channel.sent, tentativas: 1 });
  });

  it("retries with the growing delays, then gives up and sends no more", async () => {
    const [id] = await channel.enqueue(1);
    receiver.down = true;
    let now = new Date(Date.now() + 1000);
    for (const [i, delay] of OUTBOX_RETRY_DELAYS_MS.entries()) {
      expect(await channel.deliverDue({ now: () => now })).toBe(1);
      const [row] = await channel.rows([id!]);
      expect(row).toMatchObject({ status: "pendente", tentativas: i + 1 });
      expect(row!.proximaTentativa.getTime() - now.getTime()).toBe(delay);
      // Not due a moment before its delay.
      expect(await channel.deliverDue({ now: () => new Date(now.getTime() + delay - 1) })).toBe(0);
      now = new Date(now.getTime() + delay);
    }
    expect(await channel.deliverDue({ now: () => now })).toBe(1);
    const [row] = await channel.rows([id!]);
    expect(row).toMatchObject({ status: "falhou", tentativas: OUTBOX_RETRY_DELAYS_MS.length + 1 });
    receiver.down = false;
    expect(await channel.deliverDue({ now: () => new Date(now.getTime() + 86_400_000) })).toBe(0);
    expect(receiver.ids).toEqual([]);
  });

  it("never sends one row twice when workers race over the outbox", async () => {
    const ids = await channel.enqueue(24);
    const at = new Date(Date.now() + 1000);
    const drain = async () => {
      while ((await channel.deliverDue({ now: () => at, limit: 5 })) > 0) {}
    };
    await Promise.all([drain(), drain(), drain()]);
    expect([...receiver.ids].sort()).toEqual([...ids].sort());
    for (const row of await channel.rows(ids)) expect(row.tentativas).toBe(1);
  });

  it("on stop finishes the row in flight and releases the rest of its claim at once", async () => {
    const ids = await channel.enqueue(3);
    const { arrival, release } = holdNext();
    // The loop's first tick, a second after the start.
    const runner = channel.start();
    await arrival;
    // The instance is told to stop while the first row is at the receiver.
    const stopped = runner.stop();
    release();
    await stopped;
    expect(receiver.ids).toHaveLength(1);
    const rows = await channel.rows(ids);
    const sent = rows.filter((r) => r.status === channel.sent);
    const left = rows.filter((r) => r.status === "pendente");
    expect(sent.map((r) => r.id)).toEqual(receiver.ids);
    expect(left).toHaveLength(2);
    // Released: due now for another instance, not 60 s later when the lease would lapse.
    for (const row of left) {
      expect(row.tentativas).toBe(0);
      expect(row.proximaTentativa.getTime()).toBeLessThanOrEqual(Date.now());
    }
    expect(await channel.claim(10, new Date())).toHaveLength(2);
  });
});
