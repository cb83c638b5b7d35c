// The module's server face: what other modules, routes, scripts and tests may use.
export {
  addBairro,
  deliveryRules,
  listActiveBairros,
  listBairros,
  removeBairro,
  updateBairro,
} from "./bairros.server";
export { cepForCheckout, forgetCepLookups } from "./cep.server";
