// The catalogue as a spreadsheet (decision 0029): one row per variant in the import's own
// columns, a stock column per unit (units in hand), so the owner edits it and imports it back.
// CSV through the shared writer (UTF-8 with BOM, semicolons, formulas neutralized, as the
// template) and .xlsx through exceljs with the same cells.

import { sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { centavosToDecimal, decimalToCentavos } from "~/domain/money";
import { neutralizeCell, toCsv } from "~/domain/spreadsheet-cell";
import { db, type Executor, queryRows } from "~/platform/db/client.server";
import { type ProductFileColumns, variantHeader } from "./csv-import.server";
import type { OpcaoProduto } from "./tables.server";

/** The download's name, dated: catalogo-2026-11-22.csv */
export function exportFileName(formato: "csv" | "xlsx", today = new Date()): string {
  return `catalogo-${today.toISOString().slice(0, 10)}.${formato}`;
}

type Cell = string | number | null;

interface ExportRow extends ProductFileColumns {
  sku: string;
  sku_produto: string | null;
  preco_custo: string | null;
  opcoes: OpcaoProduto[];
  opcao1: string | null;
  opcao2: string | null;
  opcao3: string | null;
  preco: string;
  preco_antes: string | null;
  ean: string | null;
  peso_g: number | null;
  ncm: string | null;
  ativo: boolean;
  estoque: Record<string, number> | null;
}

/**
 * The header and the rows: products not deleted, by name, their variants in order; money
 * as reais (numbers), stock per unit as units in hand (em mãos).
 */
async function catalogueTable(executor: Executor): Promise<{ header: string[]; rows: Cell[][] }> {
  const units = await queryRows<{ id: string; slug: string }>(
    executor,
    sql`select id, slug from unidades order by posicao, nome`,
  );
  const rows = await queryRows<ExportRow>(
    executor,
    sql`select v.sku, p.sku as sku_produto, p.nome, p.descricao_curta, c.nome as categoria,
        p.subgrupo, p.marca, p.unidade, v.custo as preco_custo, p.opcoes, v.opcao1, v.opcao2,
        v.opcao3, v.preco, v.preco_antes, v.ean, v.peso_g, v.ncm, v.ativo,
        (select json_object_agg(e.unidade_id, e.em_maos) from estoque e
          where e.variante_id = v.id) as estoque
      from variantes v join produtos p on p.id = v.produto_id
      join categorias c on c.id = p.categoria_id
      where p.excluido_em is null
      order by lower(p.nome), p.id, v.posicao, v.id`,
  );
  const reais = (value: string | null) =>
    value === null ? null : Number(centavosToDecimal(decimalToCentavos(value)));
  return {
    header: variantHeader(units.map((u) => u.slug)),
    rows: rows.map((r) => {
      const options = [r.opcao1, r.opcao2, r.opcao3].flatMap((valor, i) => {
        const nome = r.opcoes[i]?.nome;
        return nome ? [nome, valor] : [null, null];
      });
      const preco = reais(r.preco)!;
      const antes = reais(r.preco_antes);
      return [
        r.sku,
        r.sku_produto,
        r.nome,
        r.descricao_curta,
        r.categoria,
        r.subgrupo,
        r.marca,
        r.unidade,
        reais(r.preco_custo),
        ...options,
        preco,
        // The importer takes an old price only above the price (the form's rule too).
        antes !== null && antes > preco ? antes : null,
        r.ean,
        r.peso_g,
        r.ncm,
        ...units.map((u) => r.estoque?.[u.id] ?? 0),
        r.ativo ? "sim" : "não",
      ];
    }),
  };
}

/** Reais in the Brazilian way for the CSV: 1234,5 → "1234,50"; counts stay whole. */
function csvCell(value: Cell, index: number, moneyColumns: Set<number>): string | null {
  if (value === null) return null;
  if (typeof value === "number" && moneyColumns.has(index)) {
    return value.toFixed(2).replace(".", ",");
  }
  return String(value);
}

const MONEY_COLUMNS = ["preco_custo", "preco", "preco_antigo"];

/** The catalogue as CSV (UTF-8 with BOM, semicolons), one row per variant. */
export async function catalogueCsv(executor: Executor = db()): Promise<string> {
  const { header, rows } = await catalogueTable(executor);
  const money = new Set(MONEY_COLUMNS.map((c) => header.indexOf(c)));
  return toCsv([header, ...rows.map((row) => row.map((cell, i) => csvCell(cell, i, money)))]);
}

/** The catalogue as an .xlsx workbook with the CSV's columns; text cells neutralized. */
export async function catalogueXlsx(executor: Executor = db()): Promise<Uint8Array> {
  const { header, rows } = await catalogueTable(executor);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Catálogo");
  sheet.addRow(header);
  sheet.getRow(1).font = { bold: true };
  const money = new Set(MONEY_COLUMNS.map((c) => header.indexOf(c) + 1));
  for (const row of rows) sheet.addRow(row.map((cell) => neutralizeCell(cell)));
  for (const column of money) sheet.getColumn(column).numFmt = "0.00";
  // SKU, sku_produto and EAN stay text: a code like 0789 keeps its zeros.
  for (const name of ["sku", "sku_produto", "ean"]) {
    sheet.getColumn(header.indexOf(name) + 1).numFmt = "@";
  }
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}
