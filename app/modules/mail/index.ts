// The module's client-safe face: what components may use too.
export { EMAIL_STATUS_LABEL, type StatusEmail } from "./status";
