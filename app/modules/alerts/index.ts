// The module's client-safe face.
export type { Aviso } from "./aviso";
export { avisoPath, avisoText } from "./aviso";
