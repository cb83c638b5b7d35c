// What each /admin/loja/* action can be asked to do (its form's hidden 'intent'), one list per
// route: anything else is answered 'Ação desconhecida'. Each route's switch ends in
// `intent satisfies never`, so an intent added here without its case does not compile.
import { z } from "zod";

export const produtoIntent = z.enum([
  "product-create",
  "product-update",
  "product-toggle",
  "product-delete",
  "category-create",
]);
export const variacaoIntent = z.enum(["variants-save"]);
export const pedidoIntent = z.enum([
  "order-status",
  "payment-status",
  "pix-refund",
  "order-reopen",
]);
export const cupomIntent = z.enum(["coupon-create", "coupon-toggle"]);
export const bairroIntent = z.enum([
  "bairro-create",
  "bairro-fee",
  "bairro-unit",
  "bairro-toggle",
  "bairro-delete",
]);
export const configuracaoIntent = z.enum([
  "settings-save",
  "payment-settings-save",
  "webhook-test",
]);
