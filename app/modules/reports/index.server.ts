// The module's server face: what other modules, routes, scripts and tests may use.
export { getDashboard } from "./dashboard.server";
export { closeUnits, dayClose } from "./day-close.server";
export { dayCloseCsv, dayCloseFileName, dayCloseXlsx } from "./day-close-export.server";
