// The module's client-safe face: types, schemas and pure rules that components may use too.
export {
  applyCountSchema,
  CODIGO_MAX,
  countIdSchema,
  LEITURA_MAX,
  openCountSchema,
  scanSchema,
} from "./count.schema";
export {
  adjustStockSchema,
  cancelTransferSchema,
  enterStockSchema,
  MOTIVO_MAX,
  minimumSchema,
  parseStockQuery,
  receiveTransferSchema,
  STOCK_MAX,
  stockIntent,
  transferStockSchema,
} from "./stock.schema";
export type * from "./types";
