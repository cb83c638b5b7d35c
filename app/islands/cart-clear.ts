// The order-success screen on a page served without React (decision 0013): the order is
// placed, so the stored cart is emptied, as the React screen does through the cart context
// (`clear()`: no lines, no coupon). Runs before the store's cart island, which then shows 0
// (its module comes later in the page, and module scripts run in document order).

export interface CartClearOptions {
  storageKey: string;
}

export function cartClear(options: CartClearOptions): void {
  try {
    window.localStorage.setItem(options.storageKey, JSON.stringify({ items: [], cupom: null }));
  } catch {
    // Private mode: nothing was stored.
  }
}
