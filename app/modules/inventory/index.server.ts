// The module's server face: what other modules, routes, scripts and tests may use.

export type {
  OrderMove,
  ReservedLine,
  ShortItem,
  StockChangeResult,
  StockLine,
} from "./stock.server";
export {
  lineName,
  moveOrderStock,
  reserveStock,
  setStockInHand,
  sumLines,
  transferStock,
  writeVariantStock,
} from "./stock.server";
export { estoque, movimentosEstoque } from "./tables.server";
