// The module's server face: what other modules, routes, scripts and tests may use.
export {
  clearCustomerCookie,
  endAllCustomerSessions,
  endCustomerSession,
  getCustomer,
  normalizeCustomerEmail,
  requireCustomer,
} from "./session.server";
export {
  readSignInEmail,
  requestSignInCode,
  SIGN_IN_TEXTS,
  safeReturnPath,
  verifySignInCode,
} from "./sign-in.server";
