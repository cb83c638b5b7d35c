// What every table of signed-in devices holds (accounts' `sessoes` for the staff, customers'
// `sessoes_clientes`): the row's id is the sha256 of the cookie token, then its owner, then
// the device and its lifetime below. Relative imports only: drizzle-kit reads this through
// the tables files.
import { type ExtraConfigColumn, index, text } from "drizzle-orm/pg-core";
import { createdAt, timestamptz } from "./columns.server";

/** The device's browser, and when the session began, was last seen and ends for good. */
export const sessionLifetime = () => ({
  userAgent: text("user_agent"),
  createdAt: createdAt(),
  lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
  expiresAt: timestamptz("expires_at").notNull(),
});

/**
 * A person's sessions (`<table>_<ownerName>_idx`: signing them out everywhere), and the expired
 * ones (the clean-up).
 */
export const sessionIndexes = (
  table: string,
  ownerName: string,
  t: { owner: ExtraConfigColumn; expiresAt: ExtraConfigColumn },
) => [
  index(`${table}_${ownerName}_idx`).on(t.owner),
  index(`${table}_expires_idx`).on(t.expiresAt),
];
