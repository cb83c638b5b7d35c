// The module's server face: what other modules, routes, scripts and tests may use.
export { EMAILS_PAGE_SIZE, getEmail, listEmails } from "./admin.server";
export { MailLayout, mailStyles, renderMail, type Sender } from "./layout.server";
export {
  type ComposedEmail,
  claimDueEmails,
  composeByKind,
  deliverEmailsDue,
  enqueueEmails,
  MAIL_CLAIM_LEASE_MS,
  MAIL_RETRY_DELAYS_MS,
  originOf,
  type QueuedEmail,
  startMailWorker,
  stopMailWorker,
} from "./outbox.server";
export { getMailSettingsView, saveMailSettings } from "./settings.server";
export type { Email } from "./tables.server";
export { mailDir } from "./transport.server";
