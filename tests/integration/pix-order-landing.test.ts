// Issue 39, point 3: after a Pix checkout the customer lands on the order page, with the QR
// code and the copia e cola, never on the store list. Both Pix kinds, delivered and picked
// up: manual Pix (the shop's key) and online Pix (against the fake Mercado Pago). The page
// says the order was placed and offers the chats the store list used to; other payments still
// land on the store list with its message.
import { describe, expect, it } from "vitest";
import { pedidos } from "~/modules/orders/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { action as checkoutAction } from "~/routes/loja/checkout";
import { loader as orderLoader } from "~/routes/loja/pedido";
import { formRequest, makeRequest } from "../setup/requests";
import { checkoutForm, createProduct, defaultUnitId, manualPix } from "../support/factories";
import { withPixShop } from "../support/mercadopago";

const { ctx, mp } = withPixShop(manualPix("loja@agropet.example.com"));

const args = (request: Request, params: Record<string, string> = {}) =>
  ({ request, params, context: {} }) as never;

async function checkout(fields: Record<string, string>) {
  return (await checkoutAction(args(formRequest("/loja/checkout", fields)))) as Response;
}

/** The cookies a response sets, as a browser would send them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");
}

/** Follows the checkout's redirect to the order page as the browser does, with its cookies. */
async function landing(response: Response) {
  expect(response.status).toBe(302);
  const location = response.headers.get("location")!;
  const [pedido] = await ctx.database.db.select().from(pedidos);
  expect(location).toMatch(new RegExp(`^/loja/pedido/${pedido!.numeroPedido}\\?token=[\\w-]+$`));
  const page = (await orderLoader(
    args(makeRequest(location, { headers: { cookie: cookiesOf(response) } }), {
      numero: pedido!.numeroPedido,
    }),
  )) as {
    data: {
      novo: boolean;
      recemFeito: { chatUrl: string | null; receberUrl: string | null } | null;
      pix: { payload: string; qrSvg: string } | null;
      pixOnline: { estado: string; copiaECola?: string; qrSvg?: string } | null;
    };
  };
  return { pedido: pedido!, page: page.data };
}

const product = () =>
  createProduct(ctx.database, { nome: `Ração Pix ${Date.now()}`, preco: 4590, estoque: 10 });

describe("after a Pix checkout", () => {
  it("manual Pix, delivered: the order page with the QR code, the copia e cola and the chats", async () => {
    await updateSettings(ctx.database.db, { whatsappAtivo: true, whatsappNumero: "47999990416" });
    const item = await product();
    const { pedido, page } = await landing(
      await checkout(checkoutForm(`${item.id}:1`, { formaPagamento: "pix" })),
    );
    expect(pedido.formaPagamento).toBe("pix");
    expect(page.novo).toBe(true);
    expect(page.pix?.payload).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    expect(page.pix?.qrSvg).toContain("<svg");
    expect(page.recemFeito?.chatUrl).toMatch(/^https:\/\/wa\.me\/5547999990416\?text=/);
    expect(page.recemFeito?.receberUrl).toMatch(/^https:\/\/wa\.me\/5547999990000\?text=/);
  });

  it("manual Pix, picked up: the order page too", async () => {
    const item = await product();
    const { pedido, page } = await landing(
      await checkout(
        checkoutForm(`${item.id}:1`, {
          formaPagamento: "pix",
          modo: "retirada",
          unidadeId: await defaultUnitId(),
          endereco: "",
          numero: "",
          bairro: "",
          janelaEntrega: "",
        }),
      ),
    );
    expect(pedido.modo).toBe("retirada");
    expect(page.pix?.payload).toMatch(/^000201/);
  });

  it("online Pix: the order page with the provider's copia e cola", async () => {
    const item = await product();
    const { page } = await landing(
      await checkout(
        checkoutForm(`${item.id}:1`, {
          formaPagamento: "pix_mercadopago",
          email: "maria@example.com",
        }),
      ),
    );
    const [payment] = [...mp.payments.values()];
    expect(page.novo).toBe(true);
    expect(page.pixOnline).toMatchObject({
      estado: "pendente",
      copiaECola: payment!.point_of_interaction.transaction_data.qr_code,
    });
    expect(page.pixOnline?.qrSvg).toContain("<svg");
    // Confirmed by the provider: no chat to send it to the shop.
    expect(page.recemFeito?.chatUrl).toBeNull();
  });

  it("cash still lands on the store list with its message", async () => {
    const item = await product();
    const response = await checkout(checkoutForm(`${item.id}:1`, { formaPagamento: "dinheiro" }));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/loja");
  });
});
