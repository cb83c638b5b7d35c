// Issue 39, point 14: how the staff read and find an order. The pack of each line wherever an
// order is read (print sheet, WhatsApp message, e-mail to the shop), the CEP typed at checkout
// on the order and its sheet, the shop's name, phone and CNPJ on every sheet, one phone format
// in the export, and the list's search by number, name, phone or pick-up code.
import { eq, sql } from "drizzle-orm";
import Papa from "papaparse";
import { beforeEach, describe, expect, it } from "vitest";
import { variantes } from "~/modules/catalog/testing.server";
import { orderMessage } from "~/modules/orders";
import { placeOrder } from "~/modules/orders/index.server";
import { pedidos } from "~/modules/orders/testing.server";
import { getSettings, updateSettings } from "~/modules/shop/index.server";
import { loader as lojaLoader } from "~/routes/admin/loja";
import { loader as exportLoader } from "~/routes/admin/loja/pedidos-exportar";
import { loader as printOrderLoader } from "~/routes/admin/pedido-imprimir";
import { action as findAction } from "~/routes/loja/acompanhar";
import { action as checkoutAction } from "~/routes/loja/checkout";
import { withTestDatabase } from "../setup/db";
import { formRequest, makeRequest } from "../setup/requests";
import { submitCheckout } from "../support/checkout";
import { checkoutForm, orderInput, productsIn } from "../support/factories";
import { call } from "../support/routes";
import { seededShopWithAdmin } from "../support/seeded-shop";

const ctx = withTestDatabase();
const product = productsIn(ctx);
let token: string;

beforeEach(async () => {
  ({ token } = await seededShopWithAdmin(ctx.database));
});

/** A product whose only variant is the 15 kg bag. */
async function bag15kg() {
  const item = await product({
    nome: `Ração Quatree Supreme ${crypto.randomUUID().slice(0, 4)}`,
    preco: 23990,
    estoque: 20,
  });
  await ctx.database.db
    .update(variantes)
    .set({ rotulo: "15 kg", opcao1: "15 kg" })
    .where(eq(variantes.id, item.id));
  return item;
}

async function order(
  item: { id: string },
  overrides: Parameters<typeof orderInput>[1] = {},
  quantidade = 1,
) {
  const result = await placeOrder(orderInput([{ varianteId: item.id, quantidade }], overrides));
  if (!result.ok) throw new Error(result.message);
  return result;
}

async function listed(query: string) {
  const result = await call(
    lojaLoader,
    makeRequest(`/admin/loja?view=pedidos&${query}`, { token }),
  );
  expect(result.status).toBe(200);
  const { orders } = result.data.pedidos as { orders: { numeroPedido: string }[] };
  return orders.map((o) => o.numeroPedido).sort();
}

async function printed(numero: string) {
  const page = await call(
    printOrderLoader,
    makeRequest(`/admin/loja/pedidos/${numero}/imprimir`, { token }),
    { numero },
  );
  expect(page.status).toBe(200);
  return page.data.order;
}

describe("the pack of each line", () => {
  it("is on the print sheet, in the WhatsApp message and in the list's data", async () => {
    const item = await bag15kg();
    const { pedido, itens } = await order(item, {}, 2);
    const sheet = await printed(pedido.numeroPedido);
    expect(sheet.itens[0]!.nome).toBe(`${item.nome} — 15 kg`);
    expect(orderMessage({ ...pedido, itens })).toContain(`2x ${item.nome} — 15 kg`);
    const result = await call(lojaLoader, makeRequest("/admin/loja?view=pedidos", { token }));
    const [row] = (result.data.pedidos as { orders: { itens: { varianteRotulo: string }[] }[] })
      .orders;
    expect(row!.itens[0]!.varianteRotulo).toBe("15 kg");
  });
});

describe("the CEP typed at checkout", () => {
  it("is kept with the order and printed; a malformed one is refused", async () => {
    const item = await bag15kg();
    const bad = await call(
      checkoutAction,
      formRequest("/loja/checkout", checkoutForm(`${item.id}:1`, { cep: "8822-00" })),
    );
    expect(bad.status).toBe(400);
    expect(bad.data.errors.cep).toBe("CEP inválido. Informe os 8 números do CEP.");
    expect(await ctx.database.db.select().from(pedidos)).toHaveLength(0);

    const ok = await submitCheckout(`${item.id}:1`, { cep: "88220-000" });
    expect(ok.status).toBe(302);
    const [saved] = await ctx.database.db.select().from(pedidos);
    expect(saved!.clienteCep).toBe("88220000");
    expect((await printed(saved!.numeroPedido)).cep).toBe("88220-000");

    // The database keeps only 8 digits.
    await expect(
      ctx.database.db.execute(sql`update pedidos set cliente_cep = '8822' where id = ${saved!.id}`),
    ).rejects.toThrow();
  });
});

describe("every print sheet", () => {
  it("carries the shop's name, phone and CNPJ", async () => {
    await updateSettings(ctx.database.db, {
      cnpj: "12.345.678/0001-90",
      whatsappNumero: "47991234567",
    });
    const { pedido } = await order(await bag15kg());
    const sheet = await printed(pedido.numeroPedido);
    expect(sheet.loja).toMatchObject({
      nome: "Agropet Litoral",
      telefone: "(47) 99123-4567",
      cnpj: "12.345.678/0001-90",
    });
    expect((await getSettings()).cnpj).toBe("12.345.678/0001-90");
  });
});

describe("the export", () => {
  it("writes every phone in one format, whatever the customer typed", async () => {
    const item = await bag15kg();
    for (const telefone of ["47999990416", "+55 47 99999-0416", "(47)99999.0416", "4733681234"]) {
      await order(item, { telefone });
    }
    const response = await call(
      exportLoader,
      makeRequest("/admin/loja/pedidos/exportar?formato=csv&linhas=pedidos", { token }),
    );
    const text = Buffer.from(await response.response!.arrayBuffer())
      .subarray(3)
      .toString("utf8");
    const rows = Papa.parse<Record<string, string>>(text, {
      header: true,
      delimiter: ";",
      skipEmptyLines: true,
    }).data;
    expect(rows.map((r) => r.Telefone).sort()).toEqual([
      "(47) 3368-1234",
      "(47) 99999-0416",
      "(47) 99999-0416",
      "(47) 99999-0416",
    ]);
  });
});

describe("the list's search", () => {
  it("finds an order by number, name, phone or pick-up code", async () => {
    const item = await bag15kg();
    const joao = (await order(item, { nome: "João Conceição", telefone: "(47) 99812-3456" }))
      .pedido;
    const ana = (await order(item, { nome: "Ana Paula Souza", telefone: "47 3368-9999" })).pedido;
    await ctx.database.db
      .update(pedidos)
      .set({ codigoRetirada: "4821" })
      .where(eq(pedidos.id, ana.id));
    const numero = joao.numeroPedido;
    const digits = numero.replace(/^PED/, "");

    expect(await listed(`q=${numero}`)).toEqual([numero]);
    expect(await listed(`q=${digits}`)).toEqual([numero]);
    // Read aloud and typed with spaces or dashes.
    const spaced = `${digits.slice(0, 4)} ${digits.slice(4, 8)}-${digits.slice(8)}`;
    expect(await listed(`q=${encodeURIComponent(`ped ${spaced}`)}`)).toEqual([numero]);
    // Names without accents, any case, any word.
    expect(await listed("q=joao+conceicao")).toEqual([numero]);
    expect(await listed("q=SOUZA")).toEqual([ana.numeroPedido]);
    expect(await listed("q=paula+ana")).toEqual([ana.numeroPedido]);
    // Phones however written, the end of one, the country code.
    expect(await listed(`q=${encodeURIComponent("(47) 99812-3456")}`)).toEqual([numero]);
    expect(await listed("q=%2B5547998123456")).toEqual([numero]);
    expect(await listed("q=9999")).toEqual([ana.numeroPedido]);
    // The pick-up code said at the counter.
    expect(await listed("q=4821")).toEqual([ana.numeroPedido]);
    expect(await listed("q=fulano")).toEqual([]);
    // LIKE's wildcards are text, not patterns.
    expect(await listed("q=%25")).toEqual([]);
    // The export takes the same search.
    const response = await call(
      exportLoader,
      makeRequest(`/admin/loja/pedidos/exportar?formato=csv&linhas=pedidos&q=souza`, { token }),
    );
    const csv = Buffer.from(await response.response!.arrayBuffer()).toString("utf8");
    expect(csv).toContain(ana.numeroPedido);
    expect(csv).not.toContain(numero);
  });

  it("uses the orders' search index", async () => {
    await ctx.database.db.execute(sql`set enable_seqscan = off`);
    const forced = await ctx.database.db.execute(
      sql`explain select id from pedidos where (translate(lower(numero_pedido || ' ' || cliente_nome), 'áàâãäéèêëíìîïóòôõöúùûüçñ', 'aaaaaeeeeiiiiooooouuuucn') || ' ' || regexp_replace(cliente_telefone, '[^0-9]', '', 'g')) like '%conceicao%'`,
    );
    await ctx.database.db.execute(sql`reset enable_seqscan`);
    expect(JSON.stringify(forced)).toContain("pedidos_busca_trgm_idx");
  });
});

describe("order numbers a person can read aloud and type", () => {
  it("new orders get 'PED' + 8 digits; both formats are found with or without 'PED', spaces or dashes", async () => {
    const item = await bag15kg();
    const placed = await order(item, { telefone: "(47) 99999-0000" });
    const numero = placed.pedido.numeroPedido;
    expect(numero).toMatch(/^PED[1-9]\d{7}$/);
    const digits = numero.slice(3);
    // The first format (PED + ms + 3 digits) stays valid: an order numbered so is found too.
    const old = await order(item, { telefone: "(47) 99999-0000" });
    const oldNumero = "PED1732800000000123";
    await ctx.database.db
      .update(pedidos)
      .set({ numeroPedido: oldNumero })
      .where(eq(pedidos.id, old.pedido.id));

    const typings: [string, string][] = [
      [digits, numero],
      [`ped ${digits.slice(0, 4)}-${digits.slice(4)}`, numero],
      [`${digits.slice(0, 4)} ${digits.slice(4)}`, numero],
      ["1732 8000 0000 0123", oldNumero],
      ["PED-1732800000000123", oldNumero],
    ];
    for (const [typed, expected] of typings) {
      const found = await call(
        findAction,
        formRequest(
          "/loja/acompanhar",
          { numero: typed, telefone: "47999990000" },
          { ip: `10.9.0.${typings.findIndex(([t]) => t === typed)}` },
        ),
      );
      expect(found.status, typed).toBe(302);
      expect(found.response!.headers.get("location"), typed).toMatch(
        new RegExp(`^/loja/pedido/${expected}\\?token=`),
      );
      expect(await listed(`q=${encodeURIComponent(typed)}`), typed).toEqual([expected]);
    }
  });
});
