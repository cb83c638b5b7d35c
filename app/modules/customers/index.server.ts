// The module's server face: what other modules, routes, scripts and tests may use.
export { customerVerified } from "./on-verified.server";
export { type PetFormResult, petFormAction } from "./pet-forms.server";
export type { BookedPetData, PetCare, PetRecord, PetView, StaffPetRecord } from "./pets.server";
export {
  addVaccine,
  addWeight,
  adoptBookedPet,
  checkVaccine,
  confirmPetSize,
  customerPet,
  listPets,
  mergeCustomerPets,
  mergedInto,
  PET_NOT_FOUND,
  PetError,
  petsCare,
  petsForBooking,
  petsOfBooking,
  savePet,
  staffAddNote,
  staffAddWeight,
  staffMergePets,
  staffPetRecord,
  vaccineProof,
} from "./pets.server";
export {
  clearCustomerCookie,
  endAllCustomerSessions,
  endCustomerSession,
  getCustomer,
  normalizeCustomerEmail,
  requireCustomer,
} from "./session.server";
