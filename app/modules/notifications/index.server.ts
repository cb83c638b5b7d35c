// The module's server face: what other modules, routes, scripts and tests may use.

export { purgeOldWebhookPayloads } from "./retention.server";
export type { SystemTestResult } from "./system-test.server";
export { systemTestWebhookUrl, testWebhook } from "./system-test.server";
export {
  claimDue,
  deliverDue,
  enqueueWebhook,
  RETRY_DELAYS_MS,
  testStoreWebhook,
} from "./webhooks.server";
