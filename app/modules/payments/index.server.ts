// The module's server face: what other modules, routes, scripts and tests may use.

export {
  acceptSearchedPayments,
  applyBookingCardCharge,
  bookingHasPreference,
  bookingsWithPreferenceSince,
  cardCobrancasOf,
  cardDeadline,
  createBookingCardPreference,
  createCardPreference,
  latestPackagePreference,
  packagesWithPreferenceSince,
  pricedPreference,
  recordCardCobranca,
  refundOverInstallments,
  withPreference,
} from "./card.server";
export {
  cancelAtProvider,
  openCobrancas,
  refundsAwaitingConfirmation,
} from "./charge-loops.server";
export type { ChargeUpdate, NotificationAnswer } from "./cobrancas.server";
export {
  advanceCobranca,
  COBRANCA_MESSAGES,
  CobrancaError,
  chargesOfOrders,
  createBookingPixCobranca,
  createPackagePixCobranca,
  createPixCobranca,
  currentProvider,
  expireCobranca,
  hasPaidCobranca,
  lapsedCobrancasOf,
  latestBookingCobranca,
  latestCobranca,
  latestPackageCobranca,
  lockLapsedCobranca,
  ordersWithPendingCharges,
  packageReference,
  pendingCobrancas,
  readNotification,
  requestRefund,
} from "./cobrancas.server";
export type { BookingCounterPayment } from "./counter.server";
export { bookingCounterPayments, recordCounterPayment } from "./counter.server";
export { paymentsBetween } from "./day-receipts.server";
export { mpDate, parseSignature, signatureManifest, signNotification } from "./mercadopago.server";
export { pixChargeFor } from "./pix.server";
export { pixOnlineView } from "./pix-online.server";
export type { ProviderCobranca } from "./provider.server";
export { PaymentProviderError } from "./provider.server";
export {
  cardOnlineOffered,
  getPaymentConfig,
  getPaymentSettingsView,
  paymentSettingsView,
  pixOnlineOffered,
  savePaymentSettings,
} from "./settings.server";
export type { Cobranca } from "./tables.server";
