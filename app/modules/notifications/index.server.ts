// The module's server face: what other modules, routes, scripts and tests may use.

export type { SystemTestResult } from "./system-test.server";
export { systemTestWebhookUrl, testWebhook } from "./system-test.server";
export {
  claimDue,
  deliverDue,
  enqueueWebhook,
  RETRY_DELAYS_MS,
  startWebhookWorker,
  stopWebhookWorker,
  testStoreWebhook,
} from "./webhooks.server";
