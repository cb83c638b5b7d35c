// The module's server face: what other modules, routes, scripts and tests may use.

export type { ShortItem, StockQuantities, TakenUnits } from "./stock.server";
export { quantitiesOf, returnStock, takeReturnedStock, takeStock } from "./stock.server";
