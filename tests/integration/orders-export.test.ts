// "Exportar" on the staff's order list: the filtered orders, streamed as CSV or .xlsx, one
// row per order or per line item; read back here and checked against the database's sums.
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import Papa from "papaparse";
import { beforeEach, describe, expect, it } from "vitest";
import { queryRows } from "~/platform/db/client.server";
import { loader as exportLoader } from "~/routes/admin/loja/pedidos-exportar";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { auditEntries } from "../support/factories";
import { call } from "../support/routes";
import { seededShopWithAdmin } from "../support/seeded-shop";

const ctx = withTestDatabase();
let token: string;

beforeEach(async () => {
  ({ token } = await seededShopWithAdmin(ctx.database));
});

/**
 * `n` orders in one statement (two lines each); every third shares its created_at with the
 * next, so the keyset's tie on id is crossed. Totals vary with i.
 */
async function generateOrders(n: number) {
  await ctx.database.db.execute(sql`
    insert into pedidos (numero_pedido, token_hash, cliente_nome, cliente_telefone, modo,
      unidade_id, cliente_endereco, cliente_bairro, subtotal, taxa_entrega, desconto, total,
      cupom_codigo, forma_pagamento, status_pedido, status_pagamento, created_at)
    select 'PED' || lpad(i::text, 14, '0'), md5(i::text), 'Cliente ' || i, '4799999' || lpad((i % 10000)::text, 4, '0'),
      case when i % 5 = 0 then 'retirada' else 'entrega' end,
      (select id from unidades order by posicao limit 1),
      'Rua ' || i, 'Meia Praia',
      (i % 97 + 1) * 3.10, case when i % 5 = 0 then 0 else 5 end, (i % 3), 
      (i % 97 + 1) * 3.10 + case when i % 5 = 0 then 0 else 5 end - (i % 3),
      case when i % 3 = 0 then null else 'BEMVINDO10' end,
      case when i % 2 = 0 then 'pix' else 'dinheiro' end,
      case when i % 4 = 0 then 'entregue' else 'novo' end, 'aguardando',
      timestamptz '2026-11-01 12:00:00Z' + ((i / 3) * interval '1 second') + interval '0.000123 second'
    from generate_series(1, ${n}) as i`);
  await ctx.database.db.execute(sql`
    insert into itens_pedido (pedido_id, sku, produto_nome, variante_rotulo, produto_preco, quantidade, subtotal)
    select p.id, 'SKU-' || k, 'Produto ' || k, case when k = 1 then '15 kg' else '' end,
      p.subtotal / 2, 1, p.subtotal / 2
    from pedidos p cross join generate_series(1, 2) as k`);
}

async function download(query: string) {
  const result = await call(
    exportLoader,
    makeRequest(`/admin/loja/pedidos/exportar?${query}`, { token }),
  );
  expect(result.status).toBe(200);
  return result.response!;
}

async function csvRows(query: string): Promise<Record<string, string>[]> {
  const response = await download(`formato=csv&${query}`);
  expect(response.headers.get("content-type")).toContain("text/csv");
  const bytes = Buffer.from(await response.arrayBuffer());
  // UTF-8 with BOM, as Excel in Brazil opens it.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const parsed = Papa.parse<Record<string, string>>(bytes.subarray(3).toString("utf8"), {
    header: true,
    delimiter: ";",
    skipEmptyLines: true,
  });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

async function xlsxRows(query: string): Promise<Record<string, unknown>[]> {
  const response = await download(`formato=xlsx&${query}`);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(await response.arrayBuffer()) as never);
  const sheet = workbook.getWorksheet("Pedidos")!;
  const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const values = (row.values as unknown[]).slice(1);
    rows.push(Object.fromEntries(header.map((h, i) => [h, values[i] ?? null])));
  });
  return rows;
}

const centavos = (reais: string) => Math.round(Number(reais.replace(",", ".")) * 100);

async function sums(where = sql`true`) {
  const [row] = await queryRows<{ n: number; total: string; itens: string }>(
    ctx.database.db,
    sql`select count(*)::int as n, sum(total)::text as total,
      (select sum(i.subtotal) from itens_pedido i join pedidos p2 on p2.id = i.pedido_id where ${where})::text as itens
      from pedidos where ${where}`,
  );
  return {
    n: Number(row!.n),
    total: Math.round(Number(row!.total) * 100),
    itens: Math.round(Number(row!.itens) * 100),
  };
}

describe("orders export", () => {
  it("round-trips 10,000 orders (CSV per order, .xlsx per item) with the right totals", async () => {
    await generateOrders(10_000);
    const expected = await sums();
    expect(expected.n).toBe(10_000);

    const perOrder = await csvRows("linhas=pedidos");
    expect(perOrder).toHaveLength(10_000);
    expect(new Set(perOrder.map((r) => r.Pedido)).size).toBe(10_000);
    expect(perOrder.reduce((s, r) => s + centavos(r.Total!), 0)).toBe(expected.total);
    expect(perOrder.every((r) => r.Itens === "2")).toBe(true);
    // Newest first; dates as the shop reads them (12:00Z is 09:00 in São Paulo).
    // i = 9999 and 10000 share the newest second (i / 3 = 3333).
    expect(["PED00000000009999", "PED00000000010000"]).toContain(perOrder.at(0)!.Pedido);
    expect(perOrder.find((r) => r.Pedido === "PED00000000000001")).toMatchObject({
      Pedido: "PED00000000000001",
      Data: "01/11/2026 09:00",
      "Entrega ou retirada": "Entrega",
      "Bairro ou unidade": "Meia Praia",
      "Forma de pagamento": "Dinheiro",
      Cupom: "BEMVINDO10",
    });

    const perItem = await xlsxRows("linhas=itens");
    expect(perItem).toHaveLength(20_000);
    const money = (v: unknown) => Math.round(Number(v ?? 0) * 100);
    expect(perItem.reduce((s, r) => s + money(r["Total do item"]), 0)).toBe(expected.itens);
    // The order's money only on its first line: the Total column still sums to the orders'.
    expect(perItem.reduce((s, r) => s + money(r.Total), 0)).toBe(expected.total);
    expect(new Set(perItem.map((r) => r.Pedido)).size).toBe(10_000);
  }, 120_000);

  it("exports only the filtered orders, per order or per line", async () => {
    await generateOrders(200);
    const delivered = await sums(sql`status_pedido = 'entregue'`);
    const rows = await csvRows("linhas=pedidos&status=entregue");
    expect(rows).toHaveLength(delivered.n);
    expect(rows.every((r) => r["Status do pedido"] === "Entregue")).toBe(true);
    expect(rows.reduce((s, r) => s + centavos(r.Total!), 0)).toBe(delivered.total);

    const pickUps = await csvRows("linhas=itens&modo=retirada");
    expect(pickUps).toHaveLength(2 * 40);
    expect(pickUps.every((r) => r["Entrega ou retirada"] === "Retirada")).toBe(true);
    // A pick-up order names its unit, not a neighbourhood.
    expect(pickUps[0]!["Bairro ou unidade"]).not.toBe("Meia Praia");
    expect(pickUps[0]).toMatchObject({ SKU: expect.stringMatching(/^SKU-/) });

    // Each download is in the audit log, with its filters.
    const audited = await auditEntries("pedidos_exportados");
    expect(audited[0]?.details).toMatchObject({
      formato: "csv",
      linhas: "itens",
      filtros: { modo: "retirada" },
    });

    const bad = await call(
      exportLoader,
      makeRequest("/admin/loja/pedidos/exportar?formato=pdf", { token }),
    );
    expect(bad.status).toBe(400);
  });

  it("neutralises formula-leading text in both formats", async () => {
    await generateOrders(3);
    await ctx.database.db.execute(
      sql`update pedidos set cliente_nome = '=HYPERLINK("http://x","y")', cupom_codigo = '@SUM(1)'`,
    );
    await ctx.database.db.execute(sql`update itens_pedido set produto_nome = '+cmd|x'`);
    const csv = await csvRows("linhas=itens");
    expect(csv[0]).toMatchObject({
      Cliente: `'=HYPERLINK("http://x","y")`,
      Cupom: "'@SUM(1)",
      Produto: "'+cmd|x",
    });
    const xlsx = await xlsxRows("linhas=itens");
    expect(xlsx[0]).toMatchObject({
      Cliente: `'=HYPERLINK("http://x","y")`,
      Cupom: "'@SUM(1)",
      Produto: "'+cmd|x",
    });
  });

  it("is for the staff only", async () => {
    const anonymous = await call(exportLoader, makeRequest("/admin/loja/pedidos/exportar"));
    expect(anonymous.status).toBeGreaterThanOrEqual(300);
    expect(anonymous.response?.headers.get("content-type") ?? "").not.toContain("csv");
  });
});
