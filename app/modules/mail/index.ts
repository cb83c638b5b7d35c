// The module's client-safe face: what components may use too.

export { mailSettingsSchema } from "./settings.schema";
export { EMAIL_STATUS, type StatusEmail } from "./status";
export type { MailSettingsView } from "./types";
