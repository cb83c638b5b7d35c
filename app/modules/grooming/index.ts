// The module's client-safe face: types, schemas and pure rules that components may use too.

export { agendaSchema, serviceSchema } from "./agenda.schema";
export { MAX_PETS, readBookingFields } from "./booking.schema";
export { STATUS_EMAIL_KIND } from "./booking-email-kinds";
export {
  cancelQuestion,
  closedDateMessage,
  dayLabel,
  dueAfterPackages,
  PAYABLE,
  packageBalanceText,
  readyMessage,
  reminderMessage,
  STAFF_NEXT,
} from "./booking-rules";
export type { Pelagem, Porte } from "./booking-vocabulary";
export {
  ESPECIE_LABEL,
  ESPECIES,
  PELAGEM_LABEL,
  PELAGENS,
  PORTE_LABEL,
  PORTES,
  STATUS_AGENDAMENTO_LABEL,
} from "./booking-vocabulary";
export type { GroomerFilter, GroomerLoadRow } from "./groomer-load";
export { groomerLoad, holdsPlace, matchesGroomer } from "./groomer-load";
export type { QuoteFieldCheck, ToastMessage } from "./quote.schema";
export { MAX_PHOTO_BYTES, MAX_PHOTOS, QUOTE_FIELD_CHECKS, QUOTE_MESSAGES } from "./quote.schema";
export {
  INTERVALOS_SERIE,
  MAX_OCORRENCIAS,
  readSeriesForm,
  trocaField,
} from "./series-form";
export type {
  AgendaBooking,
  AgendaDay,
  BookingView,
  GroomingDayTotal,
  PetPackagesView,
} from "./types";
