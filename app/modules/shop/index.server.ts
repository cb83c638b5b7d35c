// The module's server face: what other modules, routes, scripts and tests may use.
export { sendContact } from "./contact.server";
export { sentRetentionJob } from "./sent-retention.server";
export type { SecretsOf, Settings } from "./settings.server";
export {
  currentSettings,
  getGeneralSettings,
  getSettings,
  saveGeneralSettings,
  saveSettingsAudited,
  saveStoreSettings,
  secretSettings,
  updateSettings,
  webhookUrlFor,
} from "./settings.server";
export { rememberSiteAddress, siteAddressForLinks } from "./site-address.server";
export type { Unidade } from "./tables.server";
export {
  activeUnits,
  createUnit,
  defaultUnitId,
  getUnit,
  listActiveUnits,
  listUnits,
  shopPasswordWords,
  unitSellsCondition,
  updateUnit,
} from "./units.server";
