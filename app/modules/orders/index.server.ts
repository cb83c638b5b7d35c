// The module's server face: what other modules, routes, scripts and tests may use.
export { ordersByEmail, orderToSubscribe } from "./account-orders.server";
export { buyAgain } from "./buy-again.server";
export {
  cardOnlineView,
  expireUnpaidCardOrders,
  startOrderCardCheckout,
  switchCardOrderToPix,
  syncCardOrder,
  syncOpenCardOrders,
} from "./card.server";
export { quoteCart } from "./cart.server";
export { submitCheckout } from "./checkout.server";
export { changeCookieCart, readCookieCartView } from "./cookie-cart.server";
export { quoteCartWithCouponGuess } from "./coupon-guess.server";
export { ordersDashboard } from "./dashboard.server";
export { ordersHoldingStock, orderUnitsOf, placedByUnit } from "./day-figures.server";
export { exportOrders, ordersExportFileName } from "./export.server";
export { FIND_ORDER_TEXTS, submitFindOrder } from "./find-order.server";
export { readOrderFlash } from "./flash.server";
export { handleNotification } from "./notification.server";
export { composeOrderEmail } from "./order-email-templates.server";
export { stopOrderStatusEmails } from "./order-emails.server";
export {
  chargeOrderPix,
  REFUND_MESSAGES,
  reconcilePendingCobrancas,
  refundOrderPix,
  refundPixCobranca,
} from "./payment.server";
export { reopenPaidOrder } from "./payment-loops.server";
export {
  customerOrderStatus,
  retryOrderPixCharge,
  startRenewalPixCharge,
} from "./pix.server";
export { expireUnpaidPixOrders } from "./pix-expiry.server";
export type { OrderInput } from "./place-order.server";
export { placeOrder } from "./place-order.server";
export { openOrdersOfTheDay, orderToPrint } from "./print.server";
export { getCustomerOrder, listAdminOrders, storeStats } from "./queries.server";
export { RECENT_ORDERS_MAX, readRecentOrders } from "./recent-orders.server";
export { renewalOutcomes } from "./renewal.server";
export { setOrderStatus, setPaymentStatus } from "./status.server";
