// The module's server face: what other modules, routes, scripts and tests may use.
export {
  addAddress,
  listAddresses,
  rememberOrderAddress,
  removeAddress,
  savedAddress,
  updateAddress,
} from "./addresses.server";
export {
  backInStockVariant,
  requestBackInStock,
  waitingLists,
  wakeBackInStock,
} from "./back-in-stock.server";
export {
  clearCustomerCookie,
  endAllCustomerSessions,
  endCustomerSession,
  getCustomer,
  normalizeCustomerEmail,
  requireCustomer,
} from "./session.server";
