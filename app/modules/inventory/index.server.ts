// The module's server face: what other modules, routes, scripts and tests may use.

export type {
  OrderMove,
  ReservedLine,
  ShortItem,
  StockChangeResult,
  StockLine,
} from "./stock.server";
export {
  defaultUnitId,
  lineName,
  moveOrderStock,
  productFormStock,
  reserveStock,
  StockBelowReserved,
  setStockInHand,
  sumLines,
  transferStock,
} from "./stock.server";
export { estoque, movimentosEstoque } from "./tables.server";
