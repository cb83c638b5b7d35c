// The module's testing face: its tables, for tests and scripts that set up or inspect rows
// directly. Only tests/ and scripts/ import it (dependency-cruiser: testing-face-for-tests);
// the module's code and other modules go through its server face, which exports functions
// (decision 0063).
export * from "./tables.server";
