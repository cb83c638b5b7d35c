// Issue 26, staff side: new orders, grooming requests and resumes reach every open admin page
// live through GET /admin/avisos (Server-Sent Events), over real HTTP, on the real database
// (PGlite, and PostgreSQL with DATABASE_URL): only for an admin; a stream that reconnects
// with Last-Event-ID gets exactly what it missed; every listener (and every instance) hears it.
import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { createAlertFeed } from "~/modules/alerts/index.server";
import { placeOrder } from "~/modules/orders/index.server";
import { openDatabase, queryRows } from "~/platform/db/client.server";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { withAlertStream } from "../support/alert-stream";
import { withDemoShop } from "../support/demo-shop";
import { makeAdmin, makeCustomer, orderInput, productsIn } from "../support/factories";
import type { SseClient } from "../support/sse";

const ctx = withTestDatabase();
withDemoShop();
const product = productsIn(ctx);
const openAlerts = withAlertStream(ctx);
let admin: Awaited<ReturnType<typeof makeAdmin>>;

/** The session cookie of `token`, as the browser sends it. */
function cookieOf(token: string) {
  return makeRequest("/admin/avisos", { token }).headers.get("cookie")!;
}

async function stream(headers: Record<string, string> = {}, token = admin.token) {
  return openAlerts({ cookie: cookieOf(token), ...headers });
}

const orders = (client: SseClient) =>
  client.events.map((e) => ({ id: Number(e.id), ...JSON.parse(e.data) }));

async function newOrder(preco = 123456) {
  const item = await product({ nome: `Ração ${Math.random()}`, preco, estoque: 5 });
  const result = await placeOrder(orderInput([{ varianteId: item.id, quantidade: 1 }]));
  if (!result.ok) throw new Error("pedido recusado");
  return result.pedido;
}

beforeAll(async () => {
  admin = await makeAdmin();
});

describe("GET /admin/avisos", () => {
  it("refuses who is not a signed-in admin: the admin guard's redirect, no stream", async () => {
    const anonymous = await openAlerts();
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/admin\/login/);
    expect(anonymous.headers.get("content-type") ?? "").not.toContain("event-stream");
    const customer = await makeCustomer();
    const refused = await stream({}, customer.token);
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/");
    expect(refused.events).toEqual([]);
  });

  it("sends an admin each new order with its number and total, unbuffered, with heartbeats", async () => {
    const client = await stream();
    expect(client.status).toBe(200);
    expect(client.headers.get("content-type")).toContain("text/event-stream");
    expect(client.headers.get("cache-control")).toBe("no-store, no-transform");
    const pedido = await newOrder(123456);
    await expect.poll(() => client.events.length, { timeout: 5_000 }).toBe(1);
    const [event] = orders(client);
    expect(client.events[0]!.event).toBe("aviso");
    expect(event).toMatchObject({
      tipo: "pedido",
      referenciaId: pedido.id,
      dados: { numero: pedido.numeroPedido, total: pedido.total },
    });
    await expect.poll(() => client.comments.includes("pulso"), { timeout: 2_000 }).toBe(true);
  });

  it("tells grooming requests and resumes too", async () => {
    const client = await stream();
    await expect.poll(() => client.comments.length > 0).toBe(true);
    await ctx.database.db.execute(sql`
      insert into pedidos_servicos (numero_pedido, tipo_servico, nome_tutor, whatsapp, nome_pet, raca_porte)
      values ('SRV-AVISO-1', 'banho_tosa', 'Joana', '(47) 99999-0000', 'Rex', 'Vira-lata médio')`);
    await expect.poll(() => client.events.length, { timeout: 5_000 }).toBe(1);
    expect(orders(client)[0]).toMatchObject({ tipo: "servico", dados: { pet: "Rex" } });
  });

  it("a reconnect with Last-Event-ID replays exactly what was missed, nothing twice", async () => {
    const first = await stream();
    await expect.poll(() => first.comments.length > 0).toBe(true);
    const a = await newOrder();
    await expect.poll(() => first.events.length).toBe(1);
    const lastSeen = first.events[0]!.id!;
    first.close();
    // Missed while away: two orders.
    const b = await newOrder();
    const c = await newOrder();
    const again = await stream({ "last-event-id": lastSeen });
    await expect.poll(() => again.events.length, { timeout: 5_000 }).toBe(2);
    const d = await newOrder();
    await expect.poll(() => again.events.length, { timeout: 5_000 }).toBe(3);
    // A moment more: nothing else arrives (no duplicate from the live feed).
    await new Promise((r) => setTimeout(r, 400));
    const got = orders(again);
    expect(got.map((e) => e.referenciaId)).toEqual([b.id, c.id, d.id]);
    expect(got.map((e) => e.referenciaId)).not.toContain(a.id);
    // Ids grow.
    expect(got.map((e) => e.id)).toEqual([...got.map((e) => e.id)].sort((x, y) => x - y));
    expect(got[0]!.id).toBeGreaterThan(Number(lastSeen));
  });

  it("a stream that opens after orders arrived with no stream open gets its replay and what follows, once", async () => {
    const feed = await createAlertFeed(ctx.database, 60_000);
    try {
      const before = await feed.latest();
      const a = await newOrder();
      const b = await newOrder();
      await feed.poll();
      const fromNow: number[] = [];
      const fromBefore: number[] = [];
      const ids = (list: number[]) => (aviso: { id: number }) => list.push(aviso.id);
      await feed.subscribe(await feed.latest(), ids(fromNow));
      await feed.subscribe(before, ids(fromBefore));
      const c = await newOrder();
      await expect.poll(() => fromNow.length, { timeout: 5_000 }).toBe(1);
      await expect.poll(() => fromBefore.length, { timeout: 5_000 }).toBe(3);
      await feed.poll();
      const avisoOf = async (pedidoId: string) => {
        const [row] = await queryRows<{ seq: number }>(
          ctx.database.db,
          sql`select seq from avisos where referencia_id = ${pedidoId}`,
        );
        return Number(row!.seq);
      };
      expect(fromNow).toEqual([await avisoOf(c.id)]);
      expect(fromBefore).toEqual([await avisoOf(a.id), await avisoOf(b.id), await avisoOf(c.id)]);
    } finally {
      await feed.stop();
    }
  });

  it("every open stream gets it, and another instance's feed hears it through the database", async () => {
    const one = await stream();
    const two = await stream();
    await expect.poll(() => one.comments.length > 0 && two.comments.length > 0).toBe(true);
    const pedido = await newOrder();
    await expect.poll(() => one.events.length, { timeout: 5_000 }).toBe(1);
    await expect.poll(() => two.events.length, { timeout: 5_000 }).toBe(1);
    expect(orders(one)[0]!.referenciaId).toBe(pedido.id);
    expect(orders(two)[0]!.referenciaId).toBe(pedido.id);
  });

  it("on PostgreSQL, a second instance (its own connection and LISTEN) serves its own streams", async () => {
    if (ctx.database.kind !== "postgres") return;
    // The same database through a second pool, as a second server would open it.
    const url = (
      ctx.database.db as unknown as { $client: { options: { connectionString: string } } }
    ).$client.options.connectionString;
    const other = await openDatabase({ databaseUrl: url, poolSize: 2 });
    const feed = await createAlertFeed(other);
    const heard: number[] = [];
    await feed.subscribe(await feed.latest(), (aviso) => heard.push(aviso.id));
    const pedido = await newOrder();
    await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(1);
    await feed.stop();
    await other.close();
    expect(pedido.id).toBeTruthy();
  });
});
