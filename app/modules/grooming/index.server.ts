// The module's server face: what other modules, routes, scripts and tests may use.
export { listGroomingOrders, setGroomingStatus } from "./board.server";
export { createGroomingRequest, groomingWebhookPayload, sendGroomingQuote } from "./quotes.server";
export type { PedidoServico } from "./tables.server";
export { pedidosServicos } from "./tables.server";
