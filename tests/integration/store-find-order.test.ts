// "The customer always finds the order again": the WhatsApp texts carry the order link, the
// "Acompanhar pedido" lookup (number + phone, counted per IP and per number, one answer for
// every miss) and "Seus pedidos" (a signed cookie of this device's last orders).
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emails } from "~/modules/mail/testing.server";
import {
  composeOrderEmail,
  FIND_ORDER_TEXTS,
  getCustomerOrder,
  placeOrder,
  RECENT_ORDERS_MAX,
  readOrderFlash,
  readRecentOrders,
} from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { queryRows } from "~/platform/db/client.server";
import { signedCookie } from "~/platform/signed-cookie.server";
import { action as findAction } from "~/routes/loja/acompanhar";
import { loader as storeLoader } from "~/routes/loja/index";
import { loader as orderLoader } from "~/routes/loja/pedido";
import { formRequest, makeRequest } from "../setup/requests";
import { cardDeliveryTo, submitCheckout } from "../support/checkout";
import { withFreshDemoShop } from "../support/demo-shop";
import { orderInput } from "../support/factories";
import { call } from "../support/routes";

const { ctx, product } = withFreshDemoShop();

/** The cookies a response sets, as the browser sends them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!.trim())
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

async function anOrder(overrides: Parameters<typeof orderInput>[1] = {}) {
  const item = await product({ nome: `Ração ${crypto.randomUUID()}`, preco: 2500, estoque: 50 });
  const result = await placeOrder(orderInput([{ varianteId: item.id, quantidade: 1 }], overrides));
  if (!result.ok) throw new Error(result.message);
  return { numero: result.pedido.numeroPedido, token: result.token };
}

function find(numero: string, telefone: string, ip = "10.0.0.1") {
  return call(findAction, formRequest("/loja/acompanhar", { numero, telefone }, { ip }));
}

describe("the order link travels with the WhatsApp texts", () => {
  it("the shop's prefilled message and 'Receber pelo WhatsApp' both carry the tracking link", async () => {
    await updateSettings(ctx.database.db, {
      whatsappAtivo: true,
      whatsappNumero: "(47) 98888-1234",
    });
    const item = await product({ nome: "Petisco Link", preco: 4200, estoque: 5 });
    const response = await submitCheckout(
      `${item.id}:1`,
      cardDeliveryTo("Ana Link", "(47) 99111-2222"),
    );
    const cookie = cookiesOf(response);
    const { flash } = await readOrderFlash(makeRequest("/loja", { headers: { cookie } }));
    const link = `http://localhost/loja/pedido/${flash!.numero}?token=${encodeURIComponent(flash!.token)}`;
    const shopText = new URL(flash!.chatUrl!).searchParams.get("text")!;
    expect(shopText).toContain(`*Acompanhe o pedido:* ${link}`);
    const receber = new URL(flash!.receberUrl!);
    // The customer's own number: WhatsApp's chat with oneself keeps the link.
    expect(receber.origin + receber.pathname).toBe("https://wa.me/5547991112222");
    expect(receber.searchParams.get("text")).toContain(link);
    const token = new URL(link).searchParams.get("token");
    expect(await getCustomerOrder(flash!.numero, token)).not.toBeNull();

    // And this device now remembers the order ("Seus pedidos").
    expect(readRecentOrders(makeRequest("/loja", { headers: { cookie } }))).toEqual([
      { numero: flash!.numero, token: flash!.token },
    ]);
  });
});

describe("Acompanhar pedido", () => {
  it("number + the order's phone (any formatting) open the order page and mail a fresh link", async () => {
    const order = await anOrder({ email: "maria@example.com" });
    const result = await find(` ${order.numero.toLowerCase()} `, "47 99999 0000");
    expect(result.status).toBe(302);
    const location = result.response!.headers.get("location")!;
    // The lookup's own secret, not the order link's (that one shows the pick-up code).
    const lookupToken = new URL(location, "http://x").searchParams.get("token")!;
    expect(location).toBe(`/loja/pedido/${order.numero}?token=${encodeURIComponent(lookupToken)}`);
    expect(lookupToken).not.toBe(order.token);
    // Remembered on this device, and the link queued in the mail outbox.
    const cookie = cookiesOf(result.response!);
    expect(readRecentOrders(makeRequest("/loja", { headers: { cookie } }))[0]).toEqual({
      numero: order.numero,
      token: lookupToken,
    });
    const queued = await ctx.database.db.select().from(emails);
    const linkMail = queued.filter((e) => e.tipo === "pedido_link");
    expect(linkMail.map((e) => e.destinatario)).toEqual(["maria@example.com"]);
    const composed = await composeOrderEmail(linkMail[0]!);
    expect(composed?.assunto).toBe(`Link do pedido ${order.numero}`);
    expect(composed?.texto).toContain(
      `/loja/pedido/${order.numero}?token=${encodeURIComponent(order.token)}`,
    );
  });

  it("the pick-up code shows only through the order's own link, not by number and phone (issue 39)", async () => {
    const order = await anOrder();
    await ctx.database.db
      .update(pedidos)
      .set({ codigoRetirada: "5820" })
      .where(eq(pedidos.numeroPedido, order.numero));
    const open = async (token: string) => {
      const page = await call(
        orderLoader,
        makeRequest(`/loja/pedido/${order.numero}?token=${encodeURIComponent(token)}`),
        { numero: order.numero },
      );
      expect(page.status).toBe(200);
      return page.data.pedido as { codigoRetirada: string | null; codigoNoLink: boolean };
    };
    expect(await open(order.token)).toMatchObject({ codigoRetirada: "5820", codigoNoLink: false });
    const found = await find(order.numero, "(47) 99999-0000", "10.9.0.1");
    const lookupToken = new URL(
      found.response!.headers.get("location")!,
      "http://x",
    ).searchParams.get("token")!;
    const page = await open(lookupToken);
    expect(page).toMatchObject({ codigoRetirada: null, codigoNoLink: true });
    expect(JSON.stringify(page)).not.toContain("5820");
  });

  it("answers 'no such order' and 'wrong phone' exactly alike", async () => {
    const order = await anOrder();
    const wrongPhone = await find(order.numero, "(47) 98888-7777", "10.0.0.2");
    const unknown = await find("PED20260101000000", "(47) 99999-0000", "10.0.0.3");
    expect(wrongPhone.status).toBe(404);
    expect(unknown.status).toBe(wrongPhone.status);
    expect(wrongPhone.data.message).toBe(FIND_ORDER_TEXTS.notFound);
    expect(unknown.data.message).toBe(wrongPhone.data.message);
    expect(Object.keys(unknown.data).sort()).toEqual(Object.keys(wrongPhone.data).sort());
    expect(wrongPhone.response).toBeUndefined();
  });

  it("blocks an order number after 5 misses, even for the right phone from another IP", async () => {
    const order = await anOrder();
    for (let i = 0; i < 5; i++) {
      expect((await find(order.numero, `(47) 90000-000${i}`, `10.1.0.${i}`)).status).toBe(404);
    }
    const blocked = await find(order.numero, "(47) 99999-0000", "10.1.0.99");
    expect(blocked.status).toBe(429);
    expect(blocked.data.message).toBe(FIND_ORDER_TEXTS.blocked);
  });

  it("blocks an IP after 10 misses on any numbers; a find gives its attempt back", async () => {
    const order = await anOrder();
    // Finds do not use up the IP (a family on one connection).
    for (let i = 0; i < 3; i++) expect((await find(order.numero, "47999990000")).status).toBe(302);
    for (let i = 0; i < 10; i++) {
      expect((await find(`PED2026010100000${i}`, "47999990000")).status).toBe(404);
    }
    expect((await find("PED20260101000099", "47999990000")).status).toBe(429);
  });

  it("racing requests never try more than the rule allows", async () => {
    const order = await anOrder();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => find(order.numero, "(47) 91234-5678", `10.2.0.${i}`)),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    const [row] = await queryRows<{ attempt_count: number }>(
      ctx.database.db,
      sql`select attempt_count from rate_limits where operation = 'pedido_busca_numero'`,
    );
    expect(Number(row!.attempt_count)).toBe(5);
  });
});

describe("Seus pedidos", () => {
  it("keeps the last orders of this device, signed; a tampered cookie is ignored", async () => {
    let cookie = "";
    const placed: { numero: string; token: string }[] = [];
    for (let i = 0; i < RECENT_ORDERS_MAX + 2; i++) {
      const order = await anOrder();
      placed.unshift(order);
      const result = await call(
        findAction,
        makeRequest("/loja/acompanhar", {
          method: "POST",
          body: new URLSearchParams({ numero: order.numero, telefone: "47999990000" }),
          headers: { cookie },
          ip: `10.3.0.${i}`,
        }),
      );
      expect(result.status).toBe(302);
      cookie = cookiesOf(result.response!);
    }
    const kept = readRecentOrders(makeRequest("/loja", { headers: { cookie } }));
    expect(kept.map((o) => o.numero)).toEqual(
      placed.slice(0, RECENT_ORDERS_MAX).map((o) => o.numero),
    );

    // /loja lists them (a device with the cookie is never served the shared copy).
    const page = await call(storeLoader, makeRequest("/loja", { headers: { cookie } }));
    expect(page.data.pedidos).toEqual(kept);
    const anonymous = await call(storeLoader, makeRequest("/loja"));
    expect(anonymous.data.pedidos).toEqual([]);

    // Another order's number with a forged list, signed with another key: nothing.
    const value = cookie.slice(cookie.indexOf("=") + 1);
    const decoded = decodeURIComponent(value);
    const [payload] = decoded.split(".");
    const forgedJson = Buffer.from(
      JSON.stringify([{ n: "PED20990101000000", t: "x" }]),
      "utf8",
    ).toString("base64");
    const forged = `agropet_pedidos=${encodeURIComponent(`${forgedJson}.${decoded.split(".")[1]}`)}`;
    expect(readRecentOrders(makeRequest("/loja", { headers: { cookie: forged } }))).toEqual([]);
    const truncated = `agropet_pedidos=${encodeURIComponent(`${payload}.AAAA`)}`;
    expect(readRecentOrders(makeRequest("/loja", { headers: { cookie: truncated } }))).toEqual([]);
    // A validly signed value that is not a list of orders: ignored too.
    const odd = signedCookie("agropet_pedidos", { maxAge: 60 }).serialize({ n: 1 }).split(";")[0]!;
    expect(readRecentOrders(makeRequest("/loja", { headers: { cookie: odd } }))).toEqual([]);
  });
});
