// Money is integer centavos in code: exact arithmetic, no binary floating point.
// The database keeps numeric(12,2); these functions are the only bridge.

/** Centavos -> "1234.56" (the database's and JSON's decimal form). */
export function centavosToDecimal(centavos: number): string {
  assertCentavos(centavos);
  const sign = centavos < 0 ? "-" : "";
  const abs = Math.abs(centavos);
  const reais = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${sign}${reais}.${String(cents).padStart(2, "0")}`;
}

/** "1234.56" / "1234.5" / "1234" -> centavos. Throws on anything else. */
export function decimalToCentavos(value: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2})\d*)?$/.exec(value.trim());
  if (!match) throw new Error(`Valor decimal inválido: ${value}`);
  const [, sign, reais, cents = ""] = match;
  const total = Number(reais) * 100 + Number(cents.padEnd(2, "0"));
  return sign === "-" ? -total : total;
}

/** Centavos -> reais as a JS number, only for JSON payloads read by people (webhooks). */
export function centavosToReais(centavos: number): number {
  return Number(centavosToDecimal(centavos));
}

/**
 * Parses money as a Brazilian types it: '1.234,56', '12,90', '12', 'R$ 5,00'.
 * A plain '12.90' (one dot followed by 1–2 digits, no comma) is read as a decimal point.
 * Returns null when the text is not a valid amount.
 */
export function parseBRL(input: string): number | null {
  let text = input.replace(/R\$/i, "").replace(/\s/g, "");
  if (text === "") return null;
  let negative = false;
  if (text.startsWith("-")) {
    negative = true;
    text = text.slice(1);
  }
  let normalized: string;
  if (text.includes(",")) {
    // Dots are thousands separators; the comma is the decimal separator.
    if (!/^\d{1,3}(\.\d{3})*(,\d{0,2})?$|^\d+(,\d{0,2})?$/.test(text)) return null;
    normalized = text.replace(/\./g, "").replace(",", ".");
  } else if (/^\d+\.\d{1,2}$/.test(text)) {
    normalized = text;
  } else if (/^\d{1,3}(\.\d{3})+$/.test(text) || /^\d+$/.test(text)) {
    normalized = text.replace(/\./g, "");
  } else {
    return null;
  }
  if (normalized.endsWith(".")) normalized = normalized.slice(0, -1);
  const centavos = decimalToCentavos(normalized);
  return negative ? -centavos : centavos;
}

/** Centavos -> 'R$ 1.234,56'. */
export function formatBRL(centavos: number): string {
  return `R$ ${formatBRLNumber(centavos)}`;
}

/** Centavos -> '1.234,56' (for inputs). */
export function formatBRLNumber(centavos: number): string {
  assertCentavos(centavos);
  const sign = centavos < 0 ? "-" : "";
  const abs = Math.abs(centavos);
  const reais = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
  return `${sign}${reais},${String(abs % 100).padStart(2, "0")}`;
}

/** Percentage of an amount, rounded half up to the centavo. `percent` may have decimals. */
export function percentOf(centavos: number, percent: number): number {
  // Work in hundredths of a percent to stay in integers.
  const basisPoints = Math.round(percent * 100);
  return Math.floor((centavos * basisPoints + 5000) / 10000);
}

/** Rounded discount percentage of an old price against the current one; 0 when not a discount. */
export function discountPercent(precoAntes: number | null | undefined, precoAtual: number): number {
  if (!precoAntes || precoAntes <= precoAtual) return 0;
  return Math.round(((precoAntes - precoAtual) * 100) / precoAntes);
}

function assertCentavos(value: number) {
  if (!Number.isSafeInteger(value)) throw new Error(`Centavos devem ser inteiros: ${value}`);
}
