// The module's testing face: its tables, for tests and scripts that set up or inspect rows
// directly (decision 0063).
export * from "./tables.server";
