// Reading a product spreadsheet (CSV or .xlsx) and mapping its rows to products
// (SPEC §3 import columns, §5.7 rules). No I/O: bytes in, rows and errors out.
import ExcelJS from "exceljs";
import iconv from "iconv-lite";
import Papa from "papaparse";
import { parseBRL } from "~/domain/money";
import { restoreNeutralizedCell, toCsv } from "~/domain/spreadsheet-cell";
import {
  IMPORT_COLUMNS,
  type ImportField,
  type ImportProduct,
  normalizeHeader,
  stockColumnKey,
  stockColumnLabel,
  VARIANT_COLUMNS,
} from "./import-columns";

export type { ImportProduct };
export type HeaderMap = Partial<Record<ImportField, number>>;

export type MappedRow =
  | { line: number; ok: true; product: ImportProduct }
  | {
      line: number;
      ok: false;
      nome: string;
      error: string;
      /** The product code the row names (sku_produto, else its SKU), when readable. */
      produto?: string;
    };

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Most rows a file may bring (the header aside): well above any real stock list. */
/** A product's columns of the catalogue file as read from the database (export, import). */
export interface ProductFileColumns {
  nome: string;
  descricao_curta: string | null;
  categoria: string;
  subgrupo: string | null;
  marca: string | null;
  unidade: string;
}

export const MAX_IMPORT_ROWS = 20_000;
/** Most columns read from an .xlsx row: the template has 11, stock-system exports a few dozen. */
const MAX_IMPORT_COLUMNS = 100;

/** A file refused for a reason the admin can act on; the message is shown as it is. */
export class ImportFileError extends Error {}

export const TOO_MANY_ROWS = `O arquivo tem mais de ${MAX_IMPORT_ROWS.toLocaleString("pt-BR")} linhas. Divida-o em arquivos menores.`;

/**
 * The UTF-16 byte order of a file without a BOM, judged by where the zero bytes fall in its
 * first characters (text from Excel's "Unicode text" is mostly ASCII: one zero byte per pair).
 */
function utf16WithoutBom(bytes: Uint8Array): "utf16le" | "utf16be" | null {
  const sample = bytes.subarray(0, Math.min(bytes.length, 512) & ~1);
  if (sample.length < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < sample.length; i += 2) {
    if (sample[i] === 0) evenZeros++;
    if (sample[i + 1] === 0) oddZeros++;
  }
  const pairs = sample.length / 2;
  if (oddZeros > pairs * 0.6 && evenZeros === 0) return "utf16le";
  if (evenZeros > pairs * 0.6 && oddZeros === 0) return "utf16be";
  return null;
}

/**
 * Text of a CSV file: UTF-16 when it carries a UTF-16 BOM or looks like it (Excel's "Unicode
 * text"), UTF-8 (BOM dropped) when valid, otherwise Windows-1252 (Excel's default).
 */
export function decodeText(bytes: Uint8Array): string {
  const text = decodeBytes(bytes);
  // A NUL is never part of a product sheet: it means an encoding this reader does not know.
  if (text.includes("\u0000")) {
    throw new ImportFileError(
      "Não foi possível ler o arquivo: codificação desconhecida. Salve a planilha como CSV (UTF-8) ou Excel (.xlsx).",
    );
  }
  return text;
}

function decodeBytes(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return iconv.decode(Buffer.from(bytes.subarray(2)), "utf16le");
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return iconv.decode(Buffer.from(bytes.subarray(2)), "utf16be");
  }
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return iconv.decode(Buffer.from(bytes), utf16);
  const data = UTF8_BOM.every((b, i) => bytes[i] === b) ? bytes.subarray(3) : bytes;
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(data);
  } catch {
    return iconv.decode(Buffer.from(data), "win1252");
  }
}

/** The separator of a CSV, judged on its header line (decimal commas live in data rows). */
function detectDelimiter(text: string): "," | ";" | "\t" {
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
    // One row past the cap (plus the header) is enough to know the file is too long.
    preview: MAX_IMPORT_ROWS + 2,
  });
  if (result.data.length > MAX_IMPORT_ROWS + 1) throw new ImportFileError(TOO_MANY_ROWS);
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

/** Parts of an .xlsx the importer never reads: skipped, not built in memory. */
const IGNORED_XLSX_NODES = [
  "cols",
  "mergeCells",
  "hyperlinks",
  "conditionalFormatting",
  "dataValidations",
  "drawing",
  "picture",
  "tableParts",
  "extLst",
];

/** Rows read from a file, and the rows (by index) holding data right of the header's last column. */
export interface Sheet {
  rows: string[][];
  /** Row index → the first column, as Excel names it (e.g. "XFD"), holding such data. */
  strayColumns: Map<number, string>;
}

export const TOO_MANY_COLUMNS = `A primeira linha da planilha vai além de ${MAX_IMPORT_COLUMNS} colunas. Apague as colunas que não fazem parte da importação.`;

/**
 * The first worksheet of an .xlsx file, as text. Every row is as wide as the first one (the
 * header, at most MAX_IMPORT_COLUMNS wide): a stray cell far to the right (column XFD)
 * neither widens the other rows nor costs memory, and its row is reported. The zip itself is
 * checked beforehand by the import worker (see app/modules/catalog/import-zip.server.ts).
 */
async function parseXlsx(bytes: Uint8Array): Promise<Sheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(
    Buffer.from(bytes) as unknown as ArrayBuffer,
    {
      ignoreNodes: IGNORED_XLSX_NODES,
    } as unknown as Parameters<typeof workbook.xlsx.load>[1],
  );
  const sheet = workbook.worksheets[0];
  const rows: string[][] = [];
  const strayColumns = new Map<number, string>();
  if (!sheet) return { rows, strayColumns };
  let width = 0;
  // The first filled cell right of `width` (cells are kept sparse: no cost for the gap).
  const strayCell = (row: ExcelJS.Row) => {
    let found: string | undefined;
    row.eachCell({ includeEmpty: false }, (cell, column) => {
      if (found === undefined && column > width && cellText(cell.value).trim() !== "") {
        found = cell.address.replace(/\d+$/, "");
      }
    });
    return found;
  };
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (rows.length === 0) {
      width = MAX_IMPORT_COLUMNS;
      if (strayCell(row) !== undefined) throw new ImportFileError(TOO_MANY_COLUMNS);
      // The header's width: up to its last filled cell.
      const header = textOf(row, Math.min(row.cellCount, MAX_IMPORT_COLUMNS));
      while (header.length > 0 && header[header.length - 1] === "") header.pop();
      width = header.length;
      if (width > 0) rows.push(header);
      return;
    }
    const cells = textOf(row, width);
    const stray = strayCell(row);
    if (stray === undefined && !cells.some((c) => c !== "")) return;
    if (rows.length > MAX_IMPORT_ROWS) throw new ImportFileError(TOO_MANY_ROWS);
    if (stray !== undefined) strayColumns.set(rows.length, stray);
    rows.push(cells);
  });
  return { rows, strayColumns };
}

function textOf(row: ExcelJS.Row, count: number): string[] {
  const cells: string[] = [];
  for (let i = 1; i <= count; i++) cells.push(cellText(row.getCell(i).value).trim());
  return cells;
}

/** The rows of an uploaded file, CSV or .xlsx. Throws when the file cannot be read. */
export async function readSpreadsheet(bytes: Uint8Array, fileName = ""): Promise<Sheet> {
  if (isXlsx(bytes, fileName)) return parseXlsx(bytes);
  return { rows: parseCsvText(decodeText(bytes)), strayColumns: new Map() };
}

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
      (c) =>
        normalizeHeader(c.label) === name ||
        (c.aliases as readonly string[]).some((a) => normalizeHeader(a) === name),
    );
    if (column && map[column.field] === undefined) map[column.field] = index;
  });
  return map.nome !== undefined && map.precoVenda !== undefined ? map : null;
}

/** The `estoque_<unidade>` columns of a header: key (see `stockColumnKey`) → column index. */
function detectStockColumns(row: string[]): Map<string, number> {
  const columns = new Map<string, number>();
  row.forEach((cell, index) => {
    const key = stockColumnKey(cell);
    if (key && !columns.has(key)) columns.set(key, index);
  });
  return columns;
}

/** Today's template order (11 columns), assumed when a file has no header line. */
const DEFAULT_HEADER: HeaderMap = {
  nome: 0,
  descricao: 1,
  categoria: 2,
  subgrupo: 3,
  marca: 4,
  precoCusto: 5,
  precoVenda: 6,
  precoPromocional: 7,
  estoque: 8,
  sku: 9,
  unidade: 10,
};

function parseMoneyCell(text: string): number | null | "invalid" {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = parseBRL(trimmed);
  return value === null ? "invalid" : value;
}

/** A whole number of units; null for an empty cell. */
function parseCount(text: string): number | null | "invalid" | "negative" {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const centavos = parseBRL(trimmed);
  if (centavos === null) return "invalid";
  if (centavos < 0) return "negative";
  if (centavos % 100 !== 0) return "invalid";
  return centavos / 100;
}

const TRUE_WORDS = new Set(["sim", "s", "1", "true", "verdadeiro", "x", "ativo", "ativa"]);
const FALSE_WORDS = new Set(["nao", "n", "0", "false", "falso", "inativo", "inativa"]);

function parseYesNo(text: string): boolean | null | "invalid" {
  const word = normalizeHeader(text);
  if (word === "") return null;
  if (TRUE_WORDS.has(word)) return true;
  if (FALSE_WORDS.has(word)) return false;
  return "invalid";
}

const optional = (text: string | undefined) => {
  const trimmed = (text ?? "").trim();
  return trimmed === "" ? null : trimmed;
};

const PRICE_FIELDS = ["precoVenda", "precoPromocional", "precoAntigo", "precoCusto"] as const;

/**
 * Why a row has more or fewer cells than the header. Cells are never matched by guesswork:
 * a shifted row would import the wrong price or SKU. The usual cause in Brazil is a price
 * written 29,90 in a comma-separated file, which splits it into "29" and "90".
 */
function widthMismatch(cells: string[], header: HeaderMap, columnCount: number): string {
  const counts = `a linha tem ${cells.length} colunas e o cabeçalho ${columnCount}`;
  if (cells.length < columnCount) return `faltam colunas (${counts})`;
  for (const field of PRICE_FIELDS) {
    const index = header[field];
    if (index === undefined) continue;
    const whole = (cells[index] ?? "").trim();
    const cents = (cells[index + 1] ?? "").trim();
    if (/^\d{1,3}(\.\d{3})*$|^\d+$/.test(whole) && /^\d{1,2}$/.test(cents)) {
      return `colunas a mais (${counts}): preço com vírgula sem aspas? Escreva "${whole},${cents}" entre aspas ou separe as colunas por ponto e vírgula`;
    }
  }
  return `colunas a mais (${counts}): vírgula ou ponto e vírgula sem aspas no texto?`;
}

const OPTION_FIELDS = [
  ["opcao1Nome", "opcao1Valor"],
  ["opcao2Nome", "opcao2Valor"],
  ["opcao3Nome", "opcao3Valor"],
] as const;

interface Layout {
  header: HeaderMap;
  stock: Map<string, number>;
  columnCount: number;
}

/** Maps one data row to a variant and its product, or to the reason it cannot be imported. */
function mapRow(cells: string[], layout: Layout, line: number): MappedRow {
  const { header, columnCount } = layout;
  const has = (field: ImportField) => header[field] !== undefined;
  const cell = (index: number) => restoreNeutralizedCell((cells[index] ?? "").trim());
  const get = (field: ImportField) => {
    const index = header[field];
    return index === undefined ? "" : cell(index);
  };
  /** The cell's text, null when empty, undefined when the file has no such column. */
  const maybe = (field: ImportField) => (has(field) ? optional(get(field)) : undefined);
  const nome = get("nome").replace(/\s+/g, " ");
  const sku = optional(get("sku"));
  const skuProduto = optional(get("skuProduto"));
  const fail = (error: string): MappedRow => ({
    line,
    ok: false,
    nome: nome || (sku ?? ""),
    error,
    // Only from a row of the right width: a shifted row's codes are other columns' text.
    ...((skuProduto ?? sku) && cells.length === columnCount
      ? { produto: (skuProduto ?? sku)! }
      : {}),
  });
  if (cells.length !== columnCount) return fail(widthMismatch(cells, header, columnCount));
  // A row of a product told by its sku_produto (or a known SKU) may leave the product's
  // name and category to another row or to the catalogue: the plan checks it.
  const grouped = skuProduto !== null || (has("skuProduto") && sku !== null);
  if (!nome && !grouped) return fail("Nome do produto é obrigatório");
  if (nome.length > 200) return fail("Nome do produto deve ter no máximo 200 caracteres");
  const categoria = get("categoria").replace(/\s+/g, " ");
  if (!categoria && !grouped) return fail("Categoria é obrigatória");
  if (sku && sku.length > 60) return fail("SKU deve ter no máximo 60 caracteres");

  const venda = parseMoneyCell(get("precoVenda"));
  if (venda === "invalid") return fail(`Preço de venda inválido: "${get("precoVenda")}"`);
  if (venda === null || venda <= 0) return fail("Preço de venda deve ser maior que zero");
  const promo = parseMoneyCell(get("precoPromocional"));
  if (promo === "invalid") return fail(`Preço promocional inválido: "${get("precoPromocional")}"`);
  const antigo = parseMoneyCell(get("precoAntigo"));
  if (antigo === "invalid") return fail(`Preço antigo inválido: "${get("precoAntigo")}"`);
  if (antigo !== null && antigo <= venda) {
    return fail("Preço antigo deve ser maior que o preço (ou ficar vazio)");
  }
  const custo = parseMoneyCell(get("precoCusto"));
  if (custo === "invalid") return fail(`Preço de custo inválido: "${get("precoCusto")}"`);
  if (custo !== null && custo < 0) return fail("Preço de custo não pode ser negativo");

  const ncmText = get("ncm").replace(/[\s.]/g, "");
  if (ncmText && !/^\d{8}$/.test(ncmText)) {
    return fail(`NCM inválido: "${get("ncm")}" (8 dígitos, ex.: 2309.10.00)`);
  }

  const estoque = parseCount(get("estoque"));
  if (estoque === "invalid") return fail(`Estoque inválido: "${get("estoque")}"`);
  if (estoque === "negative") return fail("Estoque deve ser positivo");
  const estoques: Record<string, number> = {};
  for (const [key, index] of layout.stock) {
    const value = parseCount(cell(index));
    if (value === "invalid") return fail(`Estoque inválido em estoque_${key}: "${cell(index)}"`);
    if (value === "negative") return fail(`Estoque deve ser positivo (estoque_${key})`);
    if (value !== null) estoques[key] = value;
  }
  const peso = parseCount(get("pesoG"));
  if (peso === "invalid" || peso === "negative" || peso === 0) {
    return fail(`Peso inválido: "${get("pesoG")}" (gramas, número inteiro maior que zero)`);
  }
  const ativo = parseYesNo(get("ativo"));
  if (ativo === "invalid") return fail(`Ativo inválido: "${get("ativo")}" (use sim ou não)`);

  const opcoes: { nome: string; valor: string }[] = [];
  for (const [i, [nameField, valueField]] of OPTION_FIELDS.entries()) {
    const optionName = get(nameField).replace(/\s+/g, " ");
    const value = get(valueField).replace(/\s+/g, " ");
    if (!optionName && !value) continue;
    if (!value) return fail(`opcao${i + 1}_valor é obrigatório quando há opcao${i + 1}_nome`);
    if (opcoes.length !== i) return fail(`opcao${i}_valor está vazio antes de opcao${i + 1}`);
    if (optionName.length > 60 || value.length > 60) {
      return fail(`Opção ${i + 1}: nome e valor com no máximo 60 caracteres`);
    }
    opcoes.push({ nome: optionName, valor: value });
  }

  // Today's columns: a promotional price below the sale price puts the product on sale.
  // The variant columns: preco is what it costs now, preco_antigo the crossed-out price.
  const onSale = promo !== null && promo > 0 && promo < venda;
  let precoAntes: number | null | undefined;
  if (has("precoAntigo")) precoAntes = antigo;
  else if (has("precoPromocional")) precoAntes = onSale ? venda : null;
  const unidade = has("unidade") ? (get("unidade") || "UN").toUpperCase().slice(0, 10) : undefined;
  const product: ImportProduct = {
    nome,
    descricaoCurta: maybe("descricao"),
    categoria,
    subgrupo: maybe("subgrupo"),
    marca: maybe("marca"),
    precoCusto: has("precoCusto") ? custo : undefined,
    precoAtual: onSale && !has("precoAntigo") ? promo : venda,
    precoAntes,
    estoque: has("estoque") ? estoque : undefined,
    estoques,
    sku,
    skuProduto,
    opcoes,
    ean: maybe("ean"),
    ncm: has("ncm") ? ncmText || null : undefined,
    pesoG: has("pesoG") ? peso : undefined,
    ativo: has("ativo") ? ativo : undefined,
    unidade,
  };
  // Fields the file has no column for stay out of the row (and of the worker's message).
  for (const key of Object.keys(product) as (keyof ImportProduct)[]) {
    if (product[key] === undefined) delete product[key];
  }
  return { line, ok: true, product };
}

/**
 * Maps every data row of a sheet. The first row is the header when it names the columns;
 * otherwise today's template order is assumed and every row is data. Line numbers count
 * the header as line 1, as a spreadsheet shows them.
 */
export function mapRows(
  rows: string[][],
  strayColumns: Map<number, string> = new Map(),
): MappedRow[] {
  if (rows.length === 0) return [];
  const detected = detectHeader(rows[0]!);
  const layout: Layout = {
    header: detected ?? DEFAULT_HEADER,
    stock: detected ? detectStockColumns(rows[0]!) : new Map(),
    // Every row must be as wide as the first one (the header, when there is one).
    columnCount: rows[0]!.length,
  };
  const data = detected ? rows.slice(1) : rows;
  const offset = detected ? 2 : 1;
  return data.map((cells, i) => {
    const stray = strayColumns.get(detected ? i + 1 : i);
    if (stray === undefined) return mapRow(cells, layout, i + offset);
    const nome = (cells[layout.header.nome ?? 0] ?? "").trim();
    const error = `há dados na coluna ${stray}, fora das colunas do cabeçalho`;
    return { line: i + offset, ok: false, nome, error };
  });
}

/** The result lines of SPEC §8: at most 10 errors, then '... e mais N erros'. */
export function summarizeErrors(errors: string[], limit = 10): string[] {
  if (errors.length <= limit) return errors;
  return [...errors.slice(0, limit), `... e mais ${errors.length - limit} erros`];
}

/** The header of the template and the export: one row per variant, a stock column per unit. */
export function variantHeader(unitSlugs: string[]): string[] {
  return [...VARIANT_COLUMNS, ...unitSlugs.map(stockColumnLabel), "ativo"];
}

/**
 * The downloadable template (semicolon-separated, as Excel in Brazil expects): one product
 * with two variants, and one without options; its rows use one of the shop's categories
 * when there is one, and a stock column per unit.
 */
export function templateCsv(categoria = "Rações", unitSlugs: string[] = ["meia-praia"]): string {
  const stock = (n: number) => unitSlugs.map((_, i) => (i === 0 ? String(n) : "0"));
  const racao = [
    "RAC-EXEMPLO",
    "Ração Exemplo Cães Adultos",
    "Alimento completo para cães adultos",
    categoria,
    "Cães",
    "Marca Exemplo",
    "UN",
  ];
  // The cost is each pack size's own (a 15 kg bag costs more than a 3 kg one).
  const size = (sku: string, custo: string, peso: string, preco: string, antigo: string) => [
    sku,
    ...racao,
    custo,
    "Peso",
    `${Number(peso) / 1000} kg`,
    "",
    "",
    "",
    "",
    preco,
    antigo,
    "",
    peso,
    "23091000",
  ];
  return toCsv([
    variantHeader(unitSlugs),
    [...size("RAC-EXEMPLO-3", "38,50", "3000", "59,90", ""), ...stock(10), "sim"],
    [...size("RAC-EXEMPLO-15", "121,00", "15000", "169,90", "189,90"), ...stock(4), "sim"],
    [
      "COL-EXEMPLO-M",
      "",
      "Coleira Exemplo",
      "",
      categoria,
      "",
      "",
      "UN",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "25,50",
      "",
      "",
      "",
      "",
      ...stock(6),
      "sim",
    ],
  ]);
}
