// The module's client-safe face: types, schemas and pure rules that components may use too.

export { cepField, type StreetAddress } from "./address.schema";
export {
  BAIRRO_REQUIRED,
  bairroFeeSchema,
  bairroSchema,
  bairroUnitSchema,
} from "./bairro.schema";
export { CEP_MESSAGES, formatCep } from "./cep";
export type { DeliveryArea, DeliveryRules } from "./fees";
export { BAIRRO_NOT_SERVED, deliveryFee, findServedArea, isFreeDelivery } from "./fees";
