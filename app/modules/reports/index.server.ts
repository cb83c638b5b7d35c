// The module's server face: what other modules, routes, scripts and tests may use.
export { getDashboard } from "./dashboard.server";
