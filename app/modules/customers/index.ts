// The module's client-safe face: schemas and pure rules that components may use too.
export { addressSchema, MAX_ENDERECOS } from "./address.schema";
