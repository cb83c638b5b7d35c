// Types the stock screen's components need from this module, safe in client code (erased at build).
export type {
  CountDifferences,
  CountHeader,
  CountListing,
  ScanLine,
  SheetLine,
} from "./count.server";
export type {
  MovementHistory,
  MovementLine,
  StockFigures,
  StockListing,
  StockRow,
  StockUnit,
} from "./stock-screen.server";
export type { TransferLine, TransferListing } from "./transfers.server";
