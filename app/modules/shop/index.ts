// The module's client-safe face: types, schemas and pure rules that components may use too.
export type { CompanyFacts, CompanySettings } from "./company";
export { companyFacts } from "./company";
export { CONTACT_MESSAGES } from "./contact.schema";
export type { ShopFacts } from "./facts";
export { DEFAULT_SHOP_FACTS, freeDeliveryFrom, withShopFacts } from "./facts";
export { generalSettingsSchema } from "./general-settings.schema";
export {
  PIX_CITY_MAX,
  PIX_NAME_MAX,
  storeSettingsSchema,
  webhookTestSchema,
} from "./store-settings.schema";
export type { Unit } from "./types";
export { UNIT_INVALID, unitSchema } from "./unit.schema";
export type { HorarioDia, PublicUnit } from "./units";
export {
  deliveryWindowChoices,
  openStateAt,
  openStates,
  publicUnit,
  shortHoursText,
  storeHours,
  structuredDataUnit,
  unitAddress,
  unitSells,
  unitsIntro,
  WEEK_ORDER,
  WEEKDAYS,
  weekdayHoursText,
} from "./units";
