// The module's testing face: its tables, for tests and scripts that set up or inspect rows
// directly. Only tests/ and scripts/ import it (dependency-cruiser: testing-face-for-tests).

export { subscriptionToken } from "./subscriptions.server";
export * from "./tables.server";
