// The module's server face: what other modules, routes, scripts and tests may use.

export {
  type ConsentState,
  consentFooter,
  consentRevoked,
  consentsOf,
  isFinalidade,
  revokeByLink,
  setConsent,
} from "./consents.server";
export { allowOwnExport, PET_FILES_AREA } from "./personal-data.server";
export {
  clearCustomerCookie,
  endAllCustomerSessions,
  endCustomerSession,
  getCustomer,
  normalizeCustomerEmail,
  requireCustomer,
} from "./session.server";
