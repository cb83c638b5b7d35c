// The module's server face: what other modules, routes, scripts and tests may use.

export {
  applyCount,
  cancelCount,
  countDifferences,
  countHeader,
  countSheet,
  listCounts,
  openCount,
  recentScans,
  recordScan,
  undoLastScan,
} from "./count.server";
export type { ShortReservation } from "./counter.server";
export { returnCounterSale, sellAtCounter, shortReservations } from "./counter.server";
export { importStockWriter } from "./import-stock.server";
export { receiveStock } from "./receive.server";
export type {
  ReservedLine,
  ShortItem,
  StockLine,
} from "./stock.server";
export {
  moveOrderStock,
  productFormStock,
  reserveStock,
  StockBelowReserved,
  setStockInHand,
  sumLines,
  writeVariantStock,
} from "./stock.server";
export type { StockActor } from "./stock-screen.server";
export {
  adjustStock,
  belowReservedMessage,
  enterStock,
  listStock,
  movementHistory,
  notEnoughToTransfer,
  setMinimum,
  transfer,
} from "./stock-screen.server";
export {
  cancelTransfer,
  listTransfers,
  receiveTransfer,
  transfersToReceive,
} from "./transfers.server";
