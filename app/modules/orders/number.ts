// Store order numbers (decision 0058): "PED" and 8 digits, the first never 0, drawn at random
// ("PED48217730"): short enough to read aloud at the counter and type on a phone, and saying
// nothing of how many orders the shop takes. Numbers of the first format ("PED" + millisecond
// timestamp + 3 digits, 19 characters) stay valid and are found the same way. The database's
// unique index is the final guard; placeOrder draws again on a clash.

/** Digits after "PED" in a new number. */
const DIGITS = 8;

export function orderNumber(random: () => number = Math.random): string {
  const low = 10 ** (DIGITS - 1);
  const n = low + Math.min(9 * low - 1, Math.floor(random() * 9 * low));
  return `PED${n}`;
}

/** A number of either format: "PED" + 8 digits, or the first "PED" + 16 digits. */
const ORDER_NUMBER_PATTERN = /^PED(?:[1-9]\d{7}|\d{16})$/;

export function isOrderNumber(value: string): boolean {
  return ORDER_NUMBER_PATTERN.test(value);
}

/**
 * An order number as the customer or the staff type it ("ped 4821-7730", "48217730",
 * "PED 1732 8000 0000 0123") in its stored form ("PED48217730"); null when it cannot be one.
 */
export function normalizeOrderNumber(text: string): string | null {
  const compact = text.replace(/[\s.\-_/]/g, "").toUpperCase();
  const digits = /^(?:PED)?(\d+)$/.exec(compact)?.[1];
  if (!digits) return null;
  const numero = `PED${digits}`;
  return isOrderNumber(numero) ? numero : null;
}
