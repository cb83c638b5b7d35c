// The module's client-safe face: types that components may use too.
export type * from "./types";
