// "Exportar" on the staff's order list: the FILTERED orders (the list's own condition,
// adminOrdersWhere) as CSV or .xlsx, one row per order or per line item. Streamed: orders are
// read in keyset batches (created_at, id) and written as they come, so 200,000 orders never
// sit in memory at once. Text cells go through the shared spreadsheet rules (decision 0017):
// formula-leading text is neutralised in both formats.
import { once } from "node:events";
import { PassThrough, Readable } from "node:stream";
import { and, asc, desc, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import { formatDateTime, shopDay } from "~/domain/dates";
import { formatPhoneDisplay } from "~/domain/phone";
import { csvField, neutralizeCell } from "~/domain/spreadsheet-cell";
import {
  FORMA_PAGAMENTO_LABEL,
  STATUS_PAGAMENTO_LABEL,
  STATUS_PEDIDO_LABEL,
} from "~/domain/statuses";
import { listUnits } from "~/modules/shop/index.server";
import { db, type Executor } from "~/platform/db/client.server";
import { logger } from "~/platform/logger.server";
import { type AdminOrderFilters, adminOrdersWhere } from "./queries.server";
import { type ItemPedido, itensPedido, type Pedido, pedidos } from "./tables.server";

type ExportFormat = "csv" | "xlsx";
/** One row per order, or one per line item (order columns repeated, money once per order). */
type ExportRows = "pedidos" | "itens";

/** Orders read per query. */
const EXPORT_BATCH = 1000;

type Cell = string | number | null;

const ORDER_HEADER = [
  "Pedido",
  "Data",
  "Cliente",
  "Telefone",
  "E-mail",
  "Entrega ou retirada",
  "Bairro ou unidade",
  "Forma de pagamento",
  "Status do pagamento",
  "Status do pedido",
  "Cupom",
  "Subtotal",
  "Desconto (cupom)",
  "Desconto Pix",
  "Taxa de entrega",
  "Total",
];
const ITEM_HEADER = ["SKU", "Produto", "Variação", "Quantidade", "Preço unitário", "Total do item"];
/** The money columns (0-based) of each layout: reais as numbers. */
const ORDER_MONEY = [11, 12, 13, 14, 15];
const ITEM_MONEY = [...ORDER_MONEY, 20, 21];

function exportHeader(linhas: ExportRows): string[] {
  return linhas === "itens" ? [...ORDER_HEADER, ...ITEM_HEADER] : [...ORDER_HEADER, "Itens"];
}

/** The download's name: pedidos-2026-11-26.csv (pedidos-itens-… per line item). */
export function ordersExportFileName(
  formato: ExportFormat,
  linhas: ExportRows,
  today = new Date(),
): string {
  return `pedidos${linhas === "itens" ? "-itens" : ""}-${shopDay(today)}.${formato}`;
}

const reais = (centavos: number) => centavos / 100;

type ExportOrder = Pedido & { unidadeNome: string | null; cursor: string };

function orderCells(p: ExportOrder, withMoney: boolean): Cell[] {
  const money = (v: number) => (withMoney ? reais(v) : null);
  return [
    p.numeroPedido,
    formatDateTime(p.createdAt),
    p.clienteNome,
    // One format for every row, whatever the customer typed: "(47) 99999-0416".
    formatPhoneDisplay(p.clienteTelefone),
    p.clienteEmail,
    p.modo === "retirada" ? "Retirada" : "Entrega",
    p.modo === "retirada" ? (p.unidadeNome ?? "") : p.clienteBairro,
    FORMA_PAGAMENTO_LABEL[p.formaPagamento],
    STATUS_PAGAMENTO_LABEL[p.statusPagamento],
    STATUS_PEDIDO_LABEL[p.statusPedido],
    p.cupomCodigo,
    money(p.subtotal),
    money(p.desconto),
    money(p.descontoPix),
    money(p.taxaEntrega),
    money(p.total),
  ];
}

function rowsOf(p: ExportOrder, itens: ItemPedido[], linhas: ExportRows): Cell[][] {
  if (linhas === "pedidos") {
    return [[...orderCells(p, true), itens.reduce((n, i) => n + i.quantidade, 0)]];
  }
  if (itens.length === 0) return [[...orderCells(p, true), null, null, null, null, null, null]];
  // Money of the order only on its first line: summing the Total column gives the true total.
  return itens.map((i, index) => [
    ...orderCells(p, index === 0),
    i.sku,
    i.produtoNome,
    i.varianteRotulo || null,
    i.quantidade,
    reais(i.produtoPreco),
    reais(i.subtotal),
  ]);
}

/** The filtered orders with their lines, newest first, one keyset batch at a time. */
async function* exportBatches(
  filters: AdminOrderFilters,
  linhas: ExportRows,
  executor: Executor,
): AsyncGenerator<Cell[][]> {
  const where = adminOrdersWhere(filters);
  let after: ExportOrder | null = null;
  const unitNames = new Map((await listUnits(executor)).map((u) => [u.id, u.nome]));
  for (;;) {
    const batch: ExportOrder[] = await executor
      .select({
        pedido: pedidos,
        // Microseconds kept: a JavaScript Date would round them off and skip or repeat rows.
        cursor: sql<string>`to_char(${pedidos.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(pedidos)
      .where(
        and(
          where,
          after
            ? sql`(${pedidos.createdAt}, ${pedidos.id}) < (${after.cursor}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      // The created_at index's order, so each batch comes off the index.
      .orderBy(desc(pedidos.createdAt), desc(pedidos.id))
      .limit(EXPORT_BATCH)
      .then((rows) =>
        rows.map((r) => ({
          ...r.pedido,
          unidadeNome: (r.pedido.unidadeId && unitNames.get(r.pedido.unidadeId)) || null,
          cursor: r.cursor,
        })),
      );
    if (batch.length === 0) return;
    const itens = await executor
      .select()
      .from(itensPedido)
      .where(
        inArray(
          itensPedido.pedidoId,
          batch.map((p) => p.id),
        ),
      )
      .orderBy(asc(itensPedido.produtoNome), asc(itensPedido.id));
    const byOrder = new Map<string, ItemPedido[]>();
    for (const i of itens) {
      const list = byOrder.get(i.pedidoId);
      if (list) list.push(i);
      else byOrder.set(i.pedidoId, [i]);
    }
    yield batch.flatMap((p) => rowsOf(p, byOrder.get(p.id) ?? [], linhas));
    if (batch.length < EXPORT_BATCH) return;
    after = batch[batch.length - 1]!;
  }
}

/** A CSV line as Excel in Brazil reads it: semicolons, reais with a comma, CRLF. */
function csvLine(cells: Cell[], money: Set<number>): string {
  return `${cells
    .map((cell, i) =>
      csvField(typeof cell === "number" && money.has(i) ? cell.toFixed(2).replace(".", ",") : cell),
    )
    .join(";")}\r\n`;
}

async function* csvChunks(
  filters: AdminOrderFilters,
  linhas: ExportRows,
  executor: Executor,
): AsyncGenerator<string> {
  const money = new Set(linhas === "itens" ? ITEM_MONEY : ORDER_MONEY);
  yield `\uFEFF${csvLine(exportHeader(linhas), money)}`;
  for await (const rows of exportBatches(filters, linhas, executor)) {
    yield rows.map((r) => csvLine(r, money)).join("");
  }
}

async function writeXlsx(
  out: PassThrough,
  filters: AdminOrderFilters,
  linhas: ExportRows,
  executor: Executor,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet("Pedidos");
  const header = exportHeader(linhas);
  const money = linhas === "itens" ? ITEM_MONEY : ORDER_MONEY;
  sheet.columns = header.map((h, i) => ({
    header: h,
    width: Math.max(12, h.length + 2),
    style: money.includes(i)
      ? { numFmt: "#,##0.00" }
      : i === 16 && linhas === "itens"
        ? { numFmt: "@" }
        : {},
  }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  for await (const rows of exportBatches(filters, linhas, executor)) {
    for (const row of rows) sheet.addRow(row.map((cell) => neutralizeCell(cell))).commit();
    // Let the download catch up before reading more.
    if (out.writableNeedDrain) await Promise.race([once(out, "drain"), once(out, "close")]);
    if (out.destroyed) return; // the download was abandoned
  }
  sheet.commit();
  await workbook.commit();
}

/**
 * The export as a stream of bytes for the Response body. A failure halfway aborts the
 * download (the browser shows it failed) and is logged; nothing partial looks complete.
 */
export function exportOrders(
  filters: AdminOrderFilters,
  formato: ExportFormat,
  linhas: ExportRows,
  executor: Executor = db(),
): ReadableStream<Uint8Array> {
  if (formato === "csv") {
    const source = Readable.from(csvChunks(filters, linhas, executor), { objectMode: false });
    source.on("error", (err) => logger.error({ err }, "falha ao exportar pedidos (csv)"));
    return Readable.toWeb(source) as ReadableStream<Uint8Array>;
  }
  const out = new PassThrough();
  writeXlsx(out, filters, linhas, executor).catch((err: unknown) => {
    logger.error({ err }, "falha ao exportar pedidos (xlsx)");
    out.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return Readable.toWeb(out) as ReadableStream<Uint8Array>;
}
