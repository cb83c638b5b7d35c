// The module's client-safe face: the schemas the account's forms and actions share.

export { addressSchema, MAX_ENDERECOS } from "./address.schema";
export { noteSchema, PET_LIMITS, weightSchema } from "./pet.schema";
