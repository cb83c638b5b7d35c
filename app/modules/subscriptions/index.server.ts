// The module's server face: what routes, other modules, scripts and tests may use.
export { payNow, runSubscriptionCycles } from "./cycle.server";
export {
  demandForecast,
  discountTargets,
  listDiscounts,
  productBySku,
  setDiscount,
  subscriptionFigures,
  subscriptionsForOwner,
} from "./planning.server";
export {
  cancelSubscription,
  changeDate,
  customerSubscriptions,
  editSubscription,
  firstDateAllowed,
  ownsSubscription,
  pauseSubscription,
  resumeSubscription,
  skipNext,
  subscribableVariant,
  subscribe,
  subscriptionAction,
  subscriptionView,
  swapItem,
  validSubscriptionToken,
} from "./subscriptions.server";
