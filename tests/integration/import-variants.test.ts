// Import and export by variant (decision 0029), through the admin's routes on a real
// database: one row per variant, upsert by SKU, stock per unit with 'importacao' movements,
// "substituir variações", today's columns, and the export imported back changing nothing.
import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { db, queryRows } from "~/platform/db/client.server";
import { action } from "~/routes/admin/importar";
import { loader as exportLoader } from "~/routes/admin/importar-exportar";
import { withTestDatabase } from "../setup/db";
import { makeRequest } from "../setup/requests";
import { withAdmin } from "../support/admin";
import { insertOrder, insertProduct } from "../support/factories";
import { call, multipartRequest } from "../support/routes";

withTestDatabase();
const admin = withAdmin();

const HEADER =
  "sku;sku_produto;nome_produto;categoria;opcao1_nome;opcao1_valor;preco;preco_antigo;estoque_meia-praia;estoque_rua-406;ativo";
const PRODUCTS = [
  ["RAC-GOLD", "Ração Golden Adultos", "Rações"],
  ["RAC-PREM", "Ração Premier Filhotes", "Rações"],
  ["AREIA", "Areia Higiênica Pipicat", "Higiene"],
] as const;
const PESOS = ["1 kg", "3 kg", "15 kg"];

/** 3 products × 3 variants; stock i at meia-praia, 2·i at rua-406 (A-1 has 0 and 0). */
function lines(skip: string[] = []) {
  const out: string[] = [];
  for (const [code, nome, categoria] of PRODUCTS) {
    for (const [i, peso] of PESOS.entries()) {
      const sku = `${code}-${i + 1}`;
      if (skip.includes(sku)) continue;
      const preco = `${20 + i * 10},90`;
      out.push(`${sku};${code};${nome};${categoria};Peso;${peso};${preco};;${i};${i * 2};sim`);
    }
  }
  return out;
}

const csv = (rows: string[]) => Buffer.from([HEADER, ...rows].join("\r\n"));

async function preview(data: Uint8Array, name = "variacoes.csv", substituir = false) {
  const result = await call(
    action,
    multipartRequest(
      "/admin/importar",
      { intent: "preview", ...(substituir ? { substituir: "1" } : {}) },
      { arquivo: { name, type: "text/csv", data } },
      admin.token,
    ),
  );
  expect(result.data.ok, result.data.message).toBe(true);
  return result.data.preview;
}

async function confirm(p: { token: string; fileName: string; substituir: boolean }) {
  const form = new FormData();
  form.append("intent", "import");
  form.append("token", p.token);
  form.append("fileName", p.fileName);
  if (p.substituir) form.append("substituir", "1");
  const result = await call(
    action,
    makeRequest("/admin/importar", { method: "POST", body: form, token: admin.token }),
  );
  return result.data;
}

async function previewAndImport(data: Uint8Array, name?: string, substituir = false) {
  const p = await preview(data, name, substituir);
  return { preview: p, result: await confirm(p) };
}

async function one<T>(query: ReturnType<typeof sql>): Promise<T> {
  const [row] = await queryRows<T>(db(), query);
  return row!;
}

const ledgerCount = () =>
  one<{ n: number }>(
    sql`select count(*)::int as n from movimentos_estoque where tipo = 'importacao'`,
  ).then((r) => r.n);

const stockOf = (sku: string, slug: string) =>
  one<{ em_maos: number; reservado: number } | undefined>(
    sql`select e.em_maos, e.reservado from estoque e join variantes v on v.id = e.variante_id
      join unidades u on u.id = e.unidade_id where v.sku = ${sku} and u.slug = ${slug}`,
  );

const variant = (sku: string) =>
  one<{ id: string; produto_id: string; preco: string; ativo: boolean; rotulo: string }>(
    sql`select id, produto_id, preco, ativo, rotulo from variantes where sku = ${sku}`,
  );

async function exportFile(formato: "csv" | "xlsx") {
  const answer = await call(
    exportLoader,
    makeRequest(`/admin/importar/exportar?formato=${formato}`, { token: admin.token }),
  );
  expect(answer.response!.status).toBe(200);
  return new Uint8Array(await answer.response!.arrayBuffer());
}

describe("import by variant", () => {
  it("imports 3 products × 3 variants with stock per unit and its ledger", async () => {
    const { preview: p, result } = await previewAndImport(csv(lines()));
    expect(p.summary).toBe("3 produtos, 9 variações: 0 atualizadas, 9 novas, 0 removidas");
    expect(p.rows.map((r: { outcome: string }) => r.outcome)).toEqual(Array(9).fill("nova"));
    expect(result).toMatchObject({
      ok: true,
      message:
        "3 produtos importados com sucesso! 3 produtos, 9 variações: 0 atualizadas, 9 novas, 0 removidas",
    });

    const products = await queryRows<{ sku: string; opcoes: unknown; n: number }>(
      db(),
      sql`select p.sku, p.opcoes, count(v.id)::int as n from produtos p
        join variantes v on v.produto_id = p.id group by p.id order by p.sku`,
    );
    expect(products).toEqual([
      { sku: "AREIA", opcoes: [{ nome: "Peso", valores: PESOS }], n: 3 },
      { sku: "RAC-GOLD", opcoes: [{ nome: "Peso", valores: PESOS }], n: 3 },
      { sku: "RAC-PREM", opcoes: [{ nome: "Peso", valores: PESOS }], n: 3 },
    ]);
    expect(await variant("RAC-GOLD-3")).toMatchObject({ preco: "40.90", rotulo: "15 kg" });
    expect(await stockOf("RAC-GOLD-3", "meia-praia")).toEqual({ em_maos: 2, reservado: 0 });
    expect(await stockOf("RAC-GOLD-3", "rua-406")).toEqual({ em_maos: 4, reservado: 0 });

    // One movement per unit that received something: 2 variants × 2 units per product.
    const moves = await queryRows<{
      delta_em_maos: number;
      em_maos_depois: number;
      usuario_email: string;
    }>(
      db(),
      sql`select m.delta_em_maos, m.em_maos_depois, m.usuario_email from movimentos_estoque m
        join variantes v on v.id = m.variante_id join unidades u on u.id = m.unidade_id
        where m.tipo = 'importacao' and v.sku = 'AREIA-3' order by u.slug`,
    );
    expect(moves).toEqual([
      { delta_em_maos: 2, em_maos_depois: 2, usuario_email: admin.email },
      { delta_em_maos: 4, em_maos_depois: 4, usuario_email: admin.email },
    ]);
    expect(await ledgerCount()).toBe(12);
  });

  it("importing the same file again changes nothing", async () => {
    const before = await ledgerCount();
    const stamps = await queryRows<{ updated_at: Date }>(
      db(),
      sql`select updated_at from variantes order by sku`,
    );
    const { preview: p, result } = await previewAndImport(csv(lines()));
    expect(p.summary).toBe(
      "3 produtos, 9 variações: 0 atualizadas, 0 novas, 0 removidas, 9 sem mudança",
    );
    expect(result.result).toMatchObject({ novas: 0, atualizadas: 0, semMudanca: 9, removidas: 0 });
    expect(await ledgerCount()).toBe(before);
    expect(
      await queryRows<{ updated_at: Date }>(
        db(),
        sql`select updated_at from variantes order by sku`,
      ),
    ).toEqual(stamps);
  });

  it("writes only the difference of stock; below what orders reserved is an error", async () => {
    const changed = lines().map((l) =>
      l.startsWith("RAC-GOLD-2;") ? l.replace(";1;2;sim", ";5;2;sim") : l,
    );
    const before = await ledgerCount();
    const { preview: p } = await previewAndImport(csv(changed));
    expect(p.summary).toBe(
      "3 produtos, 9 variações: 1 atualizada, 0 novas, 0 removidas, 8 sem mudança",
    );
    expect(await ledgerCount()).toBe(before + 1);
    const [move] = await queryRows<{ delta_em_maos: number; em_maos_depois: number }>(
      db(),
      sql`select delta_em_maos, em_maos_depois from movimentos_estoque m
        join variantes v on v.id = m.variante_id where v.sku = 'RAC-GOLD-2'
        order by m.created_at desc limit 1`,
    );
    expect(move).toEqual({ delta_em_maos: 4, em_maos_depois: 5 });

    // Orders hold 3 of them at meia-praia: setting 2 is refused for that row only.
    await db().execute(sql`update estoque e set reservado = 3 from variantes v, unidades u
      where v.id = e.variante_id and u.id = e.unidade_id and v.sku = 'RAC-GOLD-2'
        and u.slug = 'meia-praia'`);
    const below = changed.map((l) =>
      l.startsWith("RAC-GOLD-2;") ? l.replace(";5;2;sim", ";2;2;sim") : l,
    );
    const q = await preview(csv(below));
    expect(q.errors).toEqual([
      "Linha 3 (Ração Golden Adultos): estoque 2 em meia-praia fica abaixo do reservado por pedidos (3)",
    ]);
    await db().execute(sql`update estoque set reservado = 0 where reservado = 3`);
    // Back to the file of the first test, for the ones below.
    await previewAndImport(csv(lines()));
  });

  it("keeps a variant missing from the file unless 'substituir variações' is ticked", async () => {
    const without = csv(lines(["RAC-GOLD-3", "RAC-PREM-3"]));
    const kept = await previewAndImport(without);
    expect(kept.preview.summary).toBe(
      "3 produtos, 7 variações: 0 atualizadas, 0 novas, 0 removidas, 7 sem mudança",
    );
    expect(await variant("RAC-GOLD-3")).toMatchObject({ ativo: true });

    // RAC-PREM-3 was sold: kept for its order, deactivated; RAC-GOLD-3 never was: deleted.
    const prem3 = await variant("RAC-PREM-3");
    const other = await insertProduct({ nome: "Produto do pedido", sku: "OUTRO" });
    const order = await insertOrder(
      [{ produtoId: other.id, nome: "Ração Premier", preco: 4090, quantidade: 1 }],
      { estoqueSituacao: "baixado" },
    );
    await db().execute(
      sql`update itens_pedido set variante_id = ${prem3.id} where pedido_id = ${order.id}`,
    );
    const replaced = await previewAndImport(without, "variacoes.csv", true);
    expect(replaced.preview.summary).toBe(
      "3 produtos, 7 variações: 2 atualizadas, 0 novas, 2 removidas, 5 sem mudança",
    );
    expect(replaced.result.result).toMatchObject({ removidas: 2 });
    const gone = await queryRows(db(), sql`select 1 from variantes where sku = 'RAC-GOLD-3'`);
    expect(gone).toEqual([]);
    expect(await variant("RAC-PREM-3")).toMatchObject({ ativo: false });
    const gold = await one<{ opcoes: unknown }>(
      sql`select opcoes from produtos where sku = 'RAC-GOLD'`,
    );
    expect(gold.opcoes).toEqual([{ nome: "Peso", valores: ["1 kg", "3 kg"] }]);
  });

  it("reports a SKU under another product's sku_produto, and options that do not fit", async () => {
    const p = await preview(
      csv([
        "RAC-GOLD-1;RAC-PREM;Ração Premier Filhotes;Rações;Peso;1 kg;20,90;;0;0;sim",
        "RAC-GOLD-9;RAC-GOLD;Ração Golden Adultos;Rações;Cor;Azul;20,90;;0;0;sim",
        "RAC-GOLD-1;;Ração Golden Adultos;Rações;Peso;1 kg;20,90;;0;0;sim",
      ]),
    );
    expect(p.errors).toEqual([
      "Linha 2 (Ração Premier Filhotes): SKU RAC-GOLD-1 é do produto RAC-GOLD, não de RAC-PREM",
      'Linha 3 (Ração Golden Adultos): opções não conferem com o produto: esperado "Peso", recebido "Cor"',
      "Linha 4 (Ração Golden Adultos): SKU RAC-GOLD-1 repetido (já está na linha 2)",
    ]);
    expect(p.valid).toBe(0);
  });

  it("today's files still import as one-variant products, and update by SKU", async () => {
    const OLD =
      "Nome do Produto;Descrição;Categoria;Subgrupo;Marca;Preço de Custo;Preço de Venda;Preço Promocional;Estoque;SKU;Unidade";
    const first = await previewAndImport(
      Buffer.from(`${OLD}\r\nBifinho Keldog 65 g;;Petiscos;;Keldog;;7,90;;40;PET-KELD;UN\r\n`),
      "antigo.csv",
    );
    expect(first.preview.summary).toBe("1 produto, 1 variação: 0 atualizadas, 1 nova, 0 removidas");
    const bifinho = await variant("PET-KELD");
    expect(bifinho.id).toBe(bifinho.produto_id);
    expect(await stockOf("PET-KELD", "meia-praia")).toEqual({ em_maos: 40, reservado: 0 });

    const again = await previewAndImport(
      Buffer.from(`${OLD}\r\nBifinho Keldog 65 g;;Petiscos;;Keldog;;8,50;7,90;35;PET-KELD;UN\r\n`),
      "antigo.csv",
    );
    expect(again.preview.summary).toBe("1 produto, 1 variação: 1 atualizada, 0 novas, 0 removidas");
    expect(await variant("PET-KELD")).toMatchObject({ preco: "7.90" });
    expect(await stockOf("PET-KELD", "meia-praia")).toEqual({ em_maos: 35, reservado: 0 });
  });

  it("the export, imported back (CSV and XLSX), changes nothing", async () => {
    const before = await ledgerCount();
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await exportFile("csv"));
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const [header, ...rows] = text.trim().split("\r\n");
    expect(header).toBe(
      "sku;sku_produto;nome_produto;descricao;categoria;subgrupo;marca;unidade;preco_custo;opcao1_nome;opcao1_valor;opcao2_nome;opcao2_valor;opcao3_nome;opcao3_valor;preco;preco_antigo;ean;peso_g;ncm;estoque_meia-praia;estoque_rua-406;ativo",
    );
    // 9 imported − 1 deleted + 1 of today's columns + the one the order test made.
    expect(rows).toHaveLength(10);
    expect(rows).toContain(
      "RAC-GOLD-2;RAC-GOLD;Ração Golden Adultos;;Rações;;;UN;;Peso;3 kg;;;;;30,90;;;;;1;2;sim",
    );

    const fromCsv = await previewAndImport(Buffer.from(text), "catalogo.csv");
    expect(fromCsv.preview.invalid).toBe(0);
    expect(fromCsv.preview.summary).toBe(
      "5 produtos, 10 variações: 0 atualizadas, 0 novas, 0 removidas, 10 sem mudança",
    );

    const xlsx = await exportFile("xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(Buffer.from(xlsx) as unknown as ArrayBuffer);
    expect(workbook.worksheets[0]!.rowCount).toBe(11);
    const fromXlsx = await previewAndImport(xlsx, "catalogo.xlsx");
    expect(fromXlsx.preview.summary).toBe(
      "5 produtos, 10 variações: 0 atualizadas, 0 novas, 0 removidas, 10 sem mudança",
    );
    expect(await ledgerCount()).toBe(before);
  });

  it("takes each pack size's cost and NCM, exports them back, and never publishes half a new product (issue 44)", async () => {
    const header =
      "sku;sku_produto;nome_produto;categoria;opcao1_nome;opcao1_valor;preco;preco_custo;ncm";
    const costs = Buffer.from(
      [
        header,
        "GUAB-1;GUAB;Ração Guabi Natural;Rações;Peso;1 kg;39,90;24,10;2309.10.00",
        "GUAB-15;GUAB;Ração Guabi Natural;Rações;Peso;15 kg;329,90;228,50;23091000",
      ].join("\r\n"),
    );
    const done = await previewAndImport(costs, "custos.csv");
    expect(done.preview.invalid).toBe(0);
    const read = (sku: string) =>
      one<{ custo: string; ncm: string }>(sql`select custo, ncm from variantes where sku = ${sku}`);
    expect(await read("GUAB-1")).toEqual({ custo: "24.10", ncm: "23091000" });
    expect(await read("GUAB-15")).toEqual({ custo: "228.50", ncm: "23091000" });
    const text = new TextDecoder().decode(await exportFile("csv"));
    expect(text).toContain(
      ";GUAB;Ração Guabi Natural;;Rações;;;UN;228,50;Peso;15 kg;;;;;329,90;;;;23091000;",
    );

    // A new product with one bad row: nothing of it goes live, the good row says why.
    const products = () => one<{ n: number }>(sql`select count(*)::int as n from produtos`);
    const before = await products();
    const half = await preview(
      Buffer.from(
        [
          header,
          "PED-1;PED;Ração Pedigree Adulto;Rações;Peso;1 kg;19,90;12,00;23091000",
          "PED-15;PED;Ração Pedigree Adulto;Rações;Peso;15 kg;abc;150,00;23091000",
        ].join("\r\n"),
      ),
      "metade.csv",
    );
    expect(half.rows.map((r: { line: number; error?: string }) => [r.line, r.error])).toEqual([
      [
        2,
        "produto novo com erro na linha 3: nenhuma variação dele foi importada (corrija a linha e importe de novo)",
      ],
      [3, 'Preço de venda inválido: "abc"'],
    ]);
    await confirm(half);
    expect(await products()).toEqual(before);
    expect(await queryRows(db(), sql`select 1 from variantes where sku = 'PED-1'`)).toEqual([]);
  });

  it("serves the export to admins only, in csv or xlsx", async () => {
    const anonymous = await call(exportLoader, makeRequest("/admin/importar/exportar?formato=csv"));
    expect(anonymous.status).toBe(302);
    const wrong = await call(
      exportLoader,
      makeRequest("/admin/importar/exportar?formato=pdf", { token: admin.token }),
    );
    expect(wrong.response!.status).toBe(400);
    const xlsx = await call(
      exportLoader,
      makeRequest("/admin/importar/exportar?formato=xlsx", { token: admin.token }),
    );
    expect(xlsx.response!.headers.get("content-disposition")).toMatch(
      /^attachment; filename="catalogo-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
  });
});
