// The module's server face: what other modules, routes, scripts and tests may use.

export { createAlertFeed } from "./feed.server";
export {
  alertStream,
  closeAlertStreams,
  latestAlertId,
  startAlertFeed,
  stopAlertFeed,
} from "./stream.server";
