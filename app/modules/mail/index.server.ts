// The module's server face: what other modules, routes, scripts and tests may use.
export { EMAILS_PAGE_SIZE, getEmail, listEmails } from "./admin.server";
export {
  composeEmail,
  declaredEmailKinds,
  defineEmail,
  emailKindLabel,
  mailFor,
  unsubscribeHeaders,
} from "./definitions.server";
export {
  MailButton,
  MailLayout,
  mailStyles,
  renderMail,
  type Sender,
} from "./layout.server";
export {
  type ComposedEmail,
  type Composer,
  claimDueEmails,
  closeMailTransport,
  deliverEmailsDue,
  deliverMail,
  enqueueEmails,
  MAIL_CLAIM_LEASE_MS,
  MAIL_RETRY_DELAYS_MS,
} from "./outbox.server";
export { purgeOldEmailBodies } from "./retention.server";
export { getMailSettingsView, saveMailSettings } from "./settings.server";
export { mailDir } from "./transport.server";
