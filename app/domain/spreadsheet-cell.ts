// Cells of the files the shop exports (CSV and .xlsx), safe to open in a spreadsheet; shared
// by every export (the catalogue, the orders). Text that starts with = + - @ (or a tab or carriage return) is a formula to Excel and LibreOffice
// (OWASP "CSV injection"): a product or category name typed as =HYPERLINK(...) would run when
// the file is opened. Such text gets a leading apostrophe, which spreadsheets show as text.
// Numbers stay numbers: -5 is a quantity, not a formula.

// Text already made of apostrophes before a formula character gets one more too, so the
// importer, which takes exactly one off, gives back what was typed ("'=" stays "'=").
const NEEDS_APOSTROPHE = /^'*[=+\-@\t\r]/;

/** A text cell made safe; numbers, dates, booleans and empty cells pass unchanged. */
export function neutralizeCell<T>(value: T): T | string {
  if (typeof value !== "string") return value;
  return NEEDS_APOSTROPHE.test(value) ? `'${value}` : value;
}

/**
 * A cell read back from a file: the apostrophe `neutralizeCell` put before a formula
 * character comes off, so an exported file imports as it was.
 */
export function restoreNeutralizedCell(text: string): string {
  return text.startsWith("'") && NEEDS_APOSTROPHE.test(text.slice(1)) ? text.slice(1) : text;
}

/** One CSV field: neutralized, then quoted when it holds the separator, a quote or a line break. */
export function csvField(value: string | number | null | undefined, separator = ";"): string {
  if (value === null || value === undefined) return "";
  const text = String(neutralizeCell(value));
  const needsQuotes =
    text.includes(separator) || text.includes('"') || text.includes("\n") || text.includes("\r");
  return needsQuotes ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * A CSV file as Excel in Brazil opens it: UTF-8 with BOM, semicolons, CRLF line ends. Every
 * export goes through here (or through `neutralizeCell` for .xlsx cells).
 */
export function toCsv(
  rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>,
  separator = ";",
): string {
  const lines = rows.map((row) => row.map((cell) => csvField(cell, separator)).join(separator));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
