// The types of the module's server functions that components need (type-only, erased at build).
export type { BookingView } from "./booking-page.server";
export type { GroomingDayTotal } from "./booking-payment.server";
export type { PetPackagesView } from "./package-purchase.server";
export type { AgendaBooking, AgendaDay } from "./staff-agenda.server";
