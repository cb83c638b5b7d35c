// Reading a product spreadsheet (CSV or .xlsx) and mapping its rows to products
// (SPEC §3 import columns, §5.7 rules). No I/O: bytes in, rows and errors out.
import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import Papa from "papaparse";
import { IMPORT_COLUMNS } from "./import-columns";
import { parseBRL } from "./money";
import { normalizeSearch } from "./search";

export { IMPORT_COLUMNS } from "./import-columns";

export type ImportField = (typeof IMPORT_COLUMNS)[number]["field"];
export type HeaderMap = Partial<Record<ImportField, number>>;

export interface ImportProduct {
  nome: string;
  descricaoCurta: string | null;
  categoria: string;
  subgrupo: string | null;
  marca: string | null;
  precoCusto: number | null;
  precoAtual: number;
  precoAntes: number | null;
  estoque: number;
  sku: string | null;
  unidade: string;
}

export type MappedRow =
  | { line: number; ok: true; product: ImportProduct }
  | { line: number; ok: false; nome: string; error: string };

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Text of a CSV file: UTF-8 (BOM dropped) when valid, otherwise Windows-1252 (Excel's default). */
export function decodeText(bytes: Uint8Array): string {
  let data = bytes;
  if (UTF8_BOM.every((b, i) => data[i] === b)) data = data.subarray(3);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return iconv.decode(Buffer.from(data), "win1252");
  }
}

/** The separator of a CSV, judged on its header line (decimal commas live in data rows). */
export function detectDelimiter(text: string): "," | ";" | "\t" {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const outside = firstLine.replace(/"[^"]*"/g, "");
  const count = (c: string) => outside.split(c).length - 1;
  const semis = count(";");
  const commas = count(",");
  const tabs = count("\t");
  if (tabs > semis && tabs > commas) return "\t";
  return semis > commas ? ";" : ",";
}

/** Rows of a CSV text, parsed by a real CSV parser (quotes, escaped quotes, line breaks). */
export function parseCsvText(text: string): string[][] {
  const clean = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const result = Papa.parse<string[]>(clean, {
    delimiter: detectDelimiter(clean),
    skipEmptyLines: "greedy",
  });
  return result.data;
}

export function isXlsx(bytes: Uint8Array, fileName = ""): boolean {
  // .xlsx files are zip archives: they start with "PK\x03\x04".
  const zip = bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;
  return zip || /\.xlsx$/i.test(fileName);
}

/** A number from a spreadsheet cell written the Brazilian way, so one parser reads both formats. */
function numberText(value: number): string {
  if (Number.isInteger(value)) return String(value);
  return value.toFixed(2).replace(".", ",");
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return numberText(value);
  if (typeof value === "string") return value;
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === "object") {
    if ("richText" in value) return value.richText.map((r) => r.text).join("");
    if ("result" in value) return cellText(value.result as ExcelJS.CellValue);
    if ("text" in value) return String(value.text);
    if ("error" in value) return "";
  }
  return String(value);
}

/** Rows of the first worksheet of an .xlsx file, as text. */
export async function parseXlsx(bytes: Uint8Array): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  // Every row as wide as the sheet: trailing empty cells are still columns.
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    const count = Math.max(width, row.cellCount);
    for (let i = 1; i <= count; i++) cells.push(cellText(row.getCell(i).value).trim());
    if (cells.some((c) => c !== "")) rows.push(cells);
  });
  return rows;
}

/** The rows of an uploaded file, CSV or .xlsx. Throws when the file cannot be read. */
export async function readSpreadsheet(bytes: Uint8Array, fileName = ""): Promise<string[][]> {
  if (isXlsx(bytes, fileName)) return parseXlsx(bytes);
  return parseCsvText(decodeText(bytes));
}

const normalizeHeader = (text: string) =>
  normalizeSearch(text)
    .replace(/[^a-z0-9 ]/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Which column holds which field, when `row` is a header (it names the product column
 * and the sale price); null when it is not a header.
 */
export function detectHeader(row: string[]): HeaderMap | null {
  const map: HeaderMap = {};
  row.forEach((cell, index) => {
    const name = normalizeHeader(cell);
    if (!name) return;
    const column = IMPORT_COLUMNS.find(
      (c) => normalizeHeader(c.label) === name || (c.aliases as readonly string[]).includes(name),
    );
    if (column && map[column.field] === undefined) map[column.field] = index;
  });
  return map.nome !== undefined && map.precoVenda !== undefined ? map : null;
}

/** The template's column order, used when a file has no header line. */
export const DEFAULT_HEADER: HeaderMap = Object.fromEntries(
  IMPORT_COLUMNS.map((c, i) => [c.field, i]),
) as HeaderMap;

function parseMoneyCell(text: string): number | null | "invalid" {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = parseBRL(trimmed);
  return value === null ? "invalid" : value;
}

function parseStock(text: string): number | "invalid" | "negative" {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  const centavos = parseBRL(trimmed);
  if (centavos === null) return "invalid";
  if (centavos < 0) return "negative";
  if (centavos % 100 !== 0) return "invalid";
  return centavos / 100;
}

const optional = (text: string | undefined) => {
  const trimmed = (text ?? "").trim();
  return trimmed === "" ? null : trimmed;
};

/** Maps one data row to a product, or to the reason it cannot be imported. */
export function mapRow(
  cells: string[],
  header: HeaderMap,
  line: number,
  columnCount: number,
): MappedRow {
  const get = (field: ImportField) => {
    const index = header[field];
    return index === undefined ? "" : (cells[index] ?? "").trim();
  };
  const nome = get("nome").replace(/\s+/g, " ");
  const fail = (error: string): MappedRow => ({ line, ok: false, nome, error });
  if (cells.length < columnCount) return fail("faltam colunas em relação ao cabeçalho");
  if (!nome) return fail("Nome do produto é obrigatório");
  if (nome.length > 200) return fail("Nome do produto deve ter no máximo 200 caracteres");
  const categoria = get("categoria").replace(/\s+/g, " ");
  if (!categoria) return fail("Categoria é obrigatória");

  const venda = parseMoneyCell(get("precoVenda"));
  if (venda === "invalid") return fail(`Preço de venda inválido: "${get("precoVenda")}"`);
  if (venda === null || venda <= 0) return fail("Preço de venda deve ser maior que zero");
  const promo = parseMoneyCell(get("precoPromocional"));
  if (promo === "invalid") return fail(`Preço promocional inválido: "${get("precoPromocional")}"`);
  const custo = parseMoneyCell(get("precoCusto"));
  if (custo === "invalid") return fail(`Preço de custo inválido: "${get("precoCusto")}"`);
  if (custo !== null && custo < 0) return fail("Preço de custo não pode ser negativo");

  const estoque = parseStock(get("estoque"));
  if (estoque === "invalid") return fail(`Estoque inválido: "${get("estoque")}"`);
  if (estoque === "negative") return fail("Estoque deve ser positivo");

  const onSale = promo !== null && promo > 0 && promo < venda;
  const unidade = (get("unidade") || "UN").toUpperCase().slice(0, 10);
  return {
    line,
    ok: true,
    product: {
      nome,
      descricaoCurta: optional(get("descricao")),
      categoria,
      subgrupo: optional(get("subgrupo")),
      marca: optional(get("marca")),
      precoCusto: custo,
      precoAtual: onSale ? promo : venda,
      precoAntes: onSale ? venda : null,
      estoque,
      sku: optional(get("sku")),
      unidade,
    },
  };
}

/**
 * Maps every data row of a sheet. The first row is the header when it names the columns;
 * otherwise the template's order is assumed and every row is data. Line numbers count
 * the header as line 1, as a spreadsheet shows them.
 */
export function mapRows(rows: string[][]): MappedRow[] {
  if (rows.length === 0) return [];
  const detected = detectHeader(rows[0]!);
  const header = detected ?? DEFAULT_HEADER;
  const data = detected ? rows.slice(1) : rows;
  const offset = detected ? 2 : 1;
  const columnCount = detected
    ? Math.max(...Object.values(detected).map((i) => (i ?? 0) + 1))
    : (header.nome ?? 0) + 1;
  return data.map((cells, i) => mapRow(cells, header, i + offset, columnCount));
}

/** The result lines of SPEC §8: at most 10 errors, then '... e mais N erros'. */
export function summarizeErrors(errors: string[], limit = 10): string[] {
  if (errors.length <= limit) return errors;
  return [...errors.slice(0, limit), `... e mais ${errors.length - limit} erros`];
}

/** The downloadable template (semicolon-separated, as Excel in Brazil expects). */
export function templateCsv(): string {
  const header = IMPORT_COLUMNS.map((c) => c.label).join(";");
  const example = [
    "Ração Exemplo Cães Adultos 15 kg",
    "Alimento completo para cães adultos",
    "Rações",
    "Cães",
    "Marca Exemplo",
    "120,00",
    "189,90",
    "169,90",
    "10",
    "RAC-EXEMPLO-15",
    "UN",
  ].join(";");
  return `\uFEFF${header}\r\n${example}\r\n`;
}
