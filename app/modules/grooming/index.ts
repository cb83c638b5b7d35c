// The module's client-safe face: types, schemas and pure rules that components may use too.

export { agendaSchema, serviceSchema } from "./agenda.schema";
export type { ToastMessage } from "./quote.schema";
export { MAX_PHOTO_BYTES, MAX_PHOTOS, QUOTE_FIELD_CHECKS, QUOTE_MESSAGES } from "./quote.schema";
