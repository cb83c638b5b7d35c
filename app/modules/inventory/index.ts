// The module's client-safe face: types, schemas and pure rules that components may use too.
export { availableUnits, isLowStock, LOW_STOCK_THRESHOLD } from "./levels";
