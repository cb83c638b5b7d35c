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
} from "./back-in-stock.server";
export {
  consentFooter,
  consentRevoked,
  consentsOf,
  revokeByLink,
  setConsent,
} from "./consents.server";
export { customerVerified } from "./on-verified.server";
export { allowOwnExport } from "./personal-data.server";
export { petFormAction } from "./pet-forms.server";
export type { PetCare } from "./pets.server";
export {
  adoptBookedPet,
  checkVaccine,
  confirmPetSize,
  customerPet,
  listPets,
  mergedInto,
  petOwners,
  petsCare,
  petsForBooking,
  petsOfBooking,
  petsWithWeight,
  staffAddNote,
  staffAddWeight,
  staffMergePets,
  staffPetRecord,
  vaccineProofResponse,
} from "./pets.server";
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
