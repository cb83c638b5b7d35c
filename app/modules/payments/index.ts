// The module's client-safe face: types, schemas and pure rules that components may use too.

export type { StatusCobranca } from "./cobranca";
export { orderPaymentAfter, pixOnlineStage } from "./cobranca";
export { crc16 } from "./pix";
export {
  CARTAO_PARCELAS_MAX,
  PIX_EXPIRACAO_MAX,
  PIX_EXPIRACAO_MIN,
  paymentSettingsSchema,
} from "./settings.schema";
export type { PixOnlineView } from "./types";
