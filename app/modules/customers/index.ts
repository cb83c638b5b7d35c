// The module's client-safe face: the schemas the account's forms and actions share.
export {
  isCalendarDay,
  MAX_PET_PHOTO_BYTES,
  noteSchema,
  PET_LIMITS,
  petFieldErrors,
  petSchema,
  vaccineSchema,
  weightSchema,
} from "./pet.schema";
