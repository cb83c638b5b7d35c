// The module's server face: what other modules, routes, scripts and tests may use.

export {
  consentFooter,
  consentRevoked,
  consentsOf,
  revokeByLink,
  setConsent,
} from "./consents.server";
export { allowOwnExport } from "./personal-data.server";
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
