// Store order numbers (SPEC §9): 'PED' + millisecond timestamp + a random 0–999,
// the random part padded to 3 digits so every number has the same length.
// The database's unique index is the final guard; placeOrder retries on a clash.

export function orderNumber(now: number = Date.now(), random: () => number = Math.random): string {
  const suffix = Math.min(999, Math.floor(random() * 1000));
  return `PED${now}${String(suffix).padStart(3, "0")}`;
}

const ORDER_NUMBER_PATTERN = /^PED\d{13}\d{3}$/;

export function isOrderNumber(value: string): boolean {
  return ORDER_NUMBER_PATTERN.test(value);
}
