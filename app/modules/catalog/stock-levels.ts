// Stock levels as the shop names them (SPEC §9): what counts as low. Client-safe: the
// badges, the admin's counters and the server's filters read the same rule.

/** Low-stock badge and the admin's estoque_baixo filter (SPEC §9). */
export const LOW_STOCK_THRESHOLD = 5;

export function isLowStock(estoque: number): boolean {
  return estoque > 0 && estoque <= LOW_STOCK_THRESHOLD;
}
