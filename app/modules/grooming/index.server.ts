// The module's server face: what other modules, routes, scripts and tests may use.
export { bookingsByEmail } from "./account-bookings.server";
export {
  closeGroomingDate,
  listGroomingServices,
  listUnitsWithAgenda,
  reopenGroomingDate,
  saveGroomingAgenda,
  saveGroomingService,
} from "./agenda-config.server";
export { listGroomingOrders, setGroomingStatus } from "./board.server";
export { composeGroomingEmail } from "./booking-email-templates.server";
export {
  bookingCalendar,
  bookingStatusView,
  bookingView,
  changeBooking,
  returningTutorStep,
  submitBooking,
} from "./booking-page.server";
export { groomingDayTotals, NO_FINAL_PRICE } from "./booking-payment.server";
export type { BookingInput, BookingPetInput } from "./bookings.server";
export {
  bookGrooming,
  cancelBooking,
  findBookingByLink,
  listClosedDates,
  RELEASED_UNCONFIRMED,
  releaseUnconfirmedBookings,
  rescheduleBooking,
  sendDueReminders,
} from "./bookings.server";
export { acceptGroomingCardPayment, payBookingByCard } from "./card-payment.server";
export { petBookings } from "./customer-pets.server";
export { GROOMER_REFUSED, groomersOf } from "./groomers.server";
export { bookingUnitsOf, payBookingByPix } from "./online-payment.server";
export {
  buyPackageOnline,
  petPackagesView,
  syncWaitingPackageCard,
} from "./package-purchase.server";
export {
  listPackages,
  packageBalances,
  remindExpiringPackages,
  savePackage,
  sellPackageAtCounter,
} from "./packages.server";
export { answerQuoteWithLink, bookingsOfQuotes, quoteBookingPath } from "./quote-link.server";
export {
  createGroomingRequest,
  groomingWebhookPayload,
  pendingQuoteCount,
  sendGroomingQuote,
} from "./quotes.server";
export { sendRebookReminders, usualInterval } from "./rebook.server";
export { CODE_ANSWER_FLOOR_MS } from "./returning-tutor.server";
export type { SeriesInput } from "./series.server";
export {
  bookingToRepeat,
  bookSeries,
  endSeries,
  repeatBooking,
  seriesOfBooking,
  seriesView,
  skipOccurrence,
} from "./series.server";
export {
  assignGroomerSchema,
  bookingPaymentSchema,
  bookingStatusSchema,
  parseCheckIn,
  quoteLinkSchema,
  staffRescheduleSchema,
  walkInSchema,
} from "./staff.schema";
export {
  addWalkIn,
  assignGroomer,
  bookingsToRemind,
  CONTACT_KINDS,
  checkInBooking,
  groomingDay,
  RELEASED_BY_STAFF,
  recordBookingPayment,
  releaseUnconfirmedOf,
  rescheduleByStaff,
  setBookingStatus,
} from "./staff-agenda.server";
export type { PedidoServico } from "./tables.server";
