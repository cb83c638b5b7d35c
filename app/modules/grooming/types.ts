// The types of the module's server functions that components need (type-only, erased at build).
export type { BookingStatusView, BookingView } from "./booking-page.server";
