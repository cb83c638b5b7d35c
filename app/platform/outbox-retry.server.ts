// The one retry schedule of the outboxes (webhooks and e-mails, decision 0003's pattern): a
// failed delivery is tried again after 1 min, 5 min, 30 min, 2 h and 12 h, then given up
// ('falhou') for the staff to see; about 15 hours of an endpoint or mail server being down.
export const OUTBOX_RETRY_DELAYS_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3600_000,
  12 * 3600_000,
];
