// The module's server face: what other modules, routes, scripts and tests may use.
export { getDashboard } from "./dashboard.server";
export type { DayClose } from "./day-close.server";
export { closeUnits, dayClose, moneyOfTheDay, SEM_UNIDADE } from "./day-close.server";
export { dayCloseCsv, dayCloseFileName, dayCloseXlsx, NAO_FISCAL } from "./day-close-export.server";
