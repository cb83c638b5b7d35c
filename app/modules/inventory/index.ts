// The module's client-safe face: types, schemas and pure rules that components may use too.
export {
  adjustStockSchema,
  MOTIVO_MAX,
  minimumSchema,
  parseStockQuery,
  STOCK_MAX,
  stockIntent,
  transferStockSchema,
} from "./stock.schema";
export type * from "./types";
