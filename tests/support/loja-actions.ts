// The store hub's resource routes (app/routes/admin/loja/*.ts), posted to as its screens do.
import { expect } from "vitest";
import * as bairros from "~/routes/admin/loja/bairros";
import * as configuracoes from "~/routes/admin/loja/configuracoes";
import * as cupons from "~/routes/admin/loja/cupons";
import * as pedidos from "~/routes/admin/loja/pedidos";
import * as produtos from "~/routes/admin/loja/produtos";
import { formRequest } from "../setup/requests";
import { call } from "./routes";

export const LOJA_ROUTES = { produtos, cupons, pedidos, bairros, configuracoes } as const;
export type LojaRoute = keyof typeof LOJA_ROUTES;

/** A urlencoded POST to /admin/loja/<route>, signed in with `token` when given. */
export function postLoja(route: LojaRoute, fields: Record<string, string>, token?: string) {
  return call(LOJA_ROUTES[route].action, formRequest(`/admin/loja/${route}`, fields, { token }));
}

/** The orders tab's "order-status" change, signed in with `token`. */
export function postOrderStatus(fields: Record<string, string>, token: string) {
  return postLoja("pedidos", { intent: "order-status", ...fields }, token);
}

/**
 * An order handed over (`fields`: its id, "retirado" or "entregue", the pick-up code when one)
 * is refused until it says how it was paid, then goes through with `pagamento`.
 */
export async function handOverAskingPayment(
  fields: Record<string, string>,
  pagamento: { pagamentoMetodo: string; pagamentoValor: string },
  token: string,
) {
  const asked = await postOrderStatus(fields, token);
  expect(asked.data.errors).toEqual({ pagamento: "Informe como o pedido foi pago" });
  const paid = await postOrderStatus({ ...fields, ...pagamento }, token);
  expect(paid.data.ok).toBe(true);
}
