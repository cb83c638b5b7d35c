import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  claimDue,
  deliverDue,
  enqueueWebhook,
  RETRY_DELAYS_MS,
} from "~/modules/notifications/index.server";
import { webhookEntregas } from "~/modules/notifications/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { withTestDatabase } from "../setup/db";
import { withHookEndpoint } from "../support/hook-endpoint";

const ctx = withTestDatabase();

async function delivery(id: string) {
  const [row] = await ctx.database.db
    .select()
    .from(webhookEntregas)
    .where(eq(webhookEntregas.id, id));
  return row;
}

// A local endpoint that fails the first `failures` calls, then answers 200.
let failures = 0;
const hook = withHookEndpoint(() => {
  if (failures === 0) return 200;
  failures--;
  return 500;
});
const received = hook.calls;
let url: string;
beforeAll(() => {
  url = `${hook.base}/hook`;
});
beforeEach(async () => {
  received.length = 0;
  failures = 0;
  await ctx.database.db.delete(webhookEntregas);
});

describe("webhook outbox", () => {
  it("retries a failing endpoint with growing delays, then delivers", async () => {
    failures = 2;
    const row = await enqueueWebhook(ctx.database.db, {
      tipo: "pedido",
      url,
      payload: { tipo: "pedido", n: 1 },
    });
    let now = new Date();
    await deliverDue({ now: () => now });
    let state = await delivery(row.id);
    expect(state).toMatchObject({ status: "pendente", tentativas: 1, ultimoStatus: 500 });
    expect(state!.ultimoErro).toContain("500");
    expect(state!.proximaTentativa.getTime() - now.getTime()).toBe(RETRY_DELAYS_MS[0]);

    // Not due yet: nothing is sent.
    expect(await deliverDue({ now: () => now })).toBe(0);

    now = new Date(now.getTime() + RETRY_DELAYS_MS[0]!);
    await deliverDue({ now: () => now });
    state = await delivery(row.id);
    expect(state).toMatchObject({ status: "pendente", tentativas: 2 });
    expect(state!.proximaTentativa.getTime() - now.getTime()).toBe(RETRY_DELAYS_MS[1]);

    now = new Date(now.getTime() + RETRY_DELAYS_MS[1]!);
    await deliverDue({ now: () => now });
    state = await delivery(row.id);
    expect(state).toMatchObject({
      status: "entregue",
      tentativas: 3,
      ultimoStatus: 200,
      ultimoErro: null,
    });
    expect(received).toHaveLength(3);
    expect(JSON.parse(received[2]!.body)).toEqual({ tipo: "pedido", n: 1 });
    // Every attempt carries the delivery's stable id, so a receiver can drop a repeat.
    expect(received.map((call) => call.headers["idempotency-key"])).toEqual([
      row.id,
      row.id,
      row.id,
    ]);
    expect(received[0]!.headers["x-agropet-delivery"]).toBe(row.id);
  });

  it("gives up after the last retry and keeps the error", async () => {
    failures = 100;
    const row = await enqueueWebhook(ctx.database.db, { tipo: "servico", url, payload: { x: 1 } });
    let now = new Date();
    for (let i = 0; i <= RETRY_DELAYS_MS.length; i++) {
      await deliverDue({ now: () => now });
      now = new Date(now.getTime() + (RETRY_DELAYS_MS[i] ?? 0));
    }
    const state = await delivery(row.id);
    expect(state).toMatchObject({ status: "falhou", tentativas: RETRY_DELAYS_MS.length + 1 });
    expect(await deliverDue({ now: () => new Date(now.getTime() + 86_400_000) })).toBe(0);
  });

  it("records a connection failure", async () => {
    const row = await enqueueWebhook(ctx.database.db, {
      tipo: "curriculo",
      url: "http://127.0.0.1:1/nada",
      payload: { x: 1 },
    });
    await deliverDue();
    const state = await delivery(row.id);
    expect(state!.status).toBe("pendente");
    expect(state!.ultimoErro).toBeTruthy();
    expect(state!.ultimoStatus).toBeNull();
  });

  it("signs the body with HMAC-SHA256 when a secret is set", async () => {
    await updateSettings(ctx.database.db, { webhookSecret: "segredo-do-webhook" });
    await enqueueWebhook(ctx.database.db, {
      tipo: "pedido",
      url,
      payload: { tipo: "pedido", total: 45.9 },
    });
    await deliverDue();
    expect(received).toHaveLength(1);
    const expected = crypto
      .createHmac("sha256", "segredo-do-webhook")
      .update(received[0]!.body)
      .digest("hex");
    expect(received[0]!.headers["x-signature"]).toBe(`sha256=${expected}`);
    await updateSettings(ctx.database.db, { webhookSecret: null });
    await enqueueWebhook(ctx.database.db, { tipo: "pedido", url, payload: { tipo: "pedido" } });
    await deliverDue();
    expect(received[1]!.headers["x-signature"]).toBeUndefined();
  });

  it("never gives the same row to two workers", async () => {
    for (let i = 0; i < 30; i++) {
      await enqueueWebhook(ctx.database.db, { tipo: "pedido", url, payload: { i } });
    }
    const [a, b] = await Promise.all([claimDue(20), claimDue(20)]);
    const ids = [...a!, ...b!].map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(30);

    await ctx.database.db.delete(webhookEntregas);
    for (let i = 0; i < 30; i++) {
      await enqueueWebhook(ctx.database.db, { tipo: "pedido", url, payload: { i } });
    }
    await Promise.all([
      deliverDue({ limit: 7 }),
      deliverDue({ limit: 7 }),
      deliverDue({ limit: 7 }),
    ]);
    await Promise.all([deliverDue(), deliverDue()]);
    const delivered = received
      .map((r) => (JSON.parse(r.body) as { i: number }).i)
      .sort((x, y) => x - y);
    expect(delivered).toEqual(Array.from({ length: 30 }, (_, i) => i));
  });
});
