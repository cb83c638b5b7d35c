// The day close as a file (issue 43 point 4, decision 0079): the same figures as the screen and
// the print sheets, in CSV as Excel in Brazil opens it (the shared toCsv: BOM, semicolons,
// formula-leading text neutralised) and in .xlsx (exceljs, money as numbers in reais).
import ExcelJS from "exceljs";
import { formatDateTime, formatIsoDate } from "~/domain/dates";
import { FORMA_FECHAMENTO_LABEL, ORIGEM_LABEL } from "~/domain/day-close";
import { neutralizeCell, toCsv } from "~/domain/spreadsheet-cell";
import type { DayClose } from "./day-close.server";

/** Money in a row: centavos, written as reais by each format. */
interface Money {
  centavos: number;
}
type Cell = string | number | Money | null;

const m = (centavos: number): Money => ({ centavos });
const isMoney = (cell: Cell): cell is Money => typeof cell === "object" && cell !== null;
const hora = (at: Date) => formatDateTime(at).slice(11);

const NAO_FISCAL = "Não é documento fiscal";

/** The close's rows, section after section, as the file shows them. */
function closeRows(c: DayClose): Cell[][] {
  return [
    ["Fechamento do dia", c.unidade.nome, formatIsoDate(c.dia)],
    [NAO_FISCAL, `Gerado em ${formatDateTime(c.geradoEm)}`],
    [],
    ["Resumo", "Quantidade", "Valor"],
    ["Pedidos feitos no dia", c.pedidos.quantidade, m(c.pedidos.valor)],
    ["Recebido", c.entradas.length, m(c.recebido)],
    ["Recebido: loja", null, m(c.porOrigem.loja)],
    ["Recebido: banho e tosa", null, m(c.porOrigem.banho_tosa)],
    ["Reembolsos", c.saidas.filter((s) => s.tipo === "reembolso").length, m(c.reembolsos)],
    ["Contestações", c.saidas.filter((s) => s.tipo === "contestacao").length, m(c.contestacoes)],
    ["Líquido", null, m(c.liquido)],
    ["Aguardando pagamento online", c.aguardando.quantidade, m(c.aguardando.valor)],
    [],
    ["Por forma de pagamento", "Quantidade", "Valor", "Devolvido"],
    ...c.porForma.map((f) => [f.label, f.quantidade, m(f.valor), m(f.saidas)]),
    [],
    ["Por pessoa", "Quantidade", "Valor"],
    ...c.porPessoa.map((p) => [p.pessoa, p.quantidade, m(p.valor)]),
    [],
    ["Gaveta (dinheiro)", null, "Valor"],
    ["Esperado na gaveta", null, m(c.gaveta.esperado)],
    ["Entregue pelos clientes", null, m(c.gaveta.entregue)],
    ["Troco dado", null, m(c.gaveta.troco)],
    [],
    ["Hora", "Forma", "Origem", "Referência", "Pessoa", "Valor", "Recebido", "Troco", "Motivo"],
    ...c.entradas.map((e) => [
      hora(e.em),
      FORMA_FECHAMENTO_LABEL[e.forma],
      ORIGEM_LABEL[e.origem],
      e.referencia,
      e.pessoa,
      m(e.valor),
      e.recebido === null ? null : m(e.recebido),
      e.recebido === null ? null : m(e.recebido - e.valor),
      e.motivo,
    ]),
    ...(c.saidas.length > 0
      ? [
          [],
          ["Hora", "Devolução", "Forma", "Referência", "Valor"],
          ...c.saidas.map((s) => [
            hora(s.em),
            s.tipo === "reembolso" ? "Reembolso" : "Contestação",
            FORMA_FECHAMENTO_LABEL[s.forma],
            s.referencia,
            m(s.valor),
          ]),
        ]
      : []),
  ];
}

/** fechamento-2026-11-28-unidade-meia-praia.csv */
export function dayCloseFileName(c: DayClose, formato: "csv" | "xlsx") {
  const slug = c.unidade.nome
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return `fechamento-${c.dia}-${slug || "unidade"}.${formato}`;
}

/** CSV: reais with a comma, as the orders' export writes them. */
export function dayCloseCsv(c: DayClose): string {
  return toCsv(
    closeRows(c).map((row) =>
      row.map((cell) =>
        isMoney(cell) ? (cell.centavos / 100).toFixed(2).replace(".", ",") : cell,
      ),
    ),
  );
}

export async function dayCloseXlsx(c: DayClose): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Fechamento");
  sheet.columns = [{ width: 30 }, { width: 18 }, { width: 16 }, { width: 16 }, { width: 30 }];
  for (const row of closeRows(c)) {
    const added = sheet.addRow(
      row.map((cell) => (isMoney(cell) ? cell.centavos / 100 : neutralizeCell(cell))),
    );
    row.forEach((cell, i) => {
      if (isMoney(cell)) added.getCell(i + 1).numFmt = "#,##0.00";
    });
  }
  sheet.getRow(1).font = { bold: true };
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  const out = new Uint8Array(new ArrayBuffer(bytes.length));
  out.set(bytes);
  return out;
}
