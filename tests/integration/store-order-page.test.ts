import { describe, expect, it } from "vitest";
import { getCustomerOrder, placeOrder } from "~/modules/orders/index.server";
import { crc16 } from "~/modules/payments";
import { updateSettings } from "~/modules/shop/index.server";
import { loader as orderLoader } from "~/routes/loja/pedido";
import { makeRequest } from "../setup/requests";
import { withFreshDemoShop } from "../support/demo-shop";
import { manualPix, orderInput } from "../support/factories";

const { ctx, product } = withFreshDemoShop();

async function load(numero: string, token: string | null) {
  const query = token === null ? "" : `?token=${encodeURIComponent(token)}`;
  return orderLoader({
    request: makeRequest(`/loja/pedido/${numero}${query}`),
    params: { numero },
    context: {},
  } as never);
}

async function status(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  return (thrown as { init?: { status: number } } | null)?.init?.status;
}

describe("customer order page", () => {
  it("opens only with the secret token of the link", async () => {
    const item = await product({ nome: "Ração Pedido", preco: 2500, estoque: 5 });
    const result = await placeOrder(orderInput([{ varianteId: item.id, quantidade: 1 }]));
    if (!result.ok) throw new Error(result.message);
    const numero = result.pedido.numeroPedido;
    expect(result.pedido.tokenHash).not.toContain(result.token);

    expect(await status(load(numero, null))).toBe(404);
    expect(await status(load(numero, "token-errado"))).toBe(404);
    expect(await status(load(numero, `${result.token.slice(0, -1)}x`))).toBe(404);
    expect(await status(load("PED0000000000000000", result.token))).toBe(404);
    expect(await getCustomerOrder(numero, "")).toBeNull();

    const page = (await load(numero, result.token)) as unknown as {
      data: { pedido: Record<string, unknown>; itens: unknown[]; pix: unknown };
      init: { headers: HeadersInit };
    };
    expect(page.data.pedido).toMatchObject({
      numero,
      statusPedido: "novo",
      statusPagamento: "aguardando",
      total: 3000, // 25,00 + Meia Praia's R$ 5,00
      taxaEntrega: 500,
    });
    expect(page.data.itens).toHaveLength(1);
    expect(page.data.pix).toBeNull(); // paid in cash
    expect(new Headers(page.init.headers).get("Cache-Control")).toBe("private, no-store");
  });

  it("shows the Pix copia e cola and QR code for the exact total when the key is set", async () => {
    await updateSettings(ctx.database.db, manualPix());
    const item = await product({ nome: "Ração Pix", preco: 4590, estoque: 5 });
    const result = await placeOrder(
      orderInput([{ varianteId: item.id, quantidade: 1 }], { formaPagamento: "pix" }),
    );
    if (!result.ok) throw new Error(result.message);
    const page = (await load(result.pedido.numeroPedido, result.token)) as unknown as {
      data: { pix: { payload: string; qrSvg: string } };
    };
    const { payload, qrSvg } = page.data.pix;
    expect(payload).toContain("0014br.gov.bcb.pix0125pix@agropetlitoral.com.br");
    expect(payload).toContain("540545.90"); // 45,90 >= 40,00: free delivery
    expect(payload).toContain("5915Agropet Litoral6007Itapema");
    const txid = result.pedido.numeroPedido;
    expect(payload).toContain(`05${String(txid.length).padStart(2, "0")}${txid}`);
    expect(payload.slice(-4)).toBe(crc16(payload.slice(0, -4)));
    expect(qrSvg).toContain("<svg");

    // Once paid, the code is no longer offered.
    const { pedidos } = await import("~/modules/orders/testing.server");
    await ctx.database.db.update(pedidos).set({ statusPagamento: "pago" });
    const paid = (await load(result.pedido.numeroPedido, result.token)) as unknown as {
      data: { pix: unknown; pedido: { statusPagamento: string } };
    };
    expect(paid.data.pix).toBeNull();
    expect(paid.data.pedido.statusPagamento).toBe("pago");
  });
});
