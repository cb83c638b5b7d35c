// The one admin action wrapper (app/platform/admin/action.server.ts): every admin write route
// reads its form, refuses an intent it does not declare and answers the same way, because
// each route declares its intents once on `adminAction` instead of its own preamble.
import { beforeAll, describe, expect, it } from "vitest";
import { action as configuracoes } from "~/routes/admin/configuracoes";
import { action as curriculos } from "~/routes/admin/curriculos";
import { action as emails } from "~/routes/admin/emails";
import { action as estoque } from "~/routes/admin/estoque";
import { action as importar } from "~/routes/admin/importar";
import { action as bairros } from "~/routes/admin/loja/bairros";
import { action as sinonimos } from "~/routes/admin/loja/sinonimos";
import { action as privacidade } from "~/routes/admin/privacidade";
import { action as security } from "~/routes/admin/security";
import { action as servicos } from "~/routes/admin/servicos";
import { action as agenda } from "~/routes/admin/servicos-agenda";
import { action as configuracao } from "~/routes/admin/servicos-configuracao";
import { action as unidades } from "~/routes/admin/unidades";
import { withTestDatabase } from "../setup/db";
import { formRequest } from "../setup/requests";
import { makeAdmin, makeCustomer } from "../support/factories";
import { call } from "../support/routes";

withTestDatabase();

let token: string;
beforeAll(async () => {
  ({ token } = await makeAdmin());
});

const ROUTES = {
  "/admin/configuracoes": configuracoes,
  "/admin/curriculos": curriculos,
  "/admin/emails": emails,
  "/admin/estoque": estoque,
  "/admin/importar": importar,
  "/admin/loja/bairros": bairros,
  "/admin/loja/sinonimos": sinonimos,
  "/admin/privacidade": privacidade,
  "/admin/security": security,
  "/admin/servicos": servicos,
  "/admin/servicos/agenda": agenda,
  "/admin/servicos/configuracao": configuracao,
  "/admin/unidades": unidades,
} as const;

describe("every admin write route stands on the one wrapper", () => {
  it.each(Object.entries(ROUTES))("%s refuses an intent it does not declare", async (path, act) => {
    const { status, data } = await call(
      act as never,
      formRequest(path, { intent: "apagar-tudo" }, { token }),
    );
    expect(status).toBe(400);
    expect(data).toEqual({ ok: false, intent: "apagar-tudo", message: "Ação desconhecida" });
  });

  it.each(Object.entries(ROUTES))("%s lets no one but an admin in", async (path, act) => {
    const { token: customer } = await makeCustomer();
    const refused = await call(
      act as never,
      formRequest(path, { intent: "apagar-tudo" }, { token: customer }),
    );
    expect(refused.response!.headers.get("location")).toBe("/");
  });
});
