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
  moveOrderStock,
  productFormStock,
  reserveStock,
  StockBelowReserved,
  setStockInHand,
  sumLines,
  transferStock,
  writeVariantStock,
} from "./stock.server";
export type { StockActor } from "./stock-screen.server";
export {
  adjustStock,
  belowReservedMessage,
  listStock,
  movementHistory,
  notEnoughToTransfer,
  setMinimum,
  transfer,
} from "./stock-screen.server";
export { estoque, movimentosEstoque } from "./tables.server";
