// The module's server face: what routes, other modules, scripts and tests may use.
export { placeRenewal, renewalKey, runSubscriptionCycles } from "./cycle.server";
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
  subscribe,
  subscriptionView,
  swapItem,
  validSubscriptionToken,
} from "./subscriptions.server";
