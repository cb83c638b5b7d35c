// The module's server face: what routes, other modules, scripts and tests may use.
export { CYCLE_JOB, payNow, runSubscriptionCycles } from "./cycle.server";
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
  customerSubscriptions,
  firstDateAllowed,
  ownsSubscription,
  pauseSubscription,
  skipNext,
  subscribableVariants,
  subscribe,
  subscriptionAction,
  subscriptionView,
  validSubscriptionToken,
} from "./subscriptions.server";
