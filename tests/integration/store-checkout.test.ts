import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { webhookEntregas } from "~/modules/notifications/testing.server";
import {
  getCustomerOrder,
  placeOrder,
  quoteCart,
  readOrderFlash,
} from "~/modules/orders/index.server";
import { itensPedido, pedidos } from "~/modules/orders/testing.server";
import { cupons } from "~/modules/promotions/testing.server";
import { updateSettings } from "~/modules/shop/index.server";
import { action as checkoutAction } from "~/routes/loja/checkout";
import { formRequest, makeRequest } from "../setup/requests";
import { cardDeliveryTo, submitCheckout } from "../support/checkout";
import { withFreshDemoShop } from "../support/demo-shop";
import { checkoutForm, orderInput, stockOf } from "../support/factories";

const { ctx, product } = withFreshDemoShop();

async function count(table: typeof pedidos | typeof itensPedido | typeof webhookEntregas) {
  const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row!.n;
}

async function couponUses(codigo: string) {
  const [coupon] = await ctx.database.db.select().from(cupons).where(eq(cupons.codigo, codigo));
  return coupon!.usos;
}

describe("checkout (one server transaction)", () => {
  it("computes every total on the server, ignoring prices the client sends", async () => {
    const racao = await product({ nome: "Ração Teste 1 kg", preco: 2590, estoque: 10 });
    const petisco = await product({ nome: "Petisco Teste", preco: 790, estoque: 5 });
    const response = await submitCheckout(`${racao.id}:2,${petisco.id}:1`, {
      trocoPara: "100,00",
      cupom: "bemvindo10",
      // Forged by the client: never read.
      preco: "1",
      subtotal: "0,01",
      desconto: "9999",
      taxaEntrega: "0",
      total: "0,01",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/loja");
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain("agropet_pedido=");
    expect(setCookie).toContain("agropet_toast=");

    const [pedido] = await ctx.database.db.select().from(pedidos);
    // 2 × 25,90 + 7,90 = 59,70 >= 40,00: free delivery; 10 % = 5,97.
    expect(pedido).toMatchObject({
      subtotal: 5970,
      desconto: 597,
      taxaEntrega: 0,
      total: 5373,
      cupomCodigo: "BEMVINDO10",
      clienteEndereco: "Rua 300, 12",
      clienteBairro: "Centro",
      formaPagamento: "dinheiro",
      trocoPara: 10000,
      statusPedido: "novo",
      statusPagamento: "aguardando",
    });
    expect(pedido!.numeroPedido).toMatch(/^PED[1-9]\d{7}$/);
    const itens = await ctx.database.db
      .select()
      .from(itensPedido)
      .where(eq(itensPedido.pedidoId, pedido!.id));
    expect(
      itens.map((i) => [i.produtoNome, i.produtoPreco, i.quantidade, i.subtotal]).sort(),
    ).toEqual([
      ["Petisco Teste", 790, 1, 790],
      ["Ração Teste 1 kg", 2590, 2, 5180],
    ]);
    expect(await stockOf(ctx.database, racao.id)).toBe(8);
    expect(await stockOf(ctx.database, petisco.id)).toBe(4);
    expect(await couponUses("BEMVINDO10")).toBe(1);
  });

  it("charges the neighbourhood's fee below the free-delivery threshold and a fixed coupon capped by the rules", async () => {
    const item = await product({ nome: "Areia Teste", preco: 1800, estoque: 10 });
    const result = await placeOrder(
      orderInput([{ varianteId: item.id, quantidade: 2 }], {
        bairro: "sertaozinho",
        cupom: "FRETE5",
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    // 36,00 < 40,00: Sertãozinho's R$ 15,00 applies.
    expect(result.pedido).toMatchObject({
      subtotal: 3600,
      desconto: 500,
      taxaEntrega: 1500,
      total: 4600,
      clienteBairro: "Sertãozinho",
    });
  });

  it("hands back exactly the order and items it saved, every column and default included", async () => {
    const racao = await product({ nome: "Ração Ímã", preco: 2590, estoque: 5 });
    const osso = await product({ nome: "Osso Nó", preco: 1199, estoque: 5 });
    const result = await placeOrder(
      orderInput(
        [
          { varianteId: osso.id, quantidade: 1 },
          { varianteId: racao.id, quantidade: 2 },
        ],
        {
          cupom: "BEMVINDO10",
          referencia: "Casa azul",
          trocoPara: 10000,
          observacoes: "Sem cebola",
        },
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const [saved] = await ctx.database.db
      .select()
      .from(pedidos)
      .where(eq(pedidos.id, result.pedido.id));
    expect(result.pedido).toEqual(saved);
    expect(saved).toMatchObject({
      statusPedido: "novo",
      estoqueSituacao: "reservado",
      modo: "entrega",
      codigoRetirada: null,
      trocoPara: 10000,
    });
    const savedItems = await ctx.database.db
      .select()
      .from(itensPedido)
      .where(eq(itensPedido.pedidoId, saved!.id));
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id);
    expect([...result.itens].sort(byId)).toEqual(savedItems.sort(byId));
    expect(
      savedItems.map((i) => [i.produtoNome, i.produtoPreco, i.quantidade, i.subtotal]).sort(),
    ).toEqual([
      ["Osso Nó", 1199, 1, 1199],
      ["Ração Ímã", 2590, 2, 5180],
    ]);
  });

  it("decides free delivery before the coupon: FRETE5 in Tabuleiro never makes R$ 42,60 dearer", async () => {
    const item = await product({ nome: "Ração Tabuleiro", preco: 4260, estoque: 10 });
    const line = [{ varianteId: item.id, quantidade: 1 }];
    const quote = await quoteCart({ itens: line, cupom: "FRETE5", bairro: "Tabuleiro" });
    expect(quote).toMatchObject({ subtotal: 4260, desconto: 500, taxaEntrega: 0, total: 3760 });
    const result = await placeOrder(orderInput(line, { bairro: "Tabuleiro", cupom: "FRETE5" }));
    expect(result.ok && result.pedido).toMatchObject({
      subtotal: 4260,
      desconto: 500,
      taxaEntrega: 0,
      total: 3760,
    });
  });

  it("refuses a neighbourhood that is not served, a coupon below its minimum and Pix while it is off", async () => {
    const item = await product({ nome: "Bola Teste", preco: 1000, estoque: 10 });
    const line = [{ varianteId: item.id, quantidade: 1 }];
    expect(await placeOrder(orderInput(line, { bairro: "Bombinhas" }))).toEqual({
      ok: false,
      error: "bairro",
      message: "Selecione um bairro atendido",
    });
    expect(await placeOrder(orderInput(line, { cupom: "FRETE5" }))).toMatchObject({
      ok: false,
      error: "cupom",
      message: "Este cupom vale para pedidos a partir de R$ 30,00",
    });
    expect(await placeOrder(orderInput(line, { cupom: "NAOEXISTE" }))).toMatchObject({
      ok: false,
      message: "Cupom inválido ou expirado",
    });
    expect(await placeOrder(orderInput(line, { formaPagamento: "pix" }))).toMatchObject({
      ok: false,
      error: "pagamento",
    });
    expect(await count(pedidos)).toBe(0);
    expect(await stockOf(ctx.database, item.id)).toBe(10);
  });

  it("writes nothing when an item is short and names the item and how many are left", async () => {
    const plenty = await product({ nome: "Coleira Teste", preco: 3000, estoque: 10 });
    const scarce = await product({ nome: "Cama Teste", preco: 9000, estoque: 2 });
    await updateSettings(ctx.database.db, { webhookUrl: "http://127.0.0.1:9/hook" });
    const result = await placeOrder(
      orderInput(
        [
          { varianteId: plenty.id, quantidade: 3 },
          { varianteId: scarce.id, quantidade: 3 },
        ],
        { cupom: "BEMVINDO10" },
      ),
    );
    expect(result).toMatchObject({
      ok: false,
      error: "estoque",
      message: "Estoque insuficiente. Cama Teste: restam 2 unidades.",
      itens: [{ varianteId: scarce.id, nome: "Cama Teste", disponivel: 2, pedido: 3 }],
    });
    expect(await count(pedidos)).toBe(0);
    expect(await count(itensPedido)).toBe(0);
    expect(await count(webhookEntregas)).toBe(0);
    expect(await stockOf(ctx.database, plenty.id)).toBe(10);
    expect(await stockOf(ctx.database, scarce.id)).toBe(2);
    expect(await couponUses("BEMVINDO10")).toBe(0);
  });

  it("shows the short item through the checkout action too", async () => {
    const scarce = await product({ nome: "Gaiola Teste", preco: 9000, estoque: 1 });
    const result = await checkoutAction({
      request: formRequest("/loja/checkout", {
        nome: "João",
        telefone: "47999990000",
        endereco: "Rua 1",
        numero: "2",
        bairro: "Centro",
        janelaEntrega: "noite",
        formaPagamento: "cartao_entrega",
        itens: `${scarce.id}:2`,
        idempotencyKey: crypto.randomUUID(),
      }),
      params: {},
      context: {},
    } as never);
    const { data, init } = result as unknown as {
      data: { message: string };
      init: { status: number };
    };
    expect(init.status).toBe(409);
    expect(data.message).toBe("Estoque insuficiente. Gaiola Teste: resta 1 unidade.");
  });

  it("refuses missing required fields and an unchecked delivery window", async () => {
    const key = crypto.randomUUID();
    const result = await checkoutAction({
      request: formRequest("/loja/checkout", {
        nome: "",
        telefone: "123",
        endereco: "Rua 1",
        numero: "2",
        bairro: "Centro",
        janelaEntrega: "madrugada",
        formaPagamento: "dinheiro",
        itens: "x:1",
        idempotencyKey: key,
      }),
      params: {},
      context: {},
    } as never);
    const { data, init } = result as unknown as {
      data: { message: string; errors: Record<string, string>; values: Record<string, string> };
      init: { status: number };
    };
    expect(init.status).toBe(400);
    expect(data.message).toBe("Preencha todos os campos obrigatórios");
    // The page served without React shows the form again as typed, with the same order key.
    expect(data.values).toMatchObject({ telefone: "123", endereco: "Rua 1", idempotencyKey: key });
    expect(data.errors).toMatchObject({
      nome: "Informe seu nome",
      telefone: "Telefone deve ter pelo menos 10 dígitos",
      janelaEntrega: "Selecione o horário de entrega",
    });
  });

  it("a concurrent race never oversells", async () => {
    const hot = await product({ nome: "Produto Disputado", preco: 1000, estoque: 10 });
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        placeOrder(orderInput([{ varianteId: hot.id, quantidade: 1 }])),
      ),
    );
    const ok = results.filter((r) => r.ok);
    expect(ok).toHaveLength(10);
    expect(results.filter((r) => !r.ok && r.error === "estoque")).toHaveLength(20);
    expect(await stockOf(ctx.database, hot.id)).toBe(0);
    expect(await count(pedidos)).toBe(10);
    const [sold] = await ctx.database.db
      .select({ n: sql<number>`coalesce(sum(${itensPedido.quantidade}), 0)::int` })
      .from(itensPedido);
    expect(sold!.n).toBe(10);
  });

  it("gives a coupon at its usage limit to only one of two concurrent orders", async () => {
    await ctx.database.db
      .insert(cupons)
      .values({ codigo: "ULTIMO", tipo: "valor", valor: 300, limiteUsos: 1 });
    const item = await product({ nome: "Ração Cupom", preco: 5000, estoque: 10 });
    const results = await Promise.all(
      [1, 2].map(() =>
        placeOrder(orderInput([{ varianteId: item.id, quantidade: 1 }], { cupom: "ULTIMO" })),
      ),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toMatchObject({
      ok: false,
      error: "cupom",
      message: "Cupom inválido ou expirado",
    });
    expect(await couponUses("ULTIMO")).toBe(1);
    expect(await count(pedidos)).toBe(1);
    expect(await stockOf(ctx.database, item.id)).toBe(9);
  });

  it("refuses an expired coupon at order time", async () => {
    await ctx.database.db.insert(cupons).values({
      codigo: "VENCIDO",
      tipo: "percentual",
      valor: 1500,
      validoAte: new Date(Date.now() - 60_000),
    });
    const item = await product({ nome: "Ração Vencida", preco: 5000, estoque: 10 });
    expect(
      await placeOrder(orderInput([{ varianteId: item.id, quantidade: 1 }], { cupom: "VENCIDO" })),
    ).toMatchObject({ ok: false, error: "cupom", message: "Cupom inválido ou expirado" });
  });

  it("an idempotent retry creates one order, also when the two requests race", async () => {
    const item = await product({ nome: "Shampoo Teste", preco: 1690, estoque: 10 });
    const input = orderInput([{ varianteId: item.id, quantidade: 2 }]);
    const first = await placeOrder(input);
    const retry = await placeOrder(input);
    expect(first.ok && retry.ok).toBe(true);
    if (!first.ok || !retry.ok) return;
    expect(first.created).toBe(true);
    expect(retry.created).toBe(false);
    expect(retry.pedido.id).toBe(first.pedido.id);
    expect(retry.token).toBe(first.token);

    const racing = orderInput([{ varianteId: item.id, quantidade: 1 }]);
    const both = await Promise.all([placeOrder(racing), placeOrder(racing)]);
    const ids = new Set(both.map((r) => (r.ok ? r.pedido.id : null)));
    expect(ids.size).toBe(1);
    expect(await count(pedidos)).toBe(2);
    expect(await stockOf(ctx.database, item.id)).toBe(7);
  });

  it("a retry whose first attempt took the last units or the coupon's last use gets that order", async () => {
    await ctx.database.db
      .insert(cupons)
      .values({ codigo: "UMAVEZ", tipo: "valor", valor: 300, limiteUsos: 1 });
    const item = await product({ nome: "Coleira Última", preco: 2500, estoque: 2 });
    const input = orderInput([{ varianteId: item.id, quantidade: 2 }], { cupom: "UMAVEZ" });
    const first = await placeOrder(input);
    expect(first).toMatchObject({ ok: true, created: true });
    // Nothing left and the coupon used up: only the key says this is the same order.
    const retry = await placeOrder(input);
    expect(retry).toMatchObject({ ok: true, created: false });
    if (!first.ok || !retry.ok) return;
    expect(retry.pedido.id).toBe(first.pedido.id);
    expect(await count(pedidos)).toBe(1);
    expect(await stockOf(ctx.database, item.id)).toBe(0);
    // Another customer asking for the same is refused as before.
    expect(
      await placeOrder(orderInput([{ varianteId: item.id, quantidade: 1 }], { cupom: "UMAVEZ" })),
    ).toMatchObject({ ok: false, error: "estoque" });
  });

  it("refuses an inactive product and puts the order webhook in the outbox with the order", async () => {
    const off = await product({ nome: "Produto Inativo", preco: 1000, estoque: 5, ativo: false });
    expect(await placeOrder(orderInput([{ varianteId: off.id, quantidade: 1 }]))).toMatchObject({
      ok: false,
      error: "indisponivel",
    });

    await updateSettings(ctx.database.db, {
      webhookUrl: "http://127.0.0.1:9/hook",
      webhookAtivo: true,
    });
    const item = await product({ nome: "Petisco Webhook", preco: 4500, estoque: 5 });
    const result = await placeOrder(
      orderInput([{ varianteId: item.id, quantidade: 1 }], { referencia: "Casa azul" }),
    );
    expect(result.ok).toBe(true);
    const [entry] = await ctx.database.db.select().from(webhookEntregas);
    expect(entry).toMatchObject({
      tipo: "pedido",
      url: "http://127.0.0.1:9/hook",
      status: "pendente",
    });
    const payload = entry!.payload as {
      tipo: string;
      pedido: unknown;
      itens: unknown;
      cliente: unknown;
      timestamp: unknown;
    };
    expect(payload.tipo).toBe("pedido");
    expect(payload.pedido).toMatchObject({ subtotal: 45, taxa_entrega: 0, desconto: 0, total: 45 });
    expect(payload.itens).toEqual([
      expect.objectContaining({
        produto_nome: "Petisco Webhook",
        produto_preco: 45,
        quantidade: 1,
        subtotal: 45,
      }),
    ]);
    expect(payload.cliente).toEqual({
      nome: "Maria Souza",
      telefone: "(47) 99999-0000",
      endereco: "Rua 300, 12",
      bairro: "Meia Praia",
      referencia: "Casa azul",
    });
    expect(typeof payload.timestamp).toBe("string");

    // Webhook off: nothing queued.
    await updateSettings(ctx.database.db, { webhookAtivo: false });
    await placeOrder(orderInput([{ varianteId: item.id, quantidade: 1 }]));
    expect(await count(webhookEntregas)).toBe(1);
  });

  it("hands /loja the order link and, with the chat on, the prefilled order text", async () => {
    await updateSettings(ctx.database.db, {
      whatsappAtivo: true,
      whatsappNumero: "(47) 98888-1234",
    });
    const item = await product({ nome: "Petisco Chat", preco: 4200, estoque: 5 });
    // The order's cookies, as the browser sends them back to /loja.
    const placeChatOrder = async (extra: Record<string, string> = {}) => {
      const response = await submitCheckout(`${item.id}:1`, {
        ...cardDeliveryTo("Ana Chat", "47999990000"),
        ...extra,
      });
      return (response.headers.get("set-cookie") ?? "")
        .split(/,(?=\s*agropet_)/)
        .map((c) => c.split(";")[0]!.trim())
        .join("; ");
    };
    const cookie = await placeChatOrder({ observacoes: "Sem pressa" });
    const { flash } = await readOrderFlash(makeRequest("/loja", { headers: { cookie } }));
    const [pedido] = await ctx.database.db.select().from(pedidos);
    expect(flash?.numero).toBe(pedido!.numeroPedido);
    expect(await getCustomerOrder(flash!.numero, flash!.token)).not.toBeNull();
    const url = new URL(flash!.chatUrl!);
    expect(url.origin + url.pathname).toBe("https://wa.me/5547988881234");
    const text = url.searchParams.get("text")!;
    expect(text).toContain(`*Novo pedido ${pedido!.numeroPedido}*`);
    // Each line with its SKU, and the unit the order leaves from.
    expect(text).toMatch(/1x Petisco Chat \[[^\]]+\] \(R\$ 42,00\) = R\$ 42,00/);
    expect(text).toContain("*Sai da:* Unidade Meia Praia");
    expect(text).toContain("*Pagamento:* Cartão na entrega");
    expect(text).toContain("*Observações:* Sem pressa");

    // Chat off: no text to open.
    await updateSettings(ctx.database.db, { whatsappAtivo: false });
    const offCookie = await placeChatOrder();
    expect(
      (await readOrderFlash(makeRequest("/loja", { headers: { cookie: offCookie } }))).flash
        ?.chatUrl,
    ).toBeNull();
  });
});

describe("checkout: bad input is a 400, never a 500, and never an order (issue 22, point 8)", () => {
  async function post(fields: Record<string, string>) {
    const result = (await checkoutAction({
      request: formRequest("/loja/checkout", fields),
      params: {},
      context: {},
    } as never)) as {
      init: ResponseInit | null;
      data: { message?: string; errors?: Record<string, string> };
    };
    return { status: result.init?.status ?? 200, ...result.data };
  }

  /** After refused posts (no order yet), a valid one with `fields` makes the only order. */
  async function onlyOrderAfter(varianteId: string, fields: Record<string, string>) {
    expect(await count(pedidos)).toBe(0);
    const ok = await post(checkoutForm(`${varianteId}:1`, fields));
    expect(ok.status).toBe(200);
    const [order] = await ctx.database.db.select().from(pedidos);
    return order!;
  }

  it("refuses a NUL byte or another control character in any text field", async () => {
    const item = await product({ nome: "Ração NUL", preco: 1000, estoque: 50 });
    const controlInEach = {
      nome: "Maria\u0000Souza",
      endereco: "Rua 300\u0000",
      numero: "12\u0000",
      complemento: "\u0000",
      referencia: "perto\u001b[31m",
      observacoes: "tocar\u0000campainha",
      trocoPara: "50\u0000",
      cupom: "BEMVINDO10\u0000",
      bairro: "Centro\u0000",
      telefone: "(47) 99999-0000\u0007",
    };
    for (const [field, value] of Object.entries(controlInEach)) {
      const got = await post(checkoutForm(`${item.id}:1`, { [field]: value }));
      expect(got.status, field).toBe(400);
      expect(got.errors?.[field], field).toMatch(/caracteres|inválid|Informe|Telefone/);
    }
    // Windows line breaks in the notes are harmless: normalised, and the order goes.
    const order = await onlyOrderAfter(item.id, { observacoes: "portão azul\r\ncasa 2" });
    expect(order.observacoes).toBe("portão azul\ncasa 2");
  });

  it("a customer's name needs letters and no direction override or program value (issue 39)", async () => {
    const item = await product({ nome: "Ração Nomes", preco: 1000, estoque: 50 });
    for (const nome of [
      "\u202EairaM",
      "Maria\u202D Souza",
      "Maria \u2066Souza\u2069",
      "Maria\u200F",
      "true",
      "null",
      '{"a":1}',
      "Set-Cookie: x=1",
      "<b>Maria</b>",
      "Maria\u200BSouza",
    ]) {
      const got = await post(checkoutForm(`${item.id}:1`, { nome }));
      expect(got.status, JSON.stringify(nome)).toBe(400);
      expect(got.errors?.nome, JSON.stringify(nome)).toMatch(
        /caracteres|Informe seu nome|Use no nome/,
      );
    }
    const order = await onlyOrderAfter(item.id, { nome: "  Maria   D'Ávila-Souza Jr. " });
    expect(order.clienteNome).toBe("Maria D'Ávila-Souza Jr.");
  });

  it("bounds quantities before SQL: past int4, and two lines whose sum overflows", async () => {
    const item = await product({ nome: "Ração Muita", preco: 1000, estoque: 50 });
    for (const itens of [
      `${item.id}:2147483648`,
      `${item.id}:2147483647,${item.id}:2`,
      `${item.id}:600,${item.id}:600`,
      `${item.id}:9007199254740991,${item.id}:9007199254740991`,
    ]) {
      const got = await post(checkoutForm(itens));
      expect(got.status, itens).toBe(400);
      expect(got.errors?.itens, itens).toBe("No máximo 999 unidades de cada produto por pedido");
    }
    const troco = await post(checkoutForm(`${item.id}:1`, { trocoPara: "99999999999999" }));
    expect(troco.status).toBe(400);
    expect(troco.errors?.trocoPara).toBe("Valor para troco alto demais");
    expect(await count(pedidos)).toBe(0);
    expect(await stockOf(ctx.database, item.id)).toBe(50);
  });

  it('refuses a name without letters and a street number without a digit (or "s/n")', async () => {
    const item = await product({ nome: "Ração Nome", preco: 1000, estoque: 50 });
    for (const [field, value] of [
      ["nome", "<>"],
      ["nome", "-1"],
      ["numero", "💥"],
      ["numero", "<>"],
      ["telefone", "47 9999-00000 💥"],
    ] as const) {
      const got = await post(checkoutForm(`${item.id}:1`, { [field]: value }));
      expect(got.status, `${field}=${value}`).toBe(400);
      expect(got.errors?.[field]).toBeTruthy();
    }
    expect(await count(pedidos)).toBe(0);
    for (const numero of ["s/n", "S/N", "120-B", "12A"]) {
      const got = await post(checkoutForm(`${item.id}:1`, { numero, nome: "José D'Ávila" }));
      expect(got.status, numero).toBe(200);
    }
    expect(await count(pedidos)).toBe(4);
  });
});
